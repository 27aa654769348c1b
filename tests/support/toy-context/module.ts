import type { ModuleManifest } from '../../../src/platform/module.js';
import { tallyProjection } from './projection.js';
import { tallyRoutes } from './routes.js';
import { tallyDecider, tallyStreamId } from './tally.js';

/** The toy context: tallies counted up to ten (tests/toy-context.int.test.ts). */
export const toyModule: ModuleManifest = {
  name: 'toy',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [tallyRoutes],
  projections: [tallyProjection],
  events: { ToyTallyCounted: 'Contatore giocattolo contato' },
  audited: { 'toy-tally': { stream: tallyStreamId, decider: tallyDecider } },
};
