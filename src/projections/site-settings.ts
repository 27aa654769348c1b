import type pg from 'pg';
import { defaultSiteSettings, type SiteSettings } from '../domain/site-settings/decider.js';
import { readSettingsRow, settingsRowProjection } from './settings-row.js';

/** The `site_settings` read model: one row holding the fields changed from the defaults. */
export const siteSettingsProjection = settingsRowProjection('site-settings', 'site_settings', 'SiteSettingsUpdated');

export const readSiteSettings = (db: Pick<pg.Pool, 'query'>): Promise<SiteSettings> =>
  readSettingsRow(db, 'site_settings', defaultSiteSettings);
