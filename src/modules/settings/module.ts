import type { ModuleManifest } from '../../platform/module.js';
import { registerMaintenanceMode } from './maintenance-plugin.js';
import { siteSettingsHead } from './page-head.js';
import { googleMapsSettingsDecider, googleMapsSettingsStreamId } from './google-maps-settings.js';
import { googleMapsSettingsProjection } from './google-maps-settings-projection.js';
import { googleMapsSettingsRoutes } from './google-maps-settings-routes.js';
import { openAiSettingsDecider, openAiSettingsStreamId } from './openai-settings.js';
import { openAiSettingsProjection } from './openai-settings-projection.js';
import { openAiSettingsRoutes } from './openai-settings-routes.js';
import { siteSettingsDecider, siteSettingsStreamId } from './site-settings.js';
import { siteSettingsProjection } from './site-settings-projection.js';
import { siteSettingsRoutes } from './site-settings-routes.js';
import { settingsPersonalData } from './personal-data.js';

/** The platform's settings the admin keeps: the site, Google Maps, OpenAI. */
export const settingsModule: ModuleManifest = {
  name: 'settings',
  migrations: new URL('./migrations/', import.meta.url),
  hooks: [registerMaintenanceMode],
  pageHead: siteSettingsHead,
  routes: [siteSettingsRoutes, googleMapsSettingsRoutes, openAiSettingsRoutes],
  projections: [siteSettingsProjection, googleMapsSettingsProjection, openAiSettingsProjection],
  events: {
    SiteSettingsUpdated: 'Impostazioni del sito modificate',
    GoogleMapsSettingsUpdated: 'Impostazioni di Google Maps modificate',
    OpenAiSettingsUpdated: 'Impostazioni di OpenAI modificate',
  },
  personalData: settingsPersonalData,
  audited: {
    'site-settings': { stream: () => siteSettingsStreamId, decider: () => siteSettingsDecider, singleton: true },
    'google-maps-settings': { stream: () => googleMapsSettingsStreamId, decider: () => googleMapsSettingsDecider, singleton: true },
    'openai-settings': { stream: () => openAiSettingsStreamId, decider: () => openAiSettingsDecider, singleton: true },
  },
};
