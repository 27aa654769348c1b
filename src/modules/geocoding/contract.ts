import { z } from 'zod';
import { api, get } from '../../platform/http/contract.js';
import { queryInt, queryText } from '../../platform/http/schemas.js';

/** Where a geocoding answer comes from: the offline comuni (the default), Google, or a Nominatim-compatible server. */
export const geocodingSources = ['offline', 'google', 'nominatim'] as const;
export type GeocodingSource = (typeof geocodingSources)[number];

/** How precisely a place is known: the house, the street, a district or frazione, the comune, a postal code. */
export const placePrecisions = ['address', 'street', 'locality', 'comune', 'postcode'] as const;
export type PlacePrecision = (typeof placePrecisions)[number];

/** A place a typed address or a point stands for (issue [22]), whichever the provider. */
export const geocodedPlace = z.object({
  /** How it reads: «Via Roma 3, 47521 Cesena (FC)», «Trastevere, Roma (RM)». */
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  precision: z.enum(placePrecisions),
  /** The comune, its province's sigla and the region, when known. */
  comune: z.string().nullable(),
  sigla: z.string().nullable(),
  region: z.string().nullable(),
  postcode: z.string().nullable(),
  /** The comune's ISTAT code (offline answers). */
  istat: z.string().nullable(),
  /** Google's place id (Google's answers): the one thing of theirs kept for good. */
  placeId: z.string().nullable(),
  source: z.enum(geocodingSources),
});
export type GeocodedPlace = z.infer<typeof geocodedPlace>;

/** What an answer adds to its places: who answered, and why not the provider chosen, in Italian. */
const answeredBy = {
  source: z.enum(geocodingSources),
  /** Set when the chosen provider failed and another answered: «Google non risponde: …». */
  notice: z.string().nullable(),
};

const typed = queryText('Indirizzo', 200, 'L’indirizzo può avere al massimo 200 caratteri.');
const latitude = 'Latitudine: un numero tra -90 e 90.';
const longitude = 'Longitudine: un numero tra -180 e 180.';

export const geocodeQuery = z.object({ q: typed, limit: queryInt('Risultati', 1, 10).default(5) });
const session = z.uuid('Sessione: identificativo non valido.').optional();
export const suggestQuery = z.object({
  q: typed,
  limit: queryInt('Suggerimenti', 1, 10).default(8),
  /** The typing session Google bills its suggestions and their place by (one uuid per field's use). */
  session,
});
export const reverseQuery = z.object({
  lat: z.coerce.number({ error: latitude }).min(-90, latitude).max(90, latitude),
  lng: z.coerce.number({ error: longitude }).min(-180, longitude).max(180, longitude),
});

/**
 * A suggestion while typing: the whole text the field takes when it is chosen, and its place; or,
 * from Google, its place id, whose place /api/geocoding/places/:placeId gives once it is chosen
 * (Google's suggestions carry no position: asking every one's would be paid for each).
 */
export const placeSuggestion = z.object({ text: z.string(), place: geocodedPlace.nullable(), placeId: z.string().nullable() });
export type PlaceSuggestion = z.infer<typeof placeSuggestion>;

/** Issue [22]: addresses people type become places, and a point gets a name. */
export const geocodingApi = api('luoghi', {
  search: get(
    '/api/geocoding/search',
    'I luoghi a cui porta un indirizzo scritto, il più probabile per primo',
    {
      200: z.object({ places: z.array(geocodedPlace), ...answeredBy }),
    },
    { querystring: geocodeQuery },
  ),
  suggest: get(
    '/api/geocoding/suggest',
    'I luoghi da proporre mentre si scrive un indirizzo',
    {
      200: z.object({ suggestions: z.array(placeSuggestion), ...answeredBy }),
    },
    { querystring: suggestQuery },
  ),
  place: get(
    '/api/geocoding/places/:placeId',
    'Il luogo di un suggerimento di Google, una volta scelto',
    { 200: z.object({ place: geocodedPlace, ...answeredBy }) },
    {
      params: z.object({ placeId: z.string().regex(/^[A-Za-z0-9_-]{10,300}$/, 'Luogo: identificativo non valido.') }),
      querystring: z.object({
        /** The suggestion's text: where it lands offline when the provider cannot say. */
        text: typed,
        session,
      }),
    },
  ),
  reverse: get(
    '/api/geocoding/reverse',
    'Il nome di un punto: il comune e il quartiere («Roma, Monti»)',
    {
      200: z.object({ place: geocodedPlace.nullable(), name: z.string().nullable(), ...answeredBy }),
    },
    { querystring: reverseQuery },
  ),
});
