import type pg from 'pg';
import { defaultSiteSettings, type SiteSettings } from './site-settings.js';
import { readPublicMapSettings, type PublicMapSettings } from './google-maps-settings-projection.js';
import { readSettingsRow, settingsRowProjection } from '../../platform/projections/settings-row.js';

/** The `site_settings` read model: one row holding the fields changed from the defaults. */
export const siteSettingsProjection = settingsRowProjection('site-settings', 'site_settings', 'SiteSettingsUpdated');

export const readSiteSettings = (db: Pick<pg.Pool, 'query'>): Promise<SiteSettings> =>
  readSettingsRow(db, 'site_settings', defaultSiteSettings);

/** What every visitor reads (GET /api/site-settings, and the same JSON in each page): the site settings and the maps' defaults. */
export type PublicSiteSettings = SiteSettings & { maps: PublicMapSettings };

/** The read models the public settings come from, for caches that must forget them on a change. */
export const publicSiteSettingsSources = ['site-settings', 'google-maps-settings'];

export async function readPublicSiteSettings(db: Pick<pg.Pool, 'query'>): Promise<PublicSiteSettings> {
  const [site, maps] = await Promise.all([readSiteSettings(db), readPublicMapSettings(db)]);
  return { ...site, maps };
}
