import { z } from 'zod';
import { endpoint, noContent } from '../../platform/http/contract.js';
import { uuidParam } from '../../platform/http/schemas.js';

const tags = ['preferiti'];

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
export const favoritesApi = {
  list: endpoint('GET', '/api/favorites', {
    summary: 'I negozi preferiti del cliente, dal più recente',
    tags,
    response: { 200: z.array(favoriteStore) },
  }),
  add: endpoint('POST', '/api/favorites', {
    summary: 'Aggiunge un negozio ai preferiti (aggiungerlo due volte non cambia nulla)',
    tags,
    body: z.object({ storeId: uuidParam }),
    response: { 201: z.object({ storeId: z.uuid() }) },
  }),
  remove: endpoint('DELETE', '/api/favorites/:storeId', {
    summary: 'Toglie un negozio dai preferiti',
    tags,
    params: z.object({ storeId: uuidParam }),
    response: { 204: noContent },
  }),
};
