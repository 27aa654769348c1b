import { z } from 'zod';
import { api, del, get, noContent, post, storeIdParams } from '../../platform/http/contract.js';
import { uuidParam } from '../../platform/http/schemas.js';
import { publicStore } from '../stores/contract.js';

const { id, name, slug, category, rating, address } = publicStore.shape;
/** A favourite shop as the customer's list shows it (spec §7): its public fields; a rating null until reviews exist (the page shows 4.5, spec §1). */
export const favoriteStore = z.object({ id, name, slug, category, logoUrl: z.string().nullable(), rating, address });
export type FavoriteStore = z.infer<typeof favoriteStore>;

/** Spec §7 favourites: shops a customer keeps at hand. */
export const favoritesApi = api('preferiti', {
  list: get('/api/favorites', 'I negozi preferiti del cliente, dal più recente', { 200: z.array(favoriteStore) }),
  add: post(
    '/api/favorites',
    'Aggiunge un negozio ai preferiti (aggiungerlo due volte non cambia nulla)',
    { 201: z.object({ storeId: z.uuid() }) },
    { body: z.object({ storeId: uuidParam }) },
  ),
  remove: del('/api/favorites/:storeId', 'Toglie un negozio dai preferiti', { 204: noContent }, { params: storeIdParams }),
});
