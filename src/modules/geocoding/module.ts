import type { ModuleManifest } from '../../platform/module.js';
import { geocodingRoutes } from './routes.js';

/** Geocoding (issue [22]): typed addresses become places through one port, the offline comuni by default. */
export const geocodingModule: ModuleManifest = {
  name: 'geocoding',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [geocodingRoutes],
  projections: [],
  events: {},
};
