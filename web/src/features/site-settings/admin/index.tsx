import type { FeatureAdmin } from '../../../app/feature';
import { GoogleMapsSettingsPage } from './GoogleMapsSettingsPage';
import { MobileApiSettingsPage } from './MobileApiSettingsPage';
import { OpenAiSettingsPage } from './OpenAiSettingsPage';
import { SiteSettingsPage } from './SiteSettingsPage';
import { messages } from './messages';
import MapIcon from '@mui/icons-material/Map';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import PsychologyIcon from '@mui/icons-material/Psychology';
import SettingsIcon from '@mui/icons-material/Settings';

export const admin: FeatureAdmin = {
  pages: [
    { path: '/site-settings', page: SiteSettingsPage, menu: { place: 10, label: 'Impostazioni del sito', icon: <SettingsIcon /> } },
    { path: '/google-maps-settings', page: GoogleMapsSettingsPage, menu: { place: 20, label: 'Google Maps', icon: <MapIcon /> } },
    { path: '/openai-settings', page: OpenAiSettingsPage, menu: { place: 30, label: 'OpenAI', icon: <PsychologyIcon /> } },
    { path: '/mobile-api-settings', page: MobileApiSettingsPage, menu: { place: 40, label: 'API per le app', icon: <PhoneIphoneIcon /> } },
  ],
  messages,
};
