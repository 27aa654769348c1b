import type { ModuleManifest } from '../../platform/module.js';
import { adminDataRoutes } from './routes.js';

/** The admin's view of the log and the read models: activity, export, rebuilds. */
export const dataManagementModule: ModuleManifest = {
  name: 'data-management',
  routes: [adminDataRoutes],
};
