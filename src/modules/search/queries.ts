import { z } from 'zod';
import { column, plannedForItsValuesFragment, sql, type ReadDb } from '../../platform/db/read.js';
import type { boundingBox } from '../../platform/http/geo.js';
import { productColumns, productRow } from '../catalog/queries.js';
import { expandedText, type ExpandedQuery, type FullTextQuery } from './search-words.js';
import { nearbyStore, type NearbyDelivery } from './contract.js';

type Box = ReturnType<typeof boundingBox>;

/** Where a read looks: within `radius` km of a point (`box`: the radius's bounding box), in one category or any. */
interface Around {
  lat: number;
  lng: number;
  radius: number;
  box: Box;
  category: string | null;
}

/** A text[] parameter, or a null one (the query then ignores what it filters). */
const textArray = (values: readonly string[] | null) => (values ? sql.array(values, sql.fragment`text[]`) : sql.fragment`${null}::text[]`);

/** A shop of the nearby list as read: whether it is open now is told from today's slots, its distance not yet rounded. */
const nearbyRow = nearbyStore.omit({ openNow: true }).extend({
  /** Today's opening slots (Rome's clock). */
  today: z.array(z.object({ open: z.string(), close: z.string() })).nullable(),
});
export type NearbyRow = z.infer<typeof nearbyRow>;

/** Rome's clock as the shops' hours are written: the weekday ("0" = Sunday) and "HH:MM". */
export interface ShopClock {
  day: string;
  time: string;
}

/** Whether `hours` (a shop's opening_hours) has a slot of `clock.day` open at `clock.time`, as opening-hours.ts isOpen reads the slots ("HH:MM", compared byte by byte). */
const openAt = (hours: ReturnType<typeof sql.fragment>, clock: ShopClock) =>
  sql.fragment`EXISTS (SELECT 1 FROM jsonb_array_elements(${hours} -> ${clock.day}::text) slot WHERE slot ->> 'open' COLLATE "C" <= ${clock.time}::text AND ${clock.time}::text < slot ->> 'close' COLLATE "C")`;

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
  near: Around & {
    patterns: string[] | null;
    day: string;
    openAt: string | null;
    delivery: NearbyDelivery | null;
    limit: number;
  },
): Promise<readonly NearbyRow[]> {
  const { lat, lng, radius, box, category, patterns, day, openAt: openNowAt, delivery, limit } = near;
  return db.any(sql.type(nearbyRow)`SELECT s.id, s.name, s.slug, s.category, s.address, s.latitude, s.longitude, s.logo, s.opening_hours -> ${day}::text AS today,
         n.distance_km AS "distanceKm", ${takesPickup} AS pickup, ${ships} AS shipping
       FROM (
         SELECT id, distance_km(${lat}, ${lng}, latitude, longitude) AS distance_km
         FROM stores
         WHERE status = 'active'
           AND latitude BETWEEN ${box.minLat} AND ${box.maxLat} AND longitude BETWEEN ${box.minLng} AND ${box.maxLng}
           AND distance_km(${lat}, ${lng}, latitude, longitude) <= ${radius}::float8
           AND (${category}::text IS NULL OR category = ${category})
           AND (${textArray(patterns)} IS NULL OR f_unaccent(lower(name || ' ' || description)) ~ ALL (${textArray(patterns)}))
           ${openNowAt === null ? sql.fragment`` : sql.fragment`AND ${openAt(sql.fragment`opening_hours`, { day, time: openNowAt })}`}
           ${delivery === null ? sql.fragment`` : sql.fragment`AND ${delivery === 'pickup' ? takesPickup : ships}`}
         ORDER BY 2, id
         LIMIT ${limit}
       ) n JOIN stores s ON s.id = n.id
       ORDER BY n.distance_km, n.id`);
}

/**
 * Each sort: the keys that choose the page's contenders among the candidates (`first`), then the
 * whole order of the page (`page`, availability then the id after them). Only relevance needs
 * every candidate's rank. With words, the products that match the query as written come first,
 * then those found through a typo correction, then those found through the vocabulary (`tier`),
 * whatever the sort.
 */
