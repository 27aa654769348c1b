import type { ModuleManifest } from '../../platform/module.js';
import { earningsProjection } from './projection.js';
import { earningsRoutes } from './routes.js';

/**
 * Each shop's takings (issue [20]): the orders paid online to the shop's own account as a ledger of
 * sales and refunds (gross, the platform's commission, the shop's part), built from the payments'
 * events, and the shopkeeper's «Incassi». It owns no events: the payments' are its facts.
 */
export const earningsModule: ModuleManifest = {
  name: 'earnings',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [earningsRoutes],
  projections: [earningsProjection],
};
