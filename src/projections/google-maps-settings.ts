import type pg from 'pg';
import { defaultGoogleMapsSettings, type GoogleMapsSettings } from '../domain/google-maps-settings/decider.js';
import { readSettingsRow, settingsRowProjection } from './settings-row.js';

/** The `google_maps_settings` read model, key included: only the server reads it whole. */
export const googleMapsSettingsProjection = settingsRowProjection('google-maps-settings', 'google_maps_settings', 'GoogleMapsSettingsUpdated');

export const readGoogleMapsSettings = (db: Pick<pg.Pool, 'query'>): Promise<GoogleMapsSettings> =>
  readSettingsRow(db, 'google_maps_settings', defaultGoogleMapsSettings);

/** What every visitor's maps and search need from the settings: everything but the key and the switches of Google's services. */
export type PublicMapSettings = Pick<
  GoogleMapsSettings,
  'defaultSearchRadius' | 'defaultMapZoom' | 'defaultLatitude' | 'defaultLongitude' | 'useClusteringForMarkers' | 'restrictToBoundary' | 'boundaryCountry'
>;

export async function readPublicMapSettings(db: Pick<pg.Pool, 'query'>): Promise<PublicMapSettings> {
  const { defaultSearchRadius, defaultMapZoom, defaultLatitude, defaultLongitude, useClusteringForMarkers, restrictToBoundary, boundaryCountry } =
    await readGoogleMapsSettings(db);
  return { defaultSearchRadius, defaultMapZoom, defaultLatitude, defaultLongitude, useClusteringForMarkers, restrictToBoundary, boundaryCountry };
}
