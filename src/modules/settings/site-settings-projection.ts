import type pg from 'pg';
import { defaultSiteSettings, type SiteSettings } from './site-settings.js';
import { readSettingsRow } from '../../platform/db/settings-row.js';
import { settingsRowProjection } from '../../platform/projections/settings-row.js';

/** The `site_settings` read model: one row holding the fields changed from the defaults. */
export const siteSettingsProjection = settingsRowProjection('site-settings', 'Impostazioni del sito', 'site_settings', 'SiteSettingsUpdated');

/** For registration, which the seed runs with the pool alone (the routes read through queries.ts). */
export const readSiteSettingsFromPool = (db: Pick<pg.Pool, 'query'>): Promise<SiteSettings> => readSettingsRow(db, 'site_settings', defaultSiteSettings);