const orders = {
  distance: {
    first: sql.fragment`distance_km`,
    page: sql.fragment`distance_km, rank DESC`,
    tierFirst: sql.fragment`tier, distance_km`,
    tierPage: sql.fragment`tier, distance_km, rank DESC`,
  },
  relevance: {
    first: sql.fragment`rank DESC, distance_km`,
    page: sql.fragment`rank DESC, distance_km`,
    tierFirst: sql.fragment`tier, rank DESC, distance_km`,
    tierPage: sql.fragment`tier, rank DESC, distance_km`,
  },
  price: {
    first: sql.fragment`price, distance_km`,
    page: sql.fragment`price, distance_km`,
    tierFirst: sql.fragment`tier, price, distance_km`,
    tierPage: sql.fragment`tier, price, distance_km`,
  },
} as const;

/** The constant pieces of a search, made once (each fragment made per call costs the tag's work). */
const piece = {
  none: sql.fragment``,
  noRank: sql.fragment`0`,
  one: sql.fragment`1`,
  two: sql.fragment`2`,
  /** No words: the condition the query was measured with (always true). */
  anyWords: sql.fragment`NULL::text IS NULL`,
  price: sql.fragment`, p.price_cents AS price`,
  /** The words a hit is ranked by later, when only some are (searchProducts `reached`). */
  searchVector: sql.fragment`, p.search_vector`,
  rankAsRead: sql.fragment`c.rank`,
  tier: sql.fragment` c.tier, c.exact_total, c.related_total,`,
  kept: sql.fragment`(SELECT kept FROM q)`,
  noneKept: sql.fragment`'{}'::int[]`,
  rank: sql.fragment`ts_rank(p.search_vector, (SELECT words FROM q))`,
  words: sql.fragment`p.search_vector @@ (SELECT words FROM q)`,
  /** Near a point: the query in each cell around it, weights left out (nearQueries), which the index answers exactly. */
  nearWords: sql.fragment`p.near_vector @@ ANY((SELECT near FROM q)::tsquery[])`,
  /**
   * The weights the index could not tell apart (a vocabulary's alternative in a product's name or
   * category), checked on the product's words as written. As a function, not the operator, so that
   * the planner does not read the words' index across Italy for it (what the cells are for).
   */
  nearWeights: sql.fragment` AND ts_match_vq(p.search_vector, (SELECT words FROM q))`,
  tierTotals: sql.fragment`, count(*) FILTER (WHERE tier = 0) OVER () AS exact_total, count(*) FILTER (WHERE tier = 2) OVER () AS related_total`,
  /** Availability, after the sort's own keys: in stock, then its shop open now. */
  available: sql.fragment`, p.stock_quantity > 0 DESC, open_now DESC, p.name, id`,
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
  /** Present with words that have corrections or expansions: 0 as written, 1 through a correction, 2 through the vocabulary. */
  tier: z.number().optional(),
  /** Present with `tier`: the matches within the radius as written, and through the vocabulary alone. */
  exact_total: z.number().optional(),
  related_total: z.number().optional(),
  /** The vocabulary's alternatives the catalogue holds, by their place (from 1) in the query's list (FullTextQuery.expanded). */
  kept: z.array(z.number()),
  /** Its shop is open now (Rome's clock). */
  open_now: z.boolean(),
  /** In stock, and its shop states its hours and is open now or later today. */
  pickup_today: z.boolean(),
  /** Every match within the radius. */
  total: z.number(),
});
export type SearchRow = z.infer<typeof searchRow>;

/**
 * Whether a product's shop (`s`) is open now, and whether the product (`p`) can be picked up
 * today: in stock, at a shop that states its hours (none stated: no pickup) and has a slot today
 * that has not closed yet.
 */
const availability = (clock: ShopClock) => sql.fragment`${openAt(sql.fragment`s.opening_hours`, clock)} AS open_now,
      p.stock_quantity > 0 AND EXISTS (
        SELECT 1 FROM jsonb_array_elements(s.opening_hours -> ${clock.day}::text) h WHERE ${clock.time}::text < h ->> 'close' COLLATE "C") AS pickup_today`;

/**
 * A tsquery given as text, read once per statement (an InitPlan): a cast of a parameter in a plan
 * made for every value would be computed again for every row it is compared with (the tiers).
 */
