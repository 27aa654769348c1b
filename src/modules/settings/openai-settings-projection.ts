import { settingsRowProjection } from '../../platform/projections/settings-row.js';

/** The `openai_settings` read model, key included: only the server reads it whole. */
export const openAiSettingsProjection = settingsRowProjection('openai-settings', 'Impostazioni di OpenAI', 'openai_settings', 'OpenAiSettingsUpdated');
