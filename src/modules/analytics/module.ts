import type { ModuleManifest } from '../../platform/module.js';
import { adminAnalyticsRoutes } from './admin-routes.js';
import { adminStatsRoutes } from './admin-stats-routes.js';
import { analyticsOrdersProjection } from './orders-projection.js';
import { shopAnalyticsRoutes } from './shop-routes.js';
import { analyticsStoresProjection } from './stores-projection.js';
import { analyticsUsersProjection } from './users-projection.js';

/** Figures over time for the admin and for each shop, replayable from the log. */
export const analyticsModule: ModuleManifest = {
  name: 'analytics',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [adminStatsRoutes, adminAnalyticsRoutes, shopAnalyticsRoutes],
  projections: [analyticsOrdersProjection, analyticsUsersProjection, analyticsStoresProjection],
};