const tsquery = (text: string) => sql.fragment`(SELECT ${text}::tsquery)`;

/**
 * The query the search runs (search-words.ts expandedText), as CTEs that end in `q0 (f, kept)`:
 * the corrected query, or the conjunction of the expanded groups, each with the alternatives whose
 * stems the catalogue's words all hold (product_words, by its stems' index, in one pass: one lookup
 * a stem instead of one in each cell around the point); `kept`: the alternatives kept, by their
 * place (from 1) in the list; the alternatives kept already known (AnalysedWords), the query as
 * text. Computed once per statement: a cast of a parameter in a plan made for every value would be
 * computed again for every row it is compared with.
 */
function queryOf(words: FullTextQuery): ReturnType<typeof sql.fragment> {
  const { expanded } = words;
  const text = queryText(words);
  if (text !== null) return sql.fragment`q0 AS MATERIALIZED (SELECT ${text}::tsquery AS f, ${expanded?.kept ? sql.array(expanded.kept, 'int4') : piece.noneKept} AS kept)`;
  const { groups, alternatives: a } = expanded!;
  return sql.fragment`held AS MATERIALIZED (
      SELECT coalesce(array_agg(DISTINCT lexeme), '{}') AS stems FROM product_words WHERE lexeme = ANY(${sql.array([...new Set(a.flatMap((x) => x.lexemes))], 'text')})
    ), alternatives AS MATERIALIZED (
      SELECT a.g, a.q, a.k
      FROM held, unnest(${sql.array(
        a.map((x) => x.group + 1),
        'int4',
      )}, ${sql.array(
        a.map((x) => x.query),
        'text',
      )}, ${sql.array(
        a.map((x) => x.lexemes.join(' ')),
        'text',
      )}) WITH ORDINALITY a (g, q, lexemes, k)
      WHERE string_to_array(a.lexemes, ' ') <@ held.stems
    ), q0 AS MATERIALIZED (
      SELECT (SELECT string_agg(CASE WHEN x.alternatives IS NULL THEN c.q ELSE '(' || c.q || ' | ' || x.alternatives || ')' END, ' & ' ORDER BY c.n)
          FROM unnest(${sql.array(groups, 'text')}) WITH ORDINALITY c (q, n)
          LEFT JOIN LATERAL (SELECT string_agg(a.q, ' | ' ORDER BY a.k) AS alternatives FROM alternatives a WHERE a.g = c.n) x ON true)::tsquery AS f,
        (SELECT coalesce(array_agg(k ORDER BY k), '{}') FROM alternatives)::int[] AS kept
    )`;
}

/** A stem product_words holds. */
const lexemeRow = z.object({ lexeme: z.string() });

/**
 * The vocabulary's alternatives of an expanded query the catalogue holds (their places, from 1):
 * those whose stems product_words all holds, as queryOf's `held` and `alternatives` work them out
 * in the search's statement. Read on its own when a search found nothing (no row to learn them
 * from), so that the next search of the same words runs its query as text (and in memory).
 */
export async function keptAlternatives(db: ReadDb, { alternatives }: ExpandedQuery): Promise<number[]> {
  const stems = [...new Set(alternatives.flatMap((a) => a.lexemes))];
  const held = new Set(await db.anyFirst(sql.type(lexemeRow)`SELECT DISTINCT lexeme FROM product_words WHERE lexeme = ANY(${sql.array(stems, 'text')})`));
  return alternatives.flatMap((a, k) => (a.lexemes.every((l) => held.has(l)) ? [k + 1] : []));
}

/** The query the search runs as text, when it is known without the catalogue (queryOf): the corrected words, or their expansion with the alternatives kept. */
export function queryText(words: FullTextQuery): string | null {
  let text = textOf.get(words);
  if (text === undefined) {
    const { corrected, expanded } = words;
    text = !expanded ? corrected : expanded.kept ? expandedText(words) : null;
    textOf.set(words, text);
  }
  return text;
}
/** queryText by query: a query analysed once (AnalysedWords) is the same object at every search. */
const textOf = new WeakMap<FullTextQuery, string | null>();

