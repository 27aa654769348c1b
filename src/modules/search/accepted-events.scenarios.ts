// The search module's deciders: its vocabulary's (vocabulary/accepted-events.scenarios.ts).
export { scenarios } from './vocabulary/accepted-events.scenarios.js';
