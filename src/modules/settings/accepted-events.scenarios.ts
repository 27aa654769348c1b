import { scenario } from '../../platform/testing/accepted-events.js';
import { googleMapsSettingsDecider, googleMapsSettingsStreamId, type GoogleMapsSettingsCommand } from './google-maps-settings.js';
import { openAiSettingsDecider, openAiSettingsStreamId, type OpenAiSettingsCommand } from './openai-settings.js';
import { siteSettingsDecider, siteSettingsStreamId, type SiteSettingsCommand } from './site-settings.js';

export const scenarios = [
  scenario<SiteSettingsCommand>(
    'site settings',
    siteSettingsStreamId,
    siteSettingsDecider,
    [],
    [
      {
        type: 'UpdateSiteSettings',
        changes: { siteName: 'Vicino Milano', footerText: '© Vicino', maintenanceMode: true, socialLinks: { instagram: 'https://instagram.com/vicino' } },
      },
    ],
  ),
  scenario<GoogleMapsSettingsCommand>(
    'map settings',
    googleMapsSettingsStreamId,
    googleMapsSettingsDecider,
    [],
    [{ type: 'UpdateGoogleMapsSettings', changes: { defaultSearchRadius: 15, defaultMapZoom: 13, defaultLatitude: 45.4642, defaultLongitude: 9.19, apiKey: 'AIzaProva' } }],
  ),
  scenario<OpenAiSettingsCommand>(
    'OpenAI settings',
    openAiSettingsStreamId,
    openAiSettingsDecider,
    [],
    [
      { type: 'UpdateOpenAiSettings', changes: { isEnabled: true, maxTokens: 800, temperature: 0.7, monthlyBudgetUsd: 50, model: 'gpt-4o-mini' } },
      // Switched on with its key: without one OpenAI's own server is refused.
      { type: 'UpdateOpenAiSettings', changes: { isEnabled: true, apiKey: 'sk-prova', maxTokens: 800, monthlyBudgetUsd: 50 } },
    ],
  ),
];