/** A lexeme of a tsquery as text, with its prefix mark and weights if any ('vin', 'ros':AB, 'pizz':*B), as migration 014's near_query() reads it. */
const queryTerm = /'((?:[^']|'')*)'(?::(\*?)[A-D]*)?/g;

/**
 * A query (as text) in each of `cells`, weights left out, as a product's near_vector holds its
 * words (migration 014): 'vin' | 'ros':AB → 'geod454_91:vin' | 'geod454_91:ros', one query a cell.
 * Found by EXPLAIN (ANALYZE, BUFFERS) at 200,000 products for «dolci», whose vocabulary asks for 23
 * stems in the 12 cells around Milan:
 * - as one query of 276 words (near_query(), migration 014), GIN walked every product found against
 *   all 276 (its consistent check and the merge of its lists are both per word): 20-27 ms for the
 *   index scan alone. A product is written in one cell of each level, so the query in the cells
 *   is the union of the query in each: one query a cell, which the index reads one after the
 *   other into one bitmap (near_vector @@ ANY), the same products for a fraction of the work;
 * - the index cannot tell weights apart (the vocabulary's alternatives ask for a word in a name or
 *   category, migration 063): every product found through one was checked again against
 *   near_vector and the whole 276-word query (1,616 of 2,358 left out, about 10 µs each). Without
 *   the weights the index's answer is exact; they are checked once on search_vector, the words
 *   without the cells (searchProducts `nearWeights`).
 * Written here, where the query's text is known: a regular expression pass a cell cost PostgreSQL
 * about 1 ms for such a query.
 */
export function nearQueries(query: string, cells: readonly string[]): string[] {
  return cells.map((cell) => query.replace(queryTerm, (_, lexeme: string, prefix: string | undefined) => `'${cell}:${lexeme}'${prefix ? ':*' : ''}`));
}

/**
 * The query as near_vector's index reads it: in each of `cells` (nearQueries) where its text is
 * known; otherwise (the first search of words the vocabulary expands, which learns the
 * alternatives kept) as put together in SQL (q0), in all the cells at once, with its weights
 * (migration 014 near_query(): one regular expression pass).
 */
function nearOf(words: FullTextQuery, cells: string[]): ReturnType<typeof sql.fragment> {
  const text = queryText(words);
  return text === null ? sql.fragment`ARRAY[near_query(f, ${textArray(cells)})]` : sql.fragment`${sql.array(nearQueries(text, cells), 'text')}::tsquery[]`;
}

/** A term of a tsquery (as text) that asks for weights: 'formagg':AB, 'pizz':*B. */
const weightedTerm = /'(?:[^']|'')*':\*?[A-D]/;

/** Whether the query the search runs asks for a word of some weights (only the vocabulary's alternatives do: search-words.ts alternativeQuery). */
export function asksForWeights(words: FullTextQuery): boolean {
  let asks = weightsAsked.get(words);
  if (asks === undefined) {
    const { corrected, expanded } = words;
    asks =
      weightedTerm.test(corrected) || Boolean(expanded && (expanded.groups.some((g) => weightedTerm.test(g)) || expanded.alternatives.some((a) => weightedTerm.test(a.query))));
    weightsAsked.set(words, asks);
  }
  return asks;
}
const weightsAsked = new WeakMap<FullTextQuery, boolean>();

/**
 * A tsquery (as text) whose words must be in a product's name or category (weights A and B), not
 * only in its description: 'formagg' → 'formagg':AB.
 */
export function inNameOrCategory(query: string): string {
  return query.replace(/'((?:[^']|'')*)'(:[*A-D]+)?/g, (_, lexeme: string, suffix: string | undefined) => `'${lexeme}':${(suffix ?? ':').slice(1).replace(/[A-D]/g, '') || ''}AB`);
}

/**
 * Which of the query's tiers a product is in, as the queries it is matched against in turn (its
 * tier: the first it matches, or `otherwise`): as written, through a correction, through the
 * vocabulary. Ranked by relevance (the default with words), when the vocabulary knows what the
 * words mean, a product that has them only in its description (a wine «da abbinare ai formaggi»)
 * is not what a search of «formaggio» means: it goes with the vocabulary's finds (a «Pecorino
 * romano»), ranked among them by relevance, where a name counts more than a description. Sorted by
 * distance or price, the customer chose the order: words as written, wherever they are, first.
 */
