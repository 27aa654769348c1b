import type { ReadDb } from '../../platform/db/read.js';
import type { GoogleMapsSettings } from './google-maps-settings.js';
import type { ProjectionHost } from '../../platform/projections/host.js';
import { settingsRowProjection } from '../../platform/projections/settings-row.js';
import { readGoogleMapsSettings } from './queries.js';

/** The `google_maps_settings` read model, key included: only the server reads it whole. */
export const googleMapsSettingsProjection = settingsRowProjection('google-maps-settings', 'Impostazioni di Google Maps', 'google_maps_settings', 'GoogleMapsSettingsUpdated');

/**
 * The settings as every search reads them (its default radius and centre): read once, then kept
 * until the read model changes, in this process or another. The admin's save answers only after
 * that, so the next search follows it.
 */
/** One reader per projection host: the search and the nearby shops share its copy. */
const readers = new WeakMap<ProjectionHost, GoogleMapsSettingsReader>();

export function googleMapsSettingsReader(db: ReadDb, projections: ProjectionHost): GoogleMapsSettingsReader {
  let reader = readers.get(projections);
  if (!reader) readers.set(projections, (reader = new GoogleMapsSettingsReader(db, projections)));
  return reader;
}

export class GoogleMapsSettingsReader {
  private current: Promise<GoogleMapsSettings> | null = null;

  constructor(
    private readonly db: ReadDb,
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
