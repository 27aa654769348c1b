import type { ModuleManifest } from '../../platform/module.js';
import { adminHistoryRoutes } from './routes.js';

/** The admin's audit: any audited record's events in order, and its state as of any of them. */
export const historyModule: ModuleManifest = {
  name: 'history',
  routes: [adminHistoryRoutes],
};
