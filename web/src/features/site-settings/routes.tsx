import type { FeatureRoutes } from '../../app/feature';

/* The settings are edited in the back office (site-settings/admin) only. */
export const siteSettingsRoutes: FeatureRoutes = {
  backOffice: [{ place: 60, to: '/admin/site-settings', label: 'Impostazioni del sito', icon: 'settings' }],
};