export function tierQueries(words: FullTextQuery, sort: SearchSort): { queries: string[]; otherwise: number } | null {
  const known = tiersOf.get(words);
  if (known && sort in known) return known[sort]!;
  const tiers = tiersAsWritten(words, sort);
  tiersOf.set(words, { ...known, [sort]: tiers });
  return tiers;
}
/** tierQueries by query and sort (a query analysed once is the same object at every search). */
const tiersOf = new WeakMap<FullTextQuery, Partial<Record<SearchSort, ReturnType<typeof tierQueries>>>>();

function tiersAsWritten(words: FullTextQuery, sort: SearchSort): { queries: string[]; otherwise: number } | null {
  const meant = Boolean(words.expanded || words.meant);
  if (!meant && words.corrected === words.exact) return null;
  if (!meant) return { queries: [words.exact], otherwise: 1 };
  const named = sort === 'relevance' ? inNameOrCategory : (query: string) => query;
  return words.corrected !== words.exact ? { queries: [named(words.exact), named(words.corrected)], otherwise: 2 } : { queries: [named(words.exact)], otherwise: 2 };
}

/** tierQueries as SQL: the tier of the first of its queries a product (`p`) matches, or `otherwise`. */
function tierOf(words: FullTextQuery, sort: SearchSort): ReturnType<typeof sql.fragment> | null {
  const tiers = tierQueries(words, sort);
  if (!tiers) return null;
  const [first, second] = tiers.queries;
  const otherwise = tiers.otherwise === 1 ? piece.one : piece.two;
  return second === undefined
    ? sql.fragment`CASE WHEN p.search_vector @@ ${tsquery(first!)} THEN 0 ELSE ${otherwise} END`
    : sql.fragment`CASE WHEN p.search_vector @@ ${tsquery(first!)} THEN 0 WHEN p.search_vector @@ ${tsquery(second)} THEN 1 ELSE ${otherwise} END`;
}

/**
 * One page of products near a point. The candidates are read once, by one index: with words, the
 * one of the words in the cells around the point (or, for a very wide radius, of the words
 * anywhere, then the box); without, the position one. Of each only what chooses the page is kept
 * (its distance, distance_km() of migration 014; its price or rank when the sort needs them, the
 * rank only in the tiers the page reaches when ranked in tiers; its tier: whether it matches the
 * query as written, only through a correction, or only through the vocabulary); the radius and
 * the totals follow, then the page's contenders (ties kept, so
 * ranking them alone orders the page exactly as ranking all would), and only these are read whole,
 * with their shops, and ranked (availability breaking the sort's ties). The CTE is MATERIALIZED
 * because the planner cannot be trusted to choose that order on every database.
 *
 * How the words match (`words.full`: the query as a tsquery, each word with its typo corrections,
 * each span the vocabulary expands with its alternatives, search-words.ts): near a point, Italian
 * full-text (accents folded, stems) as written in the grid `cells` around it (cellsAround), through
 * its own GIN index (migration 014), which reads only the products with those words there, one
 * cell after the other and without weights (nearQueries), the weights checked on the words found;
 * without cells (a radius too wide for them), the same words anywhere.
 */
