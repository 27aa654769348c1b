import type { ModuleManifest } from '../../platform/module.js';
import { searchRoutes } from './routes.js';

/**
 * Finding products and shops by words and distance. It owns no read model: it reads those of the
 * catalog and the stores (their search words and map cells).
 */
export const searchModule: ModuleManifest = {
  name: 'search',
  routes: [searchRoutes],
};
