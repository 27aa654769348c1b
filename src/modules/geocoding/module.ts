import type { ModuleManifest } from '../../platform/module.js';
import { geocodingRoutes } from './routes.js';

/** Geocoding (issue [22]): typed addresses become places through one port, the offline comuni by default. */
export const geocodingModule: ModuleManifest = {
  name: 'geocoding',
  routes: [geocodingRoutes],
  projections: [],
  events: {},
};