export async function searchProducts(
  db: ReadDb,
  search: Around & {
    cells: string[] | null;
    words: FullTextQuery | null;
    sort: SearchSort;
    clock: ShopClock;
    limit: number;
    offset: number;
  },
): Promise<readonly SearchRow[]> {
  const { lat, lng, radius, box, cells, words, category, sort, clock, limit, offset } = search;
  const near = Boolean(words && cells);
  const { none } = piece;
  // The query, computed once (the CTE `q`): as the words' index near a point reads it, and as ranked.
  const rank = words ? piece.rank : piece.noRank;
  const match = !words ? piece.anyWords : near ? (asksForWeights(words) ? sql.fragment`${piece.nearWords}${piece.nearWeights}` : piece.nearWords) : piece.words;

  const tier = words ? tierOf(words, sort) : null;
  const order = orders[sort];
  // Near a point the cells' index is the only way, and one plan serves every call; otherwise the
  // plan depends on the values (a small box reads the position index alone), so it is made per call.
  const query = words
    ? sql.fragment`${queryOf(words)}, q AS MATERIALIZED (
      SELECT f AS words, ${near ? nearOf(words, cells!) : sql.fragment`NULL::tsquery[]`} AS near, kept FROM q0
    ), `
    : none;
  // Ranked by relevance in tiers, only the tiers the page reaches are ranked (`reached`): «vino»
  // finds 1,769 products around Milan, of which the page's 20 are all among those with the word in
  // their name; a rank is a few µs a product against a query the vocabulary expanded.
  const rankedInTiers = Boolean(tier) && sort === 'relevance';
  const contenders = rankedInTiers
    ? sql.fragment`reached AS MATERIALIZED (
      SELECT coalesce((SELECT tier FROM hits WHERE distance_km <= ${radius}::float8 ORDER BY tier OFFSET ${limit + offset - 1}::int LIMIT 1), 2) AS tier
    ), contenders AS (
      SELECT id, distance_km, tier, total, exact_total, related_total, ts_rank(search_vector, (SELECT words FROM q)) AS rank
      FROM (SELECT *, count(*) OVER () AS total${piece.tierTotals} FROM hits WHERE distance_km <= ${radius}::float8) w
      WHERE tier <= (SELECT tier FROM reached)
      ORDER BY ${order.tierFirst}
      FETCH FIRST (${limit + offset}::int) ROWS WITH TIES
    )`
    : sql.fragment`contenders AS (
      SELECT *, count(*) OVER () AS total${tier ? piece.tierTotals : none} FROM hits WHERE distance_km <= ${radius}::float8
      ORDER BY ${tier ? order.tierFirst : order.first}
      FETCH FIRST (${limit + offset}::int) ROWS WITH TIES
    )`;
  const ranked = rankedInTiers ? piece.searchVector : sort === 'relevance' ? sql.fragment`, ${rank} AS rank` : none;
  return db.any(sql.type(searchRow)`${near ? none : plannedForItsValuesFragment}WITH ${query}hits AS MATERIALIZED (
      SELECT p.id, distance_km(${lat}, ${lng}, p.latitude, p.longitude) AS distance_km${sort === 'price' ? piece.price : none}${ranked}${tier ? sql.fragment`, ${tier} AS tier` : none}
      FROM products p
      WHERE ${activeProduct} AND ${match}
        ${near ? none /* the cells hold the box */ : sql.fragment`AND p.latitude BETWEEN ${box.minLat} AND ${box.maxLat} AND p.longitude BETWEEN ${box.minLng} AND ${box.maxLng}`}
        ${category === null ? none : sql.fragment`AND p.category = ${category}`}
    ), ${contenders}
    SELECT ${productColumns}, c.distance_km, c.total, ${sort === 'relevance' ? piece.rankAsRead : sql.fragment`${rank} AS rank`},${tier ? piece.tier : none} ${words ? piece.kept : piece.noneKept} AS kept,
      s.name AS store_name, s.slug AS store_slug, s.address AS store_address, s.latitude AS store_lat, s.longitude AS store_lng,
      ${availability(clock)}
    FROM contenders c JOIN products p ON p.id = c.id JOIN stores s ON s.id = p.store_id
    ORDER BY ${tier ? order.tierPage : order.page}${piece.available}
    LIMIT ${limit} OFFSET ${offset}`);
}

const elsewhereRow = z.object({
  /** A suggestion's place in the list asked (from 1), when it finds something within the radius. */
  suggestion: z.number().nullable(),
  store_id: column.uuid.nullable(),
  store_name: z.string().nullable(),
  store_slug: z.string().nullable(),
  store_address: z.string().nullable(),
  store_lat: z.number().nullable(),
  store_lng: z.number().nullable(),
  distance_km: z.number().nullable(),
  products: z.number().nullable(),
});
export type ElsewhereRow = z.infer<typeof elsewhereRow>;

/**
 * When a search found nothing within its radius, in one read: which of the `suggestions`
 * (tsqueries as text) would find something there, and the nearest `limit` active shops beyond it,
 * within `beyond.radius` km, with products that match `words` (how many, and the nearest's
 * distance). Both through the words' index in the cells around the point, as searchProducts.
 */
