import { z } from 'zod';
import { column, plannedForItsValuesFragment, sql, type ReadDb } from '../../platform/db/read.js';
import type { boundingBox } from '../../platform/http/geo.js';
import { productColumns, productRow } from '../catalog/queries.js';
import type { FullTextQuery } from './search-words.js';
import type { NearbyDelivery } from './contract.js';

type Box = ReturnType<typeof boundingBox>;

/** A text[] parameter, or a null one (the query then ignores what it filters). */
const textArray = (values: readonly string[] | null) => (values ? sql.array(values, sql.fragment`text[]`) : sql.fragment`${null}::text[]`);

const nearbyRow = z.object({
  id: column.uuid,
  name: z.string(),
  slug: z.string(),
  category: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  logo: z.string().nullable(),
  /** Today's opening slots (Rome's clock). */
  today: z.array(z.object({ open: z.string(), close: z.string() })).nullable(),
  distance_km: z.number(),
  /** It has stated its hours, so it takes pickups (orders/delivery.ts offersPickup). */
  pickup: z.boolean(),
  /** Shipping is on and it is not pickup only (orders/delivery.ts shipsAtAll). */
  shipping: z.boolean(),
});
export type NearbyRow = z.infer<typeof nearbyRow>;

/** A shop that takes pickups, and one that ships (orders/delivery.ts offersPickup, shipsAtAll), on the stores table. */
const takesPickup = sql.fragment`opening_hours IS NOT NULL`;
const ships = sql.fragment`(shipping_enabled AND NOT pickup_only)`;

/**
 * The nearest `limit` active shops within `radius` km, of a category, whose name or description
 * holds every pattern (`patterns`, search-words.ts textPatterns). They are chosen from the position
 * index alone (migration 014), with the distance as one inlined expression; only they are then
 * read, with today's hours only (`day`, 0 = Sunday). `openAt`: only those open at that "HH:MM" of
 * `day` (as opening-hours.ts isOpen reads the slots); `delivery`: only those that take pickups or ship.
 */
export async function nearbyStores(
  db: ReadDb,
  near: {
    lat: number;
    lng: number;
    radius: number;
    box: Box;
    category: string | null;
    patterns: string[] | null;
    day: string;
    openAt: string | null;
    delivery: NearbyDelivery | null;
    limit: number;
  },
): Promise<readonly NearbyRow[]> {
  const { lat, lng, radius, box, category, patterns, day, openAt, delivery, limit } = near;
  return db.any(sql.type(nearbyRow)`SELECT s.id, s.name, s.slug, s.category, s.address, s.latitude, s.longitude, s.logo, s.opening_hours -> ${day}::text AS today, n.distance_km,
         ${takesPickup} AS pickup, ${ships} AS shipping
       FROM (
         SELECT id, distance_km(${lat}, ${lng}, latitude, longitude) AS distance_km
         FROM stores
         WHERE status = 'active'
           AND latitude BETWEEN ${box.minLat} AND ${box.maxLat} AND longitude BETWEEN ${box.minLng} AND ${box.maxLng}
           AND distance_km(${lat}, ${lng}, latitude, longitude) <= ${radius}::float8
           AND (${category}::text IS NULL OR category = ${category})
           AND (${textArray(patterns)} IS NULL OR f_unaccent(lower(name || ' ' || description)) ~ ALL (${textArray(patterns)}))
           ${openAt === null ? sql.fragment`` : sql.fragment`AND EXISTS (SELECT 1 FROM jsonb_array_elements(opening_hours -> ${day}::text) slot WHERE slot ->> 'open' COLLATE "C" <= ${openAt} AND ${openAt} < slot ->> 'close' COLLATE "C")`}
           ${delivery === null ? sql.fragment`` : sql.fragment`AND ${delivery === 'pickup' ? takesPickup : ships}`}
         ORDER BY 2, id
         LIMIT ${limit}
       ) n JOIN stores s ON s.id = n.id
       ORDER BY n.distance_km, n.id`);
}

/**
 * Each sort: the keys that choose the page's contenders among the candidates (`first`), then the
 * whole order of the page. Only relevance needs every candidate's rank. When some word of the
 * query was corrected, the products that match it as written come first, whatever the sort (as
 * search engines rank fewer typos before anything else).
 */
