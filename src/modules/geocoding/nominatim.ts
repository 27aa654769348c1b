import type { GeocodedPlace, PlacePrecision } from './contract.js';
import { addressLabel } from './address-label.js';
import { offlineProvider } from './offline.js';
import type { GeocodingProvider } from './providers.js';

/** One place of a Nominatim answer (format=jsonv2, addressdetails=1), as far as Vicino reads it. */
interface NominatimPlace {
  lat: string;
  lon: string;
  display_name: string;
  addresstype?: string;
  name?: string;
  address?: Record<string, string | undefined>;
}

/** What kind of place Nominatim found, as precise as Vicino says it. */
function precisionOf(place: NominatimPlace): PlacePrecision {
  const kind = place.addresstype ?? '';
  if (place.address?.house_number || ['house', 'building', 'amenity', 'shop'].includes(kind)) return 'address';
  if (['road', 'street', 'pedestrian'].includes(kind)) return 'street';
  if (['suburb', 'quarter', 'neighbourhood', 'hamlet', 'isolated_dwelling', 'city_district', 'borough'].includes(kind)) return 'locality';
  if (kind === 'postcode') return 'postcode';
  return 'comune';
}

/** Nominatim's place as every provider answers it: its address read the Italian way («Via Roma 3, 47521 Cesena (FC)»). */
export function nominatimPlace(place: NominatimPlace): GeocodedPlace {
  const a = place.address ?? {};
  const comune = a.city ?? a.town ?? a.village ?? a.municipality ?? null;
  const sigla = /^IT-([A-Z]{2})$/.exec(a['ISO3166-2-lvl6'] ?? '')?.[1] ?? null;
  const street = [a.road ?? a.pedestrian, a.house_number].filter(Boolean).join(' ');
  const district = a.suburb ?? a.quarter ?? a.neighbourhood ?? null;
  return {
    label: addressLabel({ street, district, postcode: a.postcode ?? null, comune, sigla }, place.display_name),
    latitude: Number(place.lat),
    longitude: Number(place.lon),
    precision: precisionOf(place),
    comune,
    sigla,
    region: a.state ?? null,
    postcode: a.postcode ?? null,
    istat: null,
    placeId: null,
    source: 'nominatim',
  };
}

/** The public server's address: its policy allows one request a second, and no suggestions while typing. */
const publicServer = /^https?:\/\/nominatim\.openstreetmap\.org/i;

/**
 * Requests spaced `gapMs` apart in this process, in the order asked: the public Nominatim's «an
 * absolute maximum of 1 request per second». One waiting longer than `maxWaitMs` is refused at
 * once instead (the offline comuni answer it), so that typing never queues behind a crowd.
 */
export class Spacing {
  private next = 0;
  constructor(
    private readonly gapMs: number,
    private readonly maxWaitMs: number,
    // A monotonic clock: the wall clock set back or forward (or a test moving it) never blocks the requests.
    private readonly now: () => number = () => performance.now(),
  ) {}

  async slot(): Promise<void> {
    const at = Math.max(this.now(), this.next);
    const wait = at - this.now();
    if (wait > this.maxWaitMs) throw new Error('geocoding: too many requests waiting');
    this.next = at + this.gapMs;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

const spacings = new Map<string, Spacing>();

/**
 * A Nominatim-compatible server at `baseUrl` (the admin's: self-hosted, or the public one within its
 * usage policy): a real User-Agent naming Vicino, Italian names, the country the admin restricts to,
 * one request a second on the public server. Suggestions while typing are the offline comuni's:
 * the public server forbids autocomplete, and a self-hosted one is asked on Invio as well.
 */
export function nominatimProvider({ baseUrl, country, contact }: { baseUrl: string; country: string | null; contact: string }): GeocodingProvider {
  const base = baseUrl.replace(/\/+$/, '');
  const isPublic = publicServer.test(base);
  let spacing = spacings.get(base);
  if (!spacing) spacings.set(base, (spacing = new Spacing(isPublic ? 1000 : 100, 2000)));
  const headers = { 'User-Agent': `Vicino/1.0 (marketplace di negozi locali; ${contact})`, Accept: 'application/json', 'Accept-Language': 'it' };
  const ask = async <T>(path: string, params: Record<string, string>, signal: AbortSignal): Promise<T> => {
    await spacing.slot();
    const query = new URLSearchParams({ format: 'jsonv2', addressdetails: '1', 'accept-language': 'it', ...params });
    const response = await fetch(`${base}${path}?${query}`, { headers, signal });
    if (!response.ok) throw new Error(`nominatim answered ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    source: 'nominatim',
    name: 'Il server Nominatim',
    search: async (text, limit, signal) => {
      const found = await ask<NominatimPlace[]>('/search', { q: text, limit: String(limit), ...(country ? { countrycodes: country.toLowerCase() } : {}) }, signal);
      if (!Array.isArray(found)) throw new Error('nominatim: not a list');
      return found.map(nominatimPlace);
    },
    suggest: offlineProvider.suggest,
    reverse: async (latitude, longitude, signal) => {
      const found = await ask<NominatimPlace & { error?: string }>('/reverse', { lat: String(latitude), lon: String(longitude), zoom: '16' }, signal);
      if (found.error || !found.lat) return null;
      const place = nominatimPlace(found);
      const a = found.address ?? {};
      const district = a.suburb ?? a.quarter ?? a.neighbourhood ?? null;
      return { place, name: [place.comune, district].filter(Boolean).join(', ') || place.label };
    },
  };
}
