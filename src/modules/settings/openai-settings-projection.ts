import type pg from 'pg';
import { defaultOpenAiSettings, type OpenAiSettings } from './openai-settings.js';
import { readSettingsRow, settingsRowProjection } from '../../platform/projections/settings-row.js';

/** The `openai_settings` read model, key included: only the server reads it whole. */
export const openAiSettingsProjection = settingsRowProjection('openai-settings', 'openai_settings', 'OpenAiSettingsUpdated');

export const readOpenAiSettings = (db: Pick<pg.Pool, 'query'>): Promise<OpenAiSettings> =>
  readSettingsRow(db, 'openai_settings', defaultOpenAiSettings);
