import { z } from 'zod';
import { api, del, get, noContent, put } from '../../platform/http/contract.js';
import { queryText } from '../../platform/http/schemas.js';
import { adminResource } from '../../platform/http/admin-rest-contract.js';

const placeId = z.string({ error: 'Luogo di Google: deve essere un testo.' }).regex(/^[A-Za-z0-9_-]{10,300}$/, 'Luogo di Google non valido.');

/**
 * A shop's place on Google as its page shows it (issue [22]): Google's rating, reviews' count and
 * first photo with its author, each null when Google has none or its details are older than 30 days.
 */
export const shownGooglePlace = z.object({
  placeId: z.string(),
  rating: z.number().nullable(),
  reviewCount: z.number().int().nullable(),
  /** The place's page on Google Maps (its reviews). */
  mapsUri: z.string().nullable(),
  /** The photo through Vicino (a redirect to Google's current address of it). */
  photoUrl: z.string().nullable(),
  /** Who took the photo, and their page: Google asks them credited beside it. */
  photoAuthor: z.string().nullable(),
  photoAuthorUri: z.string().nullable(),
});
export type ShownGooglePlace = z.infer<typeof shownGooglePlace>;

/** The shopkeeper's view: whether Places is on (the admin's settings), and the place linked. */
const ownGooglePlace = z.object({ available: z.boolean(), place: shownGooglePlace.nullable() });

/** A shop linked to Google, as the admin's list shows it. */
export const linkedShop = z.object({
  id: z.string(),
  storeName: z.string(),
  storeSlug: z.string(),
  placeId: z.string(),
  linkedAt: z.string(),
  rating: z.number().nullable(),
  reviewCount: z.number().int().nullable(),
  fetchedAt: z.string().nullable(),
});
const linkedList = adminResource('/api/admin/google-places', linkedShop);

export const googlePlaceCandidate = z.object({ placeId: z.string(), name: z.string(), address: z.string() });

/** Issue [22]: a shop linked to its Google place, its rating and photo beside Vicino's own reviews. */
export const googlePlacesApi = api('luoghi Google', {
  mine: get('/api/stores/me/google-place', 'Il luogo su Google del negozio del negoziante, e se Google Places è attivo', { 200: ownGooglePlace }),
  candidates: get(
    '/api/stores/me/google-place/candidates',
    'I luoghi su Google che corrispondono al nome e all’indirizzo del negozio (o al testo scritto), da confermare',
    { 200: z.object({ candidates: z.array(googlePlaceCandidate) }) },
    { querystring: z.object({ q: queryText('Ricerca', 200).optional() }) },
  ),
  link: put('/api/stores/me/google-place', 'Collega il negozio al suo luogo su Google', { 200: ownGooglePlace }, { body: z.object({ placeId }) }),
  unlink: del('/api/stores/me/google-place', 'Scollega il negozio da Google', { 204: noContent }),
  shown: get(
    '/api/stores/:idOrSlug/google-place',
    'La valutazione e la foto su Google di un negozio collegato (null se non lo è, o se Google Places non è attivo)',
    { 200: z.object({ place: shownGooglePlace.nullable() }) },
    { params: z.object({ idOrSlug: z.string().min(1).max(120) }) },
  ),
  photo: get('/api/google-places/:placeId/photo', 'La foto su Google di un negozio collegato: porta all’indirizzo attuale dell’immagine', {}, { params: z.object({ placeId }) }),
  linked: linkedList.list('I negozi collegati a Google, con la loro valutazione su Google (l’amministratore): ordinamento, ricerca e intervallo (Content-Range)'),
});
