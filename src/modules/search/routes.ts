import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { googleMapsSettingsReader } from '../settings/google-maps-settings-projection.js';
import { boundingBox, cellsAround } from '../../platform/http/geo.js';
import { ReadCache } from '../../platform/http/read-cache.js';
import { fullTextQuery, TypoCorrections } from './search-words.js';
import { nearQuery, queryInt, withMapDefaults, type Near } from '../../platform/http/schemas.js';
import { productColumns, productJson, type ProductRow } from '../catalog/routes.js';

const searchQuery = z.object({
  ...nearQuery,
  sort: z.enum(['distance', 'relevance', 'price'], { error: 'Ordinamento non valido: distance, relevance o price.' }).default('distance'),
  page: queryInt('Pagina', 1, 1000).default(1),
  pageSize: queryInt('Risultati per pagina', 1, 50).default(20),
});

/**
 * Each sort: the keys that choose the page's contenders among the candidates (`first`), then the
 * whole order of the page. Only relevance needs every candidate's rank. When some word of the
 * query was corrected, the products that match it as written come first, whatever the sort (as
 * search engines rank fewer typos before anything else).
 */
const orders = {
  distance: { first: 'distance_km', page: 'distance_km, rank DESC, id' },
  relevance: { first: 'rank DESC, distance_km', page: 'rank DESC, distance_km, id' },
  price: { first: 'price, distance_km', page: 'price, distance_km, id' },
} as const;
type Sort = keyof typeof orders;

type Row = ProductRow & { store_name: string; store_slug: string; store_lat: number; store_lng: number; distance_km: number; rank: number; total: number };

/**
 * How the words match ($4: the query as a tsquery, each word with its typo corrections,
 * search-words.ts). `near`: Italian full-text (accents folded, stems) as written in the grid cells
 * around the point ($8, cellsAround), through its own GIN index (migration 014), which reads only
 * the products with those words there. `words`: the same words anywhere, for a radius too wide
 * for cells.
 */
const rank = 'ts_rank(p.search_vector, $4::tsquery)';
const matchers = {
  near: "p.near_vector @@ near_query($4::tsquery, $8::text[])",
  words: 'p.search_vector @@ $4::tsquery',
} as const;
type Matcher = keyof typeof matchers | null;

const activeProduct = "p.status = 'active' AND NOT p.is_deleted AND p.store_active";

/**
 * One page of products near a point. The candidates are read once, by one index: with words, the
 * one of the words in the cells around the point (or, for a very wide radius, of the words
 * anywhere, then the box); without, the position one. Of each only what chooses the page is kept
 * (its distance, distance_km() of migration 014; its price or rank when the sort needs them;
 * whether it matches only through a correction, `exact` naming the query as written); the
 * radius and the total follow, then the page's contenders (ties kept, so ranking them alone
 * orders the page exactly as ranking all would), and only these are read whole and ranked. The
 * CTE is MATERIALIZED because the planner cannot be trusted to choose that order on every database.
 */
function searchSql(matcher: Matcher, sort: Sort, exact: string | null): string {
  const rankOf = matcher ? rank : '0';
  const typoFirst = (keys: string) => (exact ? `typo, ${keys}` : keys);
  return `WITH hits AS MATERIALIZED (
      SELECT p.id, distance_km($1, $2, p.latitude, p.longitude) AS distance_km${sort === 'price' ? ', p.price' : ''}${sort === 'relevance' ? `, ${rankOf} AS rank` : ''}${exact ? `, NOT p.search_vector @@ ${exact}::tsquery AS typo` : ''}
      FROM products p
      WHERE ${activeProduct} AND ${matcher ? matchers[matcher] : '$4::text IS NULL' /* no words: $4 is null, named only so its type is known */}
        ${matcher === 'near' ? '' : 'AND p.latitude BETWEEN $8 AND $9 AND p.longitude BETWEEN $10 AND $11' /* the cells hold the box */}
        AND ($5::text IS NULL OR p.category = $5)
    ), contenders AS (
      SELECT *, count(*) OVER () AS total FROM hits WHERE distance_km <= $3::float8
      ORDER BY ${typoFirst(orders[sort].first)}
      FETCH FIRST ($6::int + $7::int) ROWS WITH TIES
    )
    SELECT ${productColumns('p.')}, c.distance_km, c.total, ${sort === 'relevance' ? 'c.rank' : `${rankOf} AS rank`},${exact ? ' c.typo,' : ''}
      s.name AS store_name, s.slug AS store_slug, s.latitude AS store_lat, s.longitude AS store_lng
    FROM contenders c JOIN products p ON p.id = c.id JOIN stores s ON s.id = p.store_id
    ORDER BY ${typoFirst(orders[sort].page)}
    LIMIT $6 OFFSET $7`;
}

/** Products near a point, by words (issue #4), in Italian and forgiving typos word by word. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new ReadCache(app.deps.projections, ['products', 'stores']);
  const typos = new TypoCorrections(app.deps.pool, app.deps.projections, { table: 'product_words', readModel: 'products' });
  const mapSettings = googleMapsSettingsReader(app.deps.db, app.deps.projections);
  app.get('/api/search/products', { schema: { querystring: searchQuery } }, async (request, reply) => {
    const query = withMapDefaults(request.query, await mapSettings.read());
    reply.type('application/json; charset=utf-8');
    return cache.json(JSON.stringify(query), () => search(query));
  });

  const search = async ({ q, lat, lng, radius, category, sort, page, pageSize }: Near<z.output<typeof searchQuery>>) => {
    const box = boundingBox(lat, lng, radius);
    const cells = cellsAround(box);
    const words = q ? fullTextQuery(await typos.of(q)) : null;
    const matcher: Matcher = words ? (cells ? 'near' : 'words') : null;
    const geo = matcher === 'near' ? [cells] : [box.minLat, box.maxLat, box.minLng, box.maxLng];
    const values = [lat, lng, radius, words?.corrected ?? null, category || null, pageSize, (page - 1) * pageSize, ...geo];
    // The query as written, to rank its exact matches first, only when a word has corrections.
    const exact = words && words.corrected !== words.exact ? `$${values.push(words.exact)}` : null;
    const { rows } = await app.deps.pool.query<Row>({
      // The words near a point (the common search) is named: each connection parses it once and
      // soon keeps one plan, as good as any (the cells' index is its only way). The others stay
      // planned for their values: one plan for every value would not use the position index
      // alone for a box.
      name: matcher === 'near' ? `search-products-near-${sort}${exact ? '-typo' : ''}` : undefined,
      text: searchSql(matcher, sort, exact),
      values,
    });
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
      // Km: the one asked for, or the admin's default when none was.
      radius,
    };
  };
};
