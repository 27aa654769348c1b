import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boundingBox } from '../geo.js';
import { productJson, type ProductRow } from './products.js';

const searchQuery = z.object({
  q: z.string().trim().max(100, 'La ricerca può avere al massimo 100 caratteri.').optional(),
  lat: z.coerce.number().min(-90).max(90).default(41.9028),
  lng: z.coerce.number().min(-180).max(180).default(12.4964),
  radius: z.coerce.number().positive('Il raggio deve essere maggiore di zero.').max(200, 'Il raggio massimo è 200 km.').default(10),
  category: z.string().trim().max(60).optional(),
  sort: z.enum(['distance', 'relevance', 'price'], { error: 'Ordinamento non valido: distance, relevance o price.' }).default('distance'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

const orderBy = {
  distance: 'distance_km, rank DESC',
  relevance: 'rank DESC, distance_km',
  price: 'p.price, distance_km',
} as const;

/**
 * Products near a point, by words (issue #4). Words match in Italian (accents folded, stems: the
 * `italian_unaccent` search configuration) or, for small typos, by trigram similarity of the name.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/search/products', { schema: { querystring: searchQuery } }, async (request) => {
    const { q, lat, lng, radius, category, sort, page, pageSize } = request.query;
    const box = boundingBox(lat, lng, radius);
    const { rows } = await app.deps.pool.query<ProductRow & { store_name: string; store_slug: string; distance_km: number; rank: number; total: number }>(
      `SELECT p.*, s.name AS store_name, s.slug AS store_slug,
              earth_distance(ll_to_earth($1, $2), ll_to_earth(p.latitude, p.longitude)) / 1000 AS distance_km,
              CASE WHEN $4::text IS NULL THEN 0
                   ELSE ts_rank(p.search_vector, websearch_to_tsquery('italian_unaccent', $4)) + word_similarity(f_unaccent(lower($4)), p.name_key) END AS rank,
              count(*) OVER () AS total
       FROM products p JOIN stores s ON s.id = p.store_id
       WHERE p.status = 'active' AND NOT p.is_deleted AND p.store_active
         AND p.latitude BETWEEN $8 AND $9 AND p.longitude BETWEEN $10 AND $11
         AND earth_distance(ll_to_earth($1, $2), ll_to_earth(p.latitude, p.longitude)) <= $3 * 1000
         AND ($4::text IS NULL OR p.search_vector @@ websearch_to_tsquery('italian_unaccent', $4) OR f_unaccent(lower($4)) <% p.name_key)
         AND ($5::text IS NULL OR p.category = $5)
       ORDER BY ${orderBy[sort]}, p.id
       LIMIT $6 OFFSET $7`,
      [lat, lng, radius, q || null, category || null, pageSize, (page - 1) * pageSize, box.minLat, box.maxLat, box.minLng, box.maxLng],
    );
    return {
      items: rows.map((r) => ({
        ...productJson(r),
        store: { id: r.store_id, name: r.store_name, slug: r.store_slug },
        distanceKm: Math.round(r.distance_km * 100) / 100,
      })),
      total: rows[0]?.total ?? 0,
      page,
      pageSize,
    };
  });
};
