import type { ModuleManifest } from '../../platform/module.js';
import { priceComparisonRoutes } from './routes.js';

/**
 * Price comparison (issue [11]): a product of the shared catalogue against the same product in the
 * shops around, for shopkeepers whose plan includes it and customers who have it. It reads the
 * catalogue's, the users' and the packages' read models and the plans' own streams; it owns no data.
 */
export const priceComparisonModule: ModuleManifest = {
  name: 'price-comparison',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [priceComparisonRoutes],
};
