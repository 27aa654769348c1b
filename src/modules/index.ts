import { codeTriesEvents } from '../platform/domain/code-tries.js';
import { idempotencyEvents } from '../platform/commands/idempotency.js';
import { uniquenessEvents, uniquenessPersonalData } from '../platform/commands/uniqueness.js';
import { ModuleCatalog, type ModuleManifest } from '../platform/module.js';
import type { Projection } from '../platform/projections/projection.js';
import { aiModule } from './ai/module.js';
import { analyticsModule } from './analytics/module.js';
import { assignmentsModule } from './assignments/module.js';
import { cartModule } from './cart/module.js';
import { collaborationRequestsModule } from './collaboration-requests/module.js';
import { collaborationSessionsModule } from './collaboration-sessions/module.js';
import { collaboratorsModule } from './collaborators/module.js';
import { complaintsModule } from './complaints/module.js';
import { contactModule } from './contact/module.js';
import { creditsModule } from './credits/module.js';
import { catalogModule } from './catalog/module.js';
import { dataManagementModule } from './data-management/module.js';
import { emailModule } from './email/module.js';
import { favoritesModule } from './favorites/module.js';
import { geocodingModule } from './geocoding/module.js';
import { googlePlacesModule } from './google-places/module.js';
import { historyModule } from './history/module.js';
import { notificationsModule } from './notifications/module.js';
import { ordersModule } from './orders/module.js';
import { paymentsModule } from './payments/module.js';
import { earningsModule } from './earnings/module.js';
import { packagesModule } from './packages/module.js';
import { packageUnlocksModule } from './package-unlocks/module.js';
import { priceComparisonModule } from './price-comparison/module.js';
import { privacyModule } from './privacy/module.js';
import { reservationsModule } from './reservations/module.js';
import { reviewsModule } from './reviews/module.js';
import { searchModule } from './search/module.js';
import { settingsModule } from './settings/module.js';
import { storesModule } from './stores/module.js';
import { tasksModule } from './tasks/module.js';
import { reportsModule } from './reports/module.js';
import { usersModule } from './users/module.js';

/**
 * Every feature of Vicino. The app's routes, the migrations, the projection host's read models, the
 * upkeep's jobs, the history's aggregates and the events' Italian names are all built from this list:
 * adding a feature is its folder (its migrations in its `migrations/`) and one line here
 * (`tests/toy-context.int.test.ts` adds a toy one so).
 */
export const modules: ModuleManifest[] = [
  usersModule,
  settingsModule,
  storesModule,
  catalogModule,
  searchModule,
  geocodingModule,
  googlePlacesModule,
  favoritesModule,
  notificationsModule,
  cartModule,
  ordersModule,
  reservationsModule,
  analyticsModule,
  historyModule,
  dataManagementModule,
  emailModule,
  contactModule,
  paymentsModule,
  earningsModule,
  packagesModule,
  creditsModule,
  aiModule,
  priceComparisonModule,
  collaboratorsModule,
  collaborationRequestsModule,
  packageUnlocksModule,
  assignmentsModule,
  collaborationSessionsModule,
  tasksModule,
  complaintsModule,
  reportsModule,
  reviewsModule,
  privacyModule,
];

/** What a list of modules adds up to, with the events the platform itself writes: the product's is `catalog`. */
export const catalogOf = (list: readonly ModuleManifest[]): ModuleCatalog =>
  new ModuleCatalog(list, { ...uniquenessEvents, ...codeTriesEvents, ...idempotencyEvents }, uniquenessPersonalData);

export const catalog = catalogOf(modules);

/** Every read model of the product; the host runs them and `npm run replay` rebuilds them. */
export const allProjections = catalog.projections;

/** The read model of that name, as the catalog built it (one built from the modules' notices has no export of its own). */
export function readModel(name: string): Projection {
  const projection = allProjections.find((p) => p.name === name);
  if (!projection) throw new Error(`No read model named ${name}`);
  return projection;
}
