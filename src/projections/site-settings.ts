import { defaultSiteSettings, type SiteSettings, type SiteSettingsEvent } from '../domain/site-settings/decider.js';
import { byEventType, type Projection } from './projection.js';

/** The `site_settings` read model: one row holding the fields changed from the defaults. */
export const siteSettingsProjection: Projection = {
  name: 'site-settings',
  version: 1,
  tables: ['site_settings'],
  apply: byEventType<SiteSettingsEvent>({
    SiteSettingsUpdated: (event, tx) =>
      tx.query(
        `INSERT INTO site_settings (id, settings) VALUES (1, $1::jsonb)
         ON CONFLICT (id) DO UPDATE SET settings = site_settings.settings || EXCLUDED.settings`,
        [JSON.stringify(event.data.changes)],
      ),
  }),
};

export async function readSiteSettings(db: { query: import('pg').Pool['query'] }): Promise<SiteSettings> {
  const { rows } = await db.query<{ settings: Partial<SiteSettings> }>('SELECT settings FROM site_settings WHERE id = 1');
  return { ...defaultSiteSettings, ...rows[0]?.settings };
}