const orders = {
  distance: {
    first: sql.fragment`distance_km`,
    page: sql.fragment`distance_km, rank DESC, id`,
    typoFirst: sql.fragment`typo, distance_km`,
    typoPage: sql.fragment`typo, distance_km, rank DESC, id`,
  },
  relevance: {
    first: sql.fragment`rank DESC, distance_km`,
    page: sql.fragment`rank DESC, distance_km, id`,
    typoFirst: sql.fragment`typo, rank DESC, distance_km`,
    typoPage: sql.fragment`typo, rank DESC, distance_km, id`,
  },
  price: {
    first: sql.fragment`price, distance_km`,
    page: sql.fragment`price, distance_km, id`,
    typoFirst: sql.fragment`typo, price, distance_km`,
    typoPage: sql.fragment`typo, price, distance_km, id`,
  },
} as const;

/** The constant pieces of a search, made once (each fragment made per call costs the tag's work). */
const piece = {
  none: sql.fragment``,
  noRank: sql.fragment`0`,
  /** No words: the condition the query was measured with (always true). */
  anyWords: sql.fragment`NULL::text IS NULL`,
  price: sql.fragment`, p.price_cents AS price`,
  rankAsRead: sql.fragment`c.rank`,
  typo: sql.fragment` c.typo,`,
};
export type SearchSort = keyof typeof orders;

const activeProduct = sql.fragment`p.status = 'active' AND NOT p.is_deleted AND p.store_active`;

const searchRow = productRow.extend({
  store_name: z.string(),
  store_slug: z.string(),
  store_address: z.string(),
  store_lat: z.number(),
  store_lng: z.number(),
  distance_km: z.number(),
  rank: z.number(),
  /** Present when some word was corrected: it matches only through a correction. */
  typo: z.boolean().optional(),
  /** Every match within the radius. */
  total: z.number(),
});
export type SearchRow = z.infer<typeof searchRow>;

/**
 * One page of products near a point. The candidates are read once, by one index: with words, the
 * one of the words in the cells around the point (or, for a very wide radius, of the words
 * anywhere, then the box); without, the position one. Of each only what chooses the page is kept
 * (its distance, distance_km() of migration 014; its price or rank when the sort needs them;
 * whether it matches only through a correction, `words.exact` being the query as written); the
 * radius and the total follow, then the page's contenders (ties kept, so ranking them alone
 * orders the page exactly as ranking all would), and only these are read whole and ranked. The
 * CTE is MATERIALIZED because the planner cannot be trusted to choose that order on every database.
 *
 * How the words match (`words.corrected`: the query as a tsquery, each word with its typo
 * corrections, search-words.ts): near a point, Italian full-text (accents folded, stems) as written
 * in the grid `cells` around it (cellsAround), through its own GIN index (migration 014), which
 * reads only the products with those words there; without cells (a radius too wide for them), the
 * same words anywhere.
 */
export async function searchProducts(
  db: ReadDb,
  search: {
    lat: number;
    lng: number;
    radius: number;
    box: Box;
    cells: string[] | null;
    words: FullTextQuery | null;
    category: string | null;
    sort: SearchSort;
    limit: number;
    offset: number;
  },
): Promise<readonly SearchRow[]> {
  const { lat, lng, radius, box, cells, words, category, sort, limit, offset } = search;
  const near = Boolean(words && cells);
  const { none } = piece;
  const rank = words ? sql.fragment`ts_rank(p.search_vector, ${words.corrected}::tsquery)` : piece.noRank;
  const match = !words
    ? piece.anyWords
    : near
      ? sql.fragment`p.near_vector @@ near_query(${words.corrected}::tsquery, ${textArray(cells)})`
      : sql.fragment`p.search_vector @@ ${words.corrected}::tsquery`;
  // The query as written, to rank its exact matches first, only when a word has corrections.
  const exact = words && words.corrected !== words.exact ? words.exact : null;
  const order = orders[sort];
  // Near a point the cells' index is the only way, and one plan serves every call; otherwise the
  // plan depends on the values (a small box reads the position index alone), so it is made per call.
  return db.any(sql.type(searchRow)`${near ? none : plannedForItsValuesFragment}WITH hits AS MATERIALIZED (
      SELECT p.id, distance_km(${lat}, ${lng}, p.latitude, p.longitude) AS distance_km${sort === 'price' ? piece.price : none}${sort === 'relevance' ? sql.fragment`, ${rank} AS rank` : none}${exact ? sql.fragment`, NOT p.search_vector @@ ${exact}::tsquery AS typo` : none}
      FROM products p
      WHERE ${activeProduct} AND ${match}
        ${near ? none /* the cells hold the box */ : sql.fragment`AND p.latitude BETWEEN ${box.minLat} AND ${box.maxLat} AND p.longitude BETWEEN ${box.minLng} AND ${box.maxLng}`}
        ${category === null ? none : sql.fragment`AND p.category = ${category}`}
    ), contenders AS (
      SELECT *, count(*) OVER () AS total FROM hits WHERE distance_km <= ${radius}::float8
      ORDER BY ${exact ? order.typoFirst : order.first}
      FETCH FIRST (${limit + offset}::int) ROWS WITH TIES
    )
    SELECT ${productColumns}, c.distance_km, c.total, ${sort === 'relevance' ? piece.rankAsRead : sql.fragment`${rank} AS rank`},${exact ? piece.typo : none}
      s.name AS store_name, s.slug AS store_slug, s.address AS store_address, s.latitude AS store_lat, s.longitude AS store_lng
    FROM contenders c JOIN products p ON p.id = c.id JOIN stores s ON s.id = p.store_id
    ORDER BY ${exact ? order.typoPage : order.page}
    LIMIT ${limit} OFFSET ${offset}`);
}