export async function foundElsewhere(
  db: ReadDb,
  search: Around & {
    cells: string[] | null;
    suggestions: string[];
    words: FullTextQuery;
    beyond: { radius: number; box: Box; cells: string[] | null; limit: number } | null;
  },
): Promise<readonly ElsewhereRow[]> {
  const { lat, lng, radius, box, cells, category, suggestions, words, beyond } = search;
  const { none } = piece;
  // The words as each area's index reads them: near_query() of the cells, or the words themselves.
  const asRead = (words: ReturnType<typeof sql.fragment>, area: { cells: string[] | null }) => (area.cells ? sql.fragment`near_query(${words}, ${textArray(area.cells)})` : words);
  const where = (words: ReturnType<typeof sql.fragment>, area: { box: Box; cells: string[] | null }) =>
    area.cells
      ? sql.fragment`${activeProduct} AND p.near_vector @@ ${words}`
      : sql.fragment`${activeProduct} AND p.search_vector @@ ${words}
          AND p.latitude BETWEEN ${area.box.minLat} AND ${area.box.maxLat} AND p.longitude BETWEEN ${area.box.minLng} AND ${area.box.maxLng}`;
  const ofCategory = category === null ? none : sql.fragment`AND p.category = ${category}`;
  const shops = beyond
    ? sql.fragment`UNION ALL
      SELECT NULL, s.id, s.name, s.slug, s.address, s.latitude, s.longitude, b.distance_km, b.products
      FROM (
        SELECT p.store_id, min(distance_km(${lat}, ${lng}, p.latitude, p.longitude)) AS distance_km, count(*)::int AS products
        FROM products p
        WHERE ${where(sql.fragment`(SELECT ${asRead(sql.fragment`f`, beyond)} FROM q0)`, beyond)} ${ofCategory}
          AND distance_km(${lat}, ${lng}, p.latitude, p.longitude) BETWEEN ${radius}::float8 AND ${beyond.radius}::float8
        GROUP BY p.store_id
        ORDER BY 2, 1
        LIMIT ${beyond.limit}
      ) b JOIN stores s ON s.id = b.store_id`
    : none;
  // Each suggestion's words as the index reads them, computed once (not again for each row compared).
  return db.any(sql.type(elsewhereRow)`WITH ${queryOf(words)}, suggested AS MATERIALIZED (
        SELECT n, ${asRead(sql.fragment`q::tsquery`, { cells })} AS words FROM unnest(${textArray(suggestions)}) WITH ORDINALITY c (q, n)
      )
      SELECT c.n::int AS suggestion, NULL::uuid AS store_id, NULL AS store_name, NULL AS store_slug, NULL AS store_address,
        NULL::float8 AS store_lat, NULL::float8 AS store_lng, NULL::float8 AS distance_km, NULL::int AS products
      FROM suggested c
      WHERE EXISTS (
        SELECT 1 FROM products p
        WHERE ${where(sql.fragment`c.words`, { box, cells })} ${ofCategory}
          AND distance_km(${lat}, ${lng}, p.latitude, p.longitude) <= ${radius}::float8)
      ${shops}
      ORDER BY 1, 8`);
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
  lexemes: z.array(z.string().nullable()),
  /** `self`: a word of the query, whether the dictionary holds its stem; `word`, `stem`: a word near it, by its form or by its stem; `complete`: a word the last token begins. */
  kind: z.enum(['self', 'word', 'stem', 'complete']).nullable(),
  word: z.string().nullable(),
  lexeme: z.string().nullable(),
  known: z.boolean().nullable(),
  near: z.string().nullable(),
  near_lexeme: z.string().nullable(),
  /** For `stem`: the near stem with the query word's own ending, when that is a form of it («lampadin» + «e»). */
  formed: z.string().nullable(),
});

