import SettingsIcon from '@mui/icons-material/Settings';
import type { Feature } from '../../app/feature';

/* The settings are edited in the back office (site-settings/admin) only. */
export const siteSettingsFeature: Feature = {
  name: 'site-settings',
  backOffice: [{ place: 60, to: '/admin/site-settings', label: 'Impostazioni del sito', icon: SettingsIcon }],
};
