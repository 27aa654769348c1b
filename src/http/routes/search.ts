import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boundingBox, cellsAround } from '../geo.js';
import { ReadCache } from '../read-cache.js';
import { productColumns, productJson, type ProductRow } from './products.js';

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
  price: 'price, distance_km',
} as const;

type Row = ProductRow & { store_name: string; store_slug: string; store_lat: number; store_lng: number; distance_km: number; rank: number; total: number };

/**
 * How the words match. `near`: Italian full-text (accents folded, stems) as written in the grid
 * cells around the point ($8, cellsAround), through its own GIN index (migration 014), which
 * reads only the products with those words there. `words`: the same words anywhere, for a radius
 * too wide for cells. `typo`: trigram similarity of the name, tried only when the words found
 * nothing, because it reads many more candidates.
 */
const rank = "ts_rank(p.search_vector, websearch_to_tsquery('italian_unaccent', $4))";
const matchers = {
  near: { hits: "p.near_vector @@ near_query(websearch_to_tsquery('italian_unaccent', $4), $8::text[])", rank },
  words: { hits: "p.search_vector @@ websearch_to_tsquery('italian_unaccent', $4)", rank },
  typo: { hits: 'f_unaccent(lower($4)) <% p.name_key', rank: 'word_similarity(f_unaccent(lower($4)), p.name_key)' },
} as const;

const active = "status = 'active' AND NOT is_deleted AND store_active";
const activeProduct = "p.status = 'active' AND NOT p.is_deleted AND p.store_active";

/**
 * One page of products near a point. The candidates are read once, by one index: with words, the
 * one of the words in the cells around the point (or, for a very wide radius, of the words
 * anywhere, then the box); without, the position one. Each gets its distance there (distance_km(),
 * migration 014); then the radius, the total, the page, and only the page's shops are joined. The
 * CTE is MATERIALIZED because the planner cannot be trusted to choose that order on every database.
 */
function searchSql(matcher: keyof typeof matchers | null, sort: keyof typeof orderBy): string {
  const m = matcher ? matchers[matcher] : null;
  return `WITH hits AS MATERIALIZED (
      SELECT ${productColumns('p.')}, distance_km($1, $2, p.latitude, p.longitude) AS distance_km, ${m ? m.rank : '0'} AS rank
      FROM products p
      WHERE ${activeProduct} AND ${m ? m.hits : '$4::text IS NULL' /* no words: $4 is null, named only so its type is known */}
        ${matcher === 'near' ? '' : 'AND p.latitude BETWEEN $8 AND $9 AND p.longitude BETWEEN $10 AND $11' /* the cells hold the box */}
        AND ($5::text IS NULL OR p.category = $5)
    ), page AS (
      SELECT *, count(*) OVER () AS total FROM hits WHERE distance_km <= $3::float8
      ORDER BY ${orderBy[sort]}, id
      LIMIT $6 OFFSET $7
    )
    SELECT page.*, s.name AS store_name, s.slug AS store_slug, s.latitude AS store_lat, s.longitude AS store_lng
    FROM page JOIN stores s ON s.id = page.store_id
    ORDER BY ${orderBy[sort]}, page.id`;
}

/** Products near a point, by words (issue #4), in Italian and forgiving small typos. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new ReadCache(app.deps.projections, ['products', 'stores']);
  app.get('/api/search/products', { schema: { querystring: searchQuery } }, async (request, reply) => {
    const key = JSON.stringify(request.query);
    reply.type('application/json; charset=utf-8');
    return cache.json(key, () => search(request.query));
  });

  const search = async ({ q, lat, lng, radius, category, sort, page, pageSize }: z.output<typeof searchQuery>) => {
    const box = boundingBox(lat, lng, radius);
    const cells = cellsAround(box);
    const values = [lat, lng, radius, q || null, category || null, pageSize, (page - 1) * pageSize];
    const run = async (matcher: keyof typeof matchers | null) =>
      (await app.deps.pool.query<Row>(searchSql(matcher, sort), [...values, ...(matcher === 'near' ? [cells] : [box.minLat, box.maxLat, box.minLng, box.maxLng])])).rows;
    let rows = await run(q ? (cells ? 'near' : 'words') : null);
    // Not found nearby is not a typo: try similar names only when the words exist nowhere.
    if (q && rows.length === 0) {
      const known = await app.deps.pool.query(
        `SELECT 1 FROM products WHERE ${active} AND search_vector @@ websearch_to_tsquery('italian_unaccent', $1) LIMIT 1`,
        [q],
      );
      if (!known.rowCount) rows = await run('typo');
    }
    return {
      items: rows.map((r) => ({
        ...productJson(r),
        // The shop's position comes with each result, so the results map can pin every one of them.
        store: { id: r.store_id, name: r.store_name, slug: r.store_slug, latitude: r.store_lat, longitude: r.store_lng },
        distanceKm: Math.round(r.distance_km * 100) / 100,
      })),
      total: rows[0]?.total ?? 0,
      page,
      pageSize,
    };
  };
};