/**
 * In one read, what correcting a query's words needs: the query as the full-text search reads it
 * (`exact`), its words accent-folded (`tokens`) and their stems (`lexemes`), and (one row each):
 * - each word (of 4 letters or more, not a stop word: search_words_of) and whether the dictionary
 *   holds its stem (`self`);
 * - the dictionary's 40 words nearest to it by trigrams, of a length one typo beyond its budget
 *   (search-words.ts typoBudget) allows (`word`), for a word with a budget or one the dictionary does
 *   not hold;
 * - for a word whose stem the dictionary does not hold, the 60 words whose stems are nearest to its
 *   stem by trigrams likewise (`stem`), each with the near stem given the word's own ending when
 *   that ending still makes a form of it (`formed`);
 * - for the last token (from 3 letters) unless the dictionary holds it as typed, the 20 shortest
 *   words it begins (`complete`).
 * The first row carries the query whatever the words found.
 */
export async function nearestWordsOf(db: ReadDb, dictionary: Dictionary, q: string): Promise<readonly z.infer<typeof nearestWordRow>[]> {
  const words = dictionaries[dictionary];
  return db.any(sql.type(nearestWordRow)`WITH input AS MATERIALIZED (
         SELECT websearch_to_tsquery('italian_unaccent', ${q})::text AS exact,
                array_remove(regexp_split_to_array(f_unaccent(lower(${q})), '[^[:alnum:]]+'), '') AS tokens
       ), query_words AS MATERIALIZED (
         SELECT q.word, q.lexeme, length(q.word) AS len,
                CASE WHEN length(q.word) >= 9 THEN 2 WHEN length(q.word) >= 5 THEN 1 ELSE 0 END AS budget,
                EXISTS (SELECT 1 FROM ${words} w WHERE w.lexeme = q.lexeme) AS known
         FROM search_words_of(${q}) q
       ), last AS (
         SELECT t.token, (ts_lexize('italian_stem', t.token))[1] AS lexeme
         FROM (SELECT tokens[cardinality(tokens)] AS token FROM input) t
         WHERE length(t.token) >= 3 AND NOT EXISTS (SELECT 1 FROM ${words} w WHERE w.word = t.token)
       )
       SELECT i.exact, i.tokens,
         array(SELECT (ts_lexize('italian_stem', t))[1] FROM unnest(i.tokens) WITH ORDINALITY u (t, n) ORDER BY n) AS lexemes,
         c.kind, c.word, c.lexeme, c.known, c.near, c.near_lexeme, c.formed
       FROM input i LEFT JOIN (
         SELECT 'self' AS kind, q.word, q.lexeme, q.known, NULL AS near, NULL AS near_lexeme, NULL AS formed FROM query_words q
         UNION ALL
         SELECT 'word', q.word, q.lexeme, q.known, n.word, n.lexeme, NULL
         FROM query_words q, LATERAL (
           SELECT w.word, w.lexeme FROM ${words} w
           WHERE (q.budget > 0 OR NOT q.known) AND w.word <> q.word AND length(w.word) BETWEEN q.len - q.budget - 1 AND q.len + q.budget + 1
           ORDER BY w.word <-> q.word
           LIMIT 40
         ) n
         UNION ALL
         SELECT 'stem', q.word, q.lexeme, q.known, n.word, n.lexeme,
           CASE WHEN length(q.word) > length(q.lexeme) AND starts_with(q.word, q.lexeme)
                 AND (ts_lexize('italian_stem', n.lexeme || substr(q.word, length(q.lexeme) + 1)))[1] = n.lexeme
                THEN n.lexeme || substr(q.word, length(q.lexeme) + 1) END
         FROM query_words q, LATERAL (
           SELECT w.word, w.lexeme FROM ${words} w
           WHERE NOT q.known AND length(w.lexeme) BETWEEN length(q.lexeme) - q.budget - 1 AND length(q.lexeme) + q.budget + 1
           ORDER BY w.lexeme <-> q.lexeme
           LIMIT 60
         ) n
         UNION ALL
         SELECT 'complete', l.token, l.lexeme, false, n.word, n.lexeme, NULL
         FROM last l, LATERAL (
           SELECT word, lexeme FROM ${words}
           -- A range of the primary key, whatever the collation; starts_with keeps it exact.
           WHERE word > l.token AND word < l.token || chr(1114111) AND starts_with(word, l.token)
           ORDER BY length(word), word
           LIMIT 20
         ) n
         WHERE l.lexeme IS NOT NULL
       ) c ON true`);
}
