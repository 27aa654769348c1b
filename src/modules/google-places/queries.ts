import type { ListResource } from '../../platform/http/admin-rest.js';
import { linkedShop } from './contract.js';
import type { Queryable } from '../../platform/db/pool.js';

/** The Google place a shop is linked to, or null. */
export async function linkedPlace(db: Queryable, storeId: string): Promise<string | null> {
  const { rows } = await db.query<{ placeId: string }>('SELECT place_id AS "placeId" FROM store_google_places WHERE store_id = $1', [storeId]);
  return rows[0]?.placeId ?? null;
}

/** Whether an active shop is linked to the place: only their photos go through Vicino. */
export async function isLinkedToActiveShop(db: Queryable, placeId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM store_google_places l JOIN stores s ON s.id = l.store_id WHERE l.place_id = $1 AND s.status = $2 LIMIT 1', [placeId, 'active']);
  return rows.length > 0;
}

/** The shops linked to Google (the admin's list): the latest first, searched by the shop's name, with what Google said of each. */
export const linkedShopsResource: ListResource = {
  name: 'google-places',
  from: `(SELECT s.id, s.name AS store_name, s.slug AS store_slug, s.admin_text, l.place_id, l.linked_at, d.rating, d.review_count, d.fetched_at
          FROM store_google_places l JOIN stores s ON s.id = l.store_id LEFT JOIN google_place_details d ON d.place_id = l.place_id) g`,
  select: `g.id, g.store_name AS "storeName", g.store_slug AS "storeSlug", g.place_id AS "placeId", g.linked_at AS "linkedAt", g.rating,
    g.review_count AS "reviewCount", g.fetched_at AS "fetchedAt"`,
  id: 'g.id',
  sortable: {
    id: 'g.id',
    storeName: 'lower(g.store_name)',
    placeId: 'g.place_id',
    linkedAt: 'g.linked_at',
    rating: 'g.rating',
    reviewCount: 'g.review_count',
    fetchedAt: 'g.fetched_at',
  },
  defaultOrder: 'g.linked_at DESC',
  filters: {},
  searchText: 'g.admin_text',
  notFound: 'Negozio non collegato a Google.',
  row: linkedShop,
};
