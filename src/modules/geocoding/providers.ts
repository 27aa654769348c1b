import type { GoogleMapsSettings } from '../settings/google-maps-settings.js';
import type { GeocodingCache } from './cache.js';
import type { GeocodedPlace, GeocodingSource, PlaceSuggestion } from './contract.js';
import { googleProvider, type GoogleEndpoint } from './google.js';
import { nominatimProvider } from './nominatim.js';
import { siteUrl } from '../email/links.js';
import { offlineProvider } from './offline.js';

/** One geocoding service behind the port (issue [22]): the offline comuni, Google, a Nominatim server. */
export interface GeocodingProvider {
  source: GeocodingSource;
  /** Its name in the notices: «Google», «il server Nominatim». */
  name: string;
  search(text: string, limit: number, signal: AbortSignal): Promise<GeocodedPlace[]>;
  /** `session`: the typing session a provider bills by (Google's session token). */
  suggest(text: string, limit: number, signal: AbortSignal, session?: string | null): Promise<PlaceSuggestion[]>;
  reverse(latitude: number, longitude: number, signal: AbortSignal): Promise<{ place: GeocodedPlace; name: string } | null>;
  /** The place of one of its suggestions (Google's: they come without a position). */
  place?(placeId: string, session: string | null, signal: AbortSignal): Promise<GeocodedPlace | null>;
}

/** How long a provider may take before the next one answers. */
export const providerTimeoutMs = 3000;

/**
 * The first provider of the chain that answers, with a word on those that failed before it: a
 * provider's failure (down, slow, refusing the key) falls back to the next, the offline comuni last.
 */
export async function firstAnswer<T>(
  chain: readonly GeocodingProvider[],
  ask: (provider: GeocodingProvider, signal: AbortSignal) => Promise<T>,
): Promise<{ answer: T; source: GeocodingSource; notice: string | null }> {
  let notice: string | null = null;
  for (const [index, provider] of chain.entries()) {
    const last = index === chain.length - 1;
    try {
      const answer = await ask(provider, AbortSignal.timeout(providerTimeoutMs));
      return { answer, source: provider.source, notice };
    } catch (error) {
      if (last) throw error;
      notice ??= `${provider.name} non risponde ora: ${chain[index + 1]!.source === 'offline' ? 'posizione stimata dal comune' : `risponde ${chain[index + 1]!.name}`}.`;
    }
  }
  throw new Error('no geocoding provider');
}

/** A provider whose searches and points are answered from the cache when asked within 30 days. */
export function cachedProvider(provider: GeocodingProvider, cache: GeocodingCache): GeocodingProvider {
  return {
    ...provider,
    search: async (text, limit, signal) => {
      const asked = `${limit}|${text}`;
      const kept = await cache.read<GeocodedPlace[]>(provider.source, 'search', asked);
      if (kept) return kept;
      const answer = await provider.search(text, limit, signal);
      await cache.write(provider.source, 'search', asked, answer);
      return answer;
    },
    ...(provider.place
      ? {
          place: async (placeId: string, session: string | null, signal: AbortSignal) => {
            // Google's terms: a place id may be kept for good, its position 30 days (the cache's).
            const kept = await cache.read<{ place: GeocodedPlace | null }>(provider.source, 'place', placeId);
            if (kept) return kept.place;
            const place = await provider.place!(placeId, session, signal);
            await cache.write(provider.source, 'place', placeId, { place });
            return place;
          },
        }
      : {}),
    reverse: async (latitude, longitude, signal) => {
      const asked = `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
      const kept = await cache.read<{ found: { place: GeocodedPlace; name: string } | null }>(provider.source, 'reverse', asked);
      if (kept) return kept.found;
      const found = await provider.reverse(latitude, longitude, signal);
      await cache.write(provider.source, 'reverse', asked, { found });
      return found;
    },
  };
}

/** The chains made, by the settings they were made for: the settings' reader answers the same object until they change. */
const chains = new WeakMap<GoogleMapsSettings, GeocodingProvider[]>();

/**
 * The providers asked in turn for the admin's Maps settings: the one chosen, when it can be asked
 * (Google with a key and geocoding on, Nominatim with its server's address), then the offline comuni.
 * Made once for each version of the settings, not for every request.
 */
export function providerChain(settings: GoogleMapsSettings, cache: GeocodingCache, google: GoogleEndpoint = {}): GeocodingProvider[] {
  let chain = chains.get(settings);
  if (!chain) chains.set(settings, (chain = chainFor(settings, cache, google)));
  return chain;
}

function chainFor(settings: GoogleMapsSettings, cache: GeocodingCache, google: GoogleEndpoint): GeocodingProvider[] {
  const country = settings.restrictToBoundary ? settings.boundaryCountry : null;
  if (settings.geocodingProvider === 'google' && settings.apiKey && settings.geocodingEnabled) {
    return [cachedProvider(googleProvider({ apiKey: settings.apiKey, country, endpoint: google }), cache), offlineProvider];
  }
  if (settings.geocodingProvider === 'nominatim' && settings.nominatimUrl.trim() !== '') {
    // The server is told who asks (its usage policy): the site's own address.
    return [cachedProvider(nominatimProvider({ baseUrl: settings.nominatimUrl.trim(), country, contact: siteUrl }), cache), offlineProvider];
  }
  return [offlineProvider];
}