/** The words of a read model a query's words are corrected against (migration 026). */
export type Dictionary = 'product_words' | 'store_words';
const dictionaries: Record<Dictionary, ReturnType<typeof sql.fragment>> = {
  product_words: sql.fragment`product_words`,
  store_words: sql.fragment`store_words`,
};

const nearestWordRow = z.object({
  exact: z.string(),
  tokens: z.array(z.string()),
  word: z.string().nullable(),
  lexeme: z.string().nullable(),
  near: z.string().nullable(),
  near_lexeme: z.string().nullable(),
});

/**
 * A query as the full-text search reads it (`exact`), its words accent-folded (`tokens`), and for
 * each word with a typo budget (search-words.ts typoBudget) the dictionary's 40 words nearest to
 * it by trigrams, of a length the budget allows (`near`); the first row carries the query whatever
 * the words found.
 */
export async function nearestWordsOf(db: ReadDb, dictionary: Dictionary, q: string): Promise<readonly z.infer<typeof nearestWordRow>[]> {
  return db.any(sql.type(nearestWordRow)`SELECT websearch_to_tsquery('italian_unaccent', ${q})::text AS exact,
         array_remove(regexp_split_to_array(f_unaccent(lower(${q})), '[^[:alnum:]]+'), '') AS tokens,
         c.word, c.lexeme, c.near, c.near_lexeme
       FROM (SELECT 1) one LEFT JOIN (
         SELECT q.word, q.lexeme, n.word AS near, n.lexeme AS near_lexeme
         FROM search_words_of(${q}) q,
           LATERAL (SELECT CASE WHEN length(q.word) >= 9 THEN 2 WHEN length(q.word) >= 5 THEN 1 ELSE 0 END AS budget) b,
           LATERAL (
             SELECT w.word, w.lexeme FROM ${dictionaries[dictionary]} w
             WHERE b.budget > 0 AND w.word <> q.word AND length(w.word) BETWEEN length(q.word) - b.budget AND length(q.word) + b.budget
             ORDER BY w.word <-> q.word
             LIMIT 40
           ) n
       ) c ON true`);
}

const completionRow = z.object({
  lexeme: z.string().nullable(),
  known: z.boolean(),
  word: z.string().nullable(),
  word_lexeme: z.string().nullable(),
});

/**
 * The stem of a word being typed, whether the dictionary holds it as typed, and the dictionary's
 * words it begins (at most 20, shortest first); the first row carries the stem whatever the words found.
 */
export async function completionsOf(db: ReadDb, dictionary: Dictionary, token: string): Promise<readonly z.infer<typeof completionRow>[]> {
  const words = dictionaries[dictionary];
  return db.any(sql.type(completionRow)`SELECT (ts_lexize('italian_stem', ${token}::text))[1] AS lexeme,
         EXISTS (SELECT 1 FROM ${words} WHERE word = ${token}) AS known,
         c.word, c.lexeme AS word_lexeme
       FROM (SELECT 1) one LEFT JOIN (
         SELECT word, lexeme FROM ${words}
         -- A range of the primary key, whatever the collation; starts_with keeps it exact.
         WHERE word > ${token} AND word < ${token} || chr(1114111) AND starts_with(word, ${token})
         ORDER BY length(word), word
         LIMIT 20
       ) c ON true`);
}
