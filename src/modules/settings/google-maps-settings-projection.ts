import type pg from 'pg';
import { defaultGoogleMapsSettings, type GoogleMapsSettings } from './google-maps-settings.js';
import type { ProjectionHost } from '../../platform/projections/host.js';
import { readSettingsRow, settingsRowProjection } from '../../platform/projections/settings-row.js';

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

/**
 * The settings as every search reads them (its default radius and centre): read once, then kept
 * until the read model changes, in this process or another. The admin's save answers only after
 * that, so the next search follows it.
 */
/** One reader per projection host: the search and the nearby shops share its copy. */
const readers = new WeakMap<ProjectionHost, GoogleMapsSettingsReader>();

export function googleMapsSettingsReader(db: Pick<pg.Pool, 'query'>, projections: ProjectionHost): GoogleMapsSettingsReader {
  let reader = readers.get(projections);
  if (!reader) readers.set(projections, (reader = new GoogleMapsSettingsReader(db, projections)));
  return reader;
}

export class GoogleMapsSettingsReader {
  private current: Promise<GoogleMapsSettings> | null = null;

  constructor(
    private readonly db: Pick<pg.Pool, 'query'>,
    projections: ProjectionHost,
  ) {
    projections.onReadModelChanged((name) => {
      if (name === googleMapsSettingsProjection.name) this.current = null;
    });
  }

  read(): Promise<GoogleMapsSettings> {
    if (!this.current) {
      const reading = readGoogleMapsSettings(this.db);
      this.current = reading;
      // A failed read is not kept: the next search tries again.
      reading.catch(() => {
        if (this.current === reading) this.current = null;
      });
    }
    return this.current;
  }
}
