import { readFileSync } from 'node:fs';
import type { GeocodedPlace } from './contract.js';
import type { GeocodingProvider } from './providers.js';
import { Gazetteer, type GazetteerData, type GazetteerPlace } from './gazetteer.js';

let loaded: Gazetteer | null = null;

/** The offline gazetteer (data/italia.json), read once per process (about 60 ms) on first use. */
export function offlineGazetteer(): Gazetteer {
  loaded ??= new Gazetteer(JSON.parse(readFileSync(new URL('./data/italia.json', import.meta.url), 'utf8')) as GazetteerData);
  return loaded;
}

/** A gazetteer's place as every provider answers it. */
export function offlinePlace(place: GazetteerPlace): GeocodedPlace {
  return {
    label: place.label,
    latitude: place.latitude,
    longitude: place.longitude,
    precision: place.kind,
    comune: place.comune,
    sigla: place.sigla,
    region: place.region,
    postcode: place.postcode,
    istat: place.istat,
    placeId: null,
    source: 'offline',
  };
}

/** The offline provider: Italy's comuni and districts, no service needed; never fails, never waits. The last of every chain. */
export const offlineProvider: GeocodingProvider = {
  source: 'offline',
  name: 'l’elenco dei comuni',
  search: async (text, limit) => offlineGazetteer().geocode(text, limit).map(offlinePlace),
  suggest: async (text, limit) => {
    const { typedBefore, places } = offlineGazetteer().suggest(text, limit);
    const before = typedBefore.trimEnd();
    return places.map((place) => ({ text: before ? `${before} ${place.label}` : place.label, place: offlinePlace(place), placeId: null }));
  },
  reverse: async (latitude, longitude) => {
    const found = offlineGazetteer().reverse(latitude, longitude);
    if (!found) return null;
    return { place: offlinePlace(found.place), name: found.locality ? `${found.place.comune}, ${found.locality}` : found.place.comune };
  },
};
