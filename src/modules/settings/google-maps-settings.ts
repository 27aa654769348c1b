import type { DomainEvent } from '../../platform/domain/decider.js';
import { checkCoordinates, checkInteger, checkRange, MAX_SEARCH_RADIUS_KM } from '../../platform/domain/limits.js';
import { settingsDecider } from '../../platform/domain/settings.js';

export const googleMapsSettingsStreamId = 'google-maps-settings';

/** Spec §3 google_maps_settings. The key is a secret: stored in the events, never shown whole. */
export interface GoogleMapsSettings {
  apiKey: string | null;
  geocodingEnabled: boolean;
  placesEnabled: boolean;
  directionsEnabled: boolean;
  /** Kilometres. */
  defaultSearchRadius: number;
  defaultMapZoom: number;
  useClusteringForMarkers: boolean;
  defaultLatitude: number;
  defaultLongitude: number;
  restrictToBoundary: boolean;
  /** ISO 3166-1 alpha-2. */
  boundaryCountry: string;
}

/** Spec §3 defaults (Rome, 10 km, zoom 12, Italy); the spec leaves the switches to us. */
export const defaultGoogleMapsSettings: GoogleMapsSettings = {
  apiKey: null,
  geocodingEnabled: true,
  placesEnabled: true,
  directionsEnabled: false,
  defaultSearchRadius: 10,
  defaultMapZoom: 12,
  useClusteringForMarkers: true,
  defaultLatitude: 41.9028,
  defaultLongitude: 12.4964,
  restrictToBoundary: true,
  boundaryCountry: 'IT',
};

export type GoogleMapsSettingsCommand = { type: 'UpdateGoogleMapsSettings'; changes: Partial<GoogleMapsSettings> };
export type GoogleMapsSettingsEvent = DomainEvent<'GoogleMapsSettingsUpdated', { changes: Partial<GoogleMapsSettings> }>;

export const googleMapsSettingsDecider = settingsDecider({
  command: 'UpdateGoogleMapsSettings',
  event: 'GoogleMapsSettingsUpdated',
  defaults: defaultGoogleMapsSettings,
  check: ({ defaultSearchRadius, defaultMapZoom, defaultLatitude, defaultLongitude }, _next, state) => {
    // The map and the search use these: within what they can use (limits.ts).
    if (defaultSearchRadius !== undefined) checkRange('defaultSearchRadius', 'Raggio di ricerca predefinito (km)', defaultSearchRadius, { min: 1, max: MAX_SEARCH_RADIUS_KM });
    if (defaultMapZoom !== undefined) checkInteger('defaultMapZoom', 'Zoom predefinito della mappa', defaultMapZoom, { min: 1, max: 20 });
    if (defaultLatitude !== undefined || defaultLongitude !== undefined) {
      checkCoordinates(defaultLatitude ?? state.defaultLatitude, defaultLongitude ?? state.defaultLongitude, { latitude: 'defaultLatitude', longitude: 'defaultLongitude' });
    }
  },
});
