import { Client, type GeocodeResult, type Language } from '@googlemaps/google-maps-services-js';
import { PlacesClient } from '@googlemaps/places';
import type { GeocodedPlace, PlacePrecision } from './contract.js';
import type { GeocodingProvider } from './providers.js';
import { Spacing } from './nominatim.js';
import { addressLabel } from './address-label.js';

/**
 * Google behind the geocoding port (issue [22]), through Google's official clients: the Geocoding
 * API (@googlemaps/google-maps-services-js) for typed addresses and points, Places API (New)
 * (@googlemaps/places) for the suggestions while typing and a suggestion's place. Each call asks
 * only the fields used (Places' field masks: what is paid for), in Italian, within the admin's
 * country. `baseUrl` (GOOGLE_MAPS_API_URL) points both at another server: a test's loopback one.
 */
export interface GoogleEndpoint {
  baseUrl?: string;
}

/** What Vicino reads of a place, in either API's shape: its components by type. */
interface Components {
  get(type: string, short?: boolean): string | null;
}

const componentsOf = (list: readonly { types: readonly string[]; long: string; short: string }[]): Components => ({
  get: (type, short = false) => {
    const found = list.find((c) => c.types.includes(type));
    return found ? (short ? found.short : found.long) : null;
  },
});

function precisionOf(types: readonly string[]): PlacePrecision {
  if (types.some((t) => ['street_address', 'premise', 'subpremise', 'establishment', 'point_of_interest'].includes(t))) return 'address';
  if (types.includes('route')) return 'street';
  if (types.some((t) => t.startsWith('sublocality') || t === 'neighborhood')) return 'locality';
  if (types.includes('postal_code')) return 'postcode';
  return 'comune';
}

/** A Google place as every provider answers it, its address read the Italian way. */
function placeOf(c: Components, types: readonly string[], latitude: number, longitude: number, formatted: string, placeId: string | null): GeocodedPlace {
  const comune = c.get('locality') ?? c.get('administrative_area_level_3');
  // The province's short name is its sigla in Italy («RM»); elsewhere it is none.
  const short = c.get('administrative_area_level_2', true);
  const sigla = short && /^[A-Z]{2}$/.test(short) ? short : null;
  const postcode = c.get('postal_code');
  const street = [c.get('route'), c.get('street_number')].filter(Boolean).join(' ');
  const district = c.get('sublocality') ?? c.get('sublocality_level_1') ?? c.get('neighborhood');
  return {
    label: addressLabel({ street, district, postcode, comune, sigla }, formatted),
    latitude,
    longitude,
    precision: precisionOf(types),
    comune,
    sigla,
    region: c.get('administrative_area_level_1'),
    postcode,
    istat: null,
    placeId,
    source: 'google',
  };
}

const geocodingPlace = (result: GeocodeResult): GeocodedPlace =>
  placeOf(
    componentsOf(result.address_components.map((a) => ({ types: a.types, long: a.long_name, short: a.short_name }))),
    result.types,
    result.geometry.location.lat,
    result.geometry.location.lng,
    result.formatted_address,
    result.place_id,
  );

/** The Places (New) fields a suggestion's place needs: the rest is not asked, nor paid for. */
const placeFields = 'id,formattedAddress,location,addressComponents,types';

