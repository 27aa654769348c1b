import type { ReadDb } from '../../platform/db/read.js';
import { readSettingsRowOf } from '../../platform/db/settings-row.js';
import type { PublicMapSettings, PublicSiteSettings } from './contract.js';
import { defaultGoogleMapsSettings, type GoogleMapsSettings } from './google-maps-settings.js';
import { defaultOpenAiSettings, type OpenAiSettings } from './openai-settings.js';
import { defaultSiteSettings, type SiteSettings } from './site-settings.js';

export const readSiteSettings = (db: ReadDb): Promise<SiteSettings> => readSettingsRowOf(db, 'site_settings', defaultSiteSettings);

/** Key included: only the server reads it whole. */
export const readGoogleMapsSettings = (db: ReadDb): Promise<GoogleMapsSettings> => readSettingsRowOf(db, 'google_maps_settings', defaultGoogleMapsSettings);

/** Key included: only the server reads it whole. */
export const readOpenAiSettings = (db: ReadDb): Promise<OpenAiSettings> => readSettingsRowOf(db, 'openai_settings', defaultOpenAiSettings);

/** What every visitor's maps and search need from the settings: everything but the key and the switches of Google's services. */
export async function readPublicMapSettings(db: ReadDb): Promise<PublicMapSettings> {
  const { defaultSearchRadius, defaultMapZoom, defaultLatitude, defaultLongitude, useClusteringForMarkers, restrictToBoundary, boundaryCountry, directionsApp } =
    await readGoogleMapsSettings(db);
  return { defaultSearchRadius, defaultMapZoom, defaultLatitude, defaultLongitude, useClusteringForMarkers, restrictToBoundary, boundaryCountry, directionsApp };
}

/** The read models the public settings come from, for caches that must forget them on a change. */
export const publicSiteSettingsSources = ['site-settings', 'google-maps-settings'];

export async function readPublicSiteSettings(db: ReadDb): Promise<PublicSiteSettings> {
  const [site, maps] = await Promise.all([readSiteSettings(db), readPublicMapSettings(db)]);
  return { ...site, maps };
}
