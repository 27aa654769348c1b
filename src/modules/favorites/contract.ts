import { z } from 'zod';
import { api, del, get, noContent, post, storeIdParams } from '../../platform/http/contract.js';
import { uuidParam } from '../../platform/http/schemas.js';

/** A favourite shop as the customer's list shows it (spec §7). */
export const favoriteStore = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  category: z.string(),
  logoUrl: z.string().nullable(),
  /** Null until reviews exist (the page shows 4.5, spec §1). */
  rating: z.number().nullable(),
  address: z.string(),
});
export type FavoriteStore = z.infer<typeof favoriteStore>;

/** Spec §7 favourites: shops a customer keeps at hand. */
export const favoritesApi = api('preferiti', {
  list: get('/api/favorites', 'I negozi preferiti del cliente, dal più recente', { 200: z.array(favoriteStore) }),
  add: post('/api/favorites', 'Aggiunge un negozio ai preferiti (aggiungerlo due volte non cambia nulla)', { 201: z.object({ storeId: z.uuid() }) }, { body: z.object({ storeId: uuidParam }) }),
  remove: del('/api/favorites/:storeId', 'Toglie un negozio dai preferiti', { 204: noContent }, { params: storeIdParams }),
});