export function googleProvider({ apiKey, country, endpoint = {} }: { apiKey: string; country: string | null; endpoint?: GoogleEndpoint }): GeocodingProvider & {
  place(placeId: string, session: string | null, signal: AbortSignal): Promise<GeocodedPlace | null>;
} {
  const base = endpoint.baseUrl?.replace(/\/+$/, '');
  const maps = new Client({});
  const url = (path: string) => (base ? { url: `${base}${path}` } : {});
  const places = placesClient(apiKey, base);
  const region = country?.toLowerCase();
  // At most 50 calls a second from this process (Google's default quota is 3,000 a minute): a burst
  // of typing past it is answered offline instead of queued.
  const spacing = googleSpacing;
  const paced = <T>(ask: () => Promise<T>): Promise<T> => spacing.slot().then(ask);
  const answered = (status: string) => {
    // ZERO_RESULTS is an answer (nothing there); any other status is Google failing to answer.
    if (status !== 'OK' && status !== 'ZERO_RESULTS') throw new Error(`google geocoding: ${status}`);
  };
  return {
    source: 'google',
    name: 'Google',
    search: async (text, limit, signal) => {
      const { data } = await paced(() =>
        maps.geocode({
          params: { address: text, key: apiKey, language: 'it', ...(region ? { region, components: { country: region.toUpperCase() } } : {}) },
          signal,
          ...url('/maps/api/geocode/json'),
        }),
      );
      answered(data.status);
      return data.results.slice(0, limit).map(geocodingPlace);
    },
    suggest: async (text, limit, signal, session) => {
      const [answer] = await paced(() =>
        places.autocompletePlaces(
          { input: text, languageCode: 'it', ...(region ? { includedRegionCodes: [region] } : {}), ...(session ? { sessionToken: session } : {}) },
          { otherArgs: { headers: { 'X-Goog-FieldMask': 'suggestions.placePrediction.placeId,suggestions.placePrediction.text' } }, timeout: remaining(signal) },
        ),
      );
      return (answer.suggestions ?? [])
        .flatMap((s) => (s.placePrediction?.placeId && s.placePrediction.text?.text ? [{ text: s.placePrediction.text.text, placeId: s.placePrediction.placeId }] : []))
        .slice(0, limit)
        .map(({ text, placeId }) => ({ text, place: null, placeId }));
    },
    reverse: async (latitude, longitude, signal) => {
      const { data } = await paced(() =>
        maps.reverseGeocode({
          params: { latlng: { lat: latitude, lng: longitude }, key: apiKey, language: 'it' as Language },
          signal,
          ...url('/maps/api/geocode/json'),
        }),
      );
      answered(data.status);
      const first = data.results[0];
      if (!first) return null;
      const place = geocodingPlace(first);
      const district = componentsOf(first.address_components.map((a) => ({ types: a.types, long: a.long_name, short: a.short_name }))).get('sublocality');
      return { place, name: [place.comune, district].filter(Boolean).join(', ') || place.label };
    },
    place: async (placeId, session, signal) => {
      const [found] = await paced(() =>
        places.getPlace(
          { name: `places/${placeId}`, languageCode: 'it', ...(session ? { sessionToken: session } : {}) },
          { otherArgs: { headers: { 'X-Goog-FieldMask': placeFields } }, timeout: remaining(signal) },
        ),
      );
      if (!found.location?.latitude || !found.location.longitude) return null;
      const c = componentsOf((found.addressComponents ?? []).map((a) => ({ types: a.types ?? [], long: a.longText ?? '', short: a.shortText ?? '' })));
      return placeOf(c, found.types ?? [], found.location.latitude, found.location.longitude, found.formattedAddress ?? '', found.id ?? placeId);
    },
  };
}

/** What is left of a call's time for a client that takes a timeout, not a signal. */
const remaining = (signal: AbortSignal): number => (signal.aborted ? 1 : 3000);

const placesClients = new Map<string, PlacesClient>();
const googleSpacing = new Spacing(20, 2000);

/** One Places client per key and server (its HTTP/1 REST mode: no gRPC), reused across requests. */
export function placesClient(apiKey: string, base: string | undefined): PlacesClient {
  const id = `${apiKey}|${base ?? ''}`;
  let client = placesClients.get(id);
  if (!client) {
    const target = base ? new URL(base) : null;
    client = new PlacesClient({
      apiKey,
      fallback: true,
      ...(target ? { apiEndpoint: target.hostname, port: Number(target.port) || (target.protocol === 'http:' ? 80 : 443), protocol: target.protocol.replace(':', '') } : {}),
    });
    placesClients.set(id, client);
  }
  return client;
}
