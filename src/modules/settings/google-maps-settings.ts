import type { DomainEvent } from '../../platform/domain/decider.js';
import { checkCoordinates, checkInteger, checkRange, MAX_SEARCH_RADIUS_KM } from '../../platform/domain/limits.js';
import { settingsDecider } from '../../platform/domain/settings.js';
import { DomainError } from '../../platform/domain/errors.js';

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
  /**
   * Who turns typed addresses into places (issue [22]): the offline comuni (the default, no service),
   * Google (with the key and `geocodingEnabled`), or the Nominatim-compatible server at `nominatimUrl`.
   * Whichever fails, the offline comuni answer.
   */
  geocodingProvider: GeocodingProvider;
  /** The address of a server with Nominatim's API (self-hosted, or the public one within its policy); '' for none. */
  nominatimUrl: string;
  /** Where the shop page and the pickup card send for directions. */
  directionsApp: DirectionsApp;
}

export const geocodingProviders = ['offline', 'google', 'nominatim'] as const;
export type GeocodingProvider = (typeof geocodingProviders)[number];
export const directionsApps = ['openstreetmap', 'google'] as const;
export type DirectionsApp = (typeof directionsApps)[number];

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
  geocodingProvider: 'offline',
  nominatimUrl: '',
  directionsApp: 'openstreetmap',
};

export type GoogleMapsSettingsCommand = { type: 'UpdateGoogleMapsSettings'; changes: Partial<GoogleMapsSettings> };
export type GoogleMapsSettingsEvent = DomainEvent<'GoogleMapsSettingsUpdated', { changes: Partial<GoogleMapsSettings> }>;

export const googleMapsSettingsDecider = settingsDecider({
  command: 'UpdateGoogleMapsSettings',
  event: 'GoogleMapsSettingsUpdated',
  defaults: defaultGoogleMapsSettings,
  check: ({ defaultSearchRadius, defaultMapZoom, defaultLatitude, defaultLongitude }, next, state) => {
    // Nominatim chosen needs its server's address: a provider with nowhere to ask is no choice.
    if (next.geocodingProvider === 'nominatim' && next.nominatimUrl.trim() === '') {
      const message = 'Geocodifica con Nominatim: scrivi l’indirizzo del server (es. https://nominatim.openstreetmap.org).';
      throw new DomainError(message, 'rule', { nominatimUrl: message });
    }
    // The map and the search use these: within what they can use (limits.ts).
    if (defaultSearchRadius !== undefined) checkRange('defaultSearchRadius', 'Raggio di ricerca predefinito (km)', defaultSearchRadius, { min: 1, max: MAX_SEARCH_RADIUS_KM });
    if (defaultMapZoom !== undefined) checkInteger('defaultMapZoom', 'Zoom predefinito della mappa', defaultMapZoom, { min: 1, max: 20 });
    if (defaultLatitude !== undefined || defaultLongitude !== undefined) {
      checkCoordinates(defaultLatitude ?? state.defaultLatitude, defaultLongitude ?? state.defaultLongitude, { latitude: 'defaultLatitude', longitude: 'defaultLongitude' });
    }
  },
});
