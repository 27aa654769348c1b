import type { PoolClient } from 'pg';
import type { Logger } from 'pino';
import type { Pool } from '../../platform/db/pool.js';
import { sql, type ReadDb } from '../../platform/db/read.js';
import type { ProjectionHost } from '../../platform/projections/host.js';
import { productColumns, productRow } from '../catalog/queries.js';
import type { OpeningHours } from '../stores/decider.js';
import { isOpen, opensLaterToday, type RomeClock } from '../stores/opening-hours.js';
import { asksForWeights, queryText, searchProducts, tierQueries, type SearchRow } from './queries.js';
import {
  compareLexemes,
  docOf,
  float4Number,
  idsOfDoc,
  matches,
  parseTsquery,
  parseTsvector,
  rankQueryOf,
  resolve,
  termsOf,
  tsRank,
  type CompiledNode,
  type Doc,
  type RankQuery,
} from './tsquery.js';

/** What a search of products asks (queries.ts searchProducts). */
export type ProductSearch = Parameters<typeof searchProducts>[1];

/** A shop as the results need it. */
interface Shop {
  name: string;
  slug: string;
  address: string;
  lat: number;
  lng: number;
  hours: OpeningHours | null;
}

const radiansPerDegree = 0.0174532925199432957692;

/**
 * Migration 014's distance_km(): the great-circle distance (haversine) on earthdistance's radius,
 * the same operations in the same order (radians() multiplies by PostgreSQL's RADIANS_PER_DEGREE).
 * JavaScript's sin, cos and asin may differ from the C library's in the last bit.
 */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a = Math.sin(((lat2 - lat1) * radiansPerDegree) / 2);
  const b = Math.sin(((lng2 - lng1) * radiansPerDegree) / 2);
  return 2 * 6378.168 * Math.asin(Math.min(1, Math.sqrt(a * a + Math.cos(lat1 * radiansPerDegree) * Math.cos(lat2 * radiansPerDegree) * (b * b))));
}

/** A grid cell's key (geo.ts cellsAround, migration 007 geo_cells()): its two floors. */
const cellKey = (a: number, b: number): number => a * 100_000 + b;

/** The cells of a search (["geod454_91", …]) as keys, and their level (cells per degree). */
function cellsOf(cells: readonly string[]): { perDegree: number; keys: Set<number> } | null {
  let perDegree = 0;
  const keys = new Set<number>();
  for (const cell of cells) {
    const m = /^geo([du])(-?\d+)_(-?\d+)$/.exec(cell);
    if (!m) return null;
    const level = m[1] === 'd' ? 10 : 1;
    if (perDegree && perDegree !== level) return null;
    perDegree = level;
    keys.add(cellKey(Number(m[2]), Number(m[3])));
  }
  return perDegree ? { perDegree, keys } : null;
}

/** Strings whose order tells the collation apart from code points' (case, accents, spaces, punctuation, digits, beyond the BMP). */
const collationProbe = ['a', 'B', 'b', 'A', 'à', 'á', 'é', 'e', 'E', 'Z', 'z', ' a', '-a', '1', '10', '9', 'ä', 'Ä', 'ß', 'ss', 'a b', 'ab', 'a-b', 'ab ', 'É', '€', '😀', 'ｚ', "l'olio", 'lolio', 'Olio', 'olio'];

const byCodePoints = (a: string, b: string): number => compareLexemes(a, b);

/** A row of products as the index reads it (pg's array mode). */
type ProductTuple = [id: string, storeId: string, lat: number, lng: number, category: string | null, price: number, stock: number, name: string, words: string, revision: string, active: boolean];
type StoreTuple = [id: string, name: string, slug: string, address: string, lat: number, lng: number, hours: OpeningHours | null, revision: string];

const productSelect = `SELECT id, store_id, latitude, longitude, category, price_cents, stock_quantity, name, search_vector::text, revision,
  (status = 'active' AND NOT is_deleted AND store_active) FROM products`;
const storeSelect = 'SELECT id, name, slug, address, latitude, longitude, opening_hours, revision FROM stores';

/**
 * The searchable products in memory (issue [17]): a read model kept in this process, derived from
 * the `products` and `stores` read models (PostgreSQL stays the source of truth), answering the
 * hot path of the product search: words whose query is known as text (queries.ts queryText), near
 * a point (the grid's cells). Per active product its shop, position, category, price, stock, name
 * and words (search_vector: lexemes as ids, positions and weights), the lexemes' postings, the
 * shops' hours; a search finds the candidates by the postings of its lexemes, keeps those in the
 * cells and within the radius that match its query (`@@` as PostgreSQL evaluates it, tsquery.ts),
 * tiers, ranks (ts_rank ported) and orders them as the SQL would, then reads the page's rows by id
 * in one statement. Every other search (no words, a radius wider than the grid, the first search
 * of words the vocabulary expands) keeps its SQL (queries.ts searchProducts); so does every search
 * when the database orders names otherwise than by code points (checked once, on the load).
 *
 * Kept current by revisions (migration 067): when either read model changes (in this process or
 * another: the projection host tells) the index is stale, and the next search waits for one read
 * of the rows written since (`revision > seen`), shared by the searches that wait; so a write is
 * never hidden from its author (as the read caches, read-cache.ts). A rebuilt or emptied table (its
 * file changed) is read again whole. Loaded on the first search that needs it.
 */
export class NearIndex {
  // The lexemes: ids, their text, their postings (the product slots holding them); sorted, for prefixes.
  private readonly lexemeIds = new Map<string, number>();
  private readonly lexemes: string[] = [];
  private readonly postings: number[][] = [];
  private sortedLexemes: { lexeme: string; id: number }[] | null = null;

  // The products, by slot.
  private readonly slotOf = new Map<string, number>();
  private readonly ids: (string | null)[] = [];
  private readonly storeIds: string[] = [];
  private readonly lat: number[] = [];
  private readonly lng: number[] = [];
  private readonly category: (string | null)[] = [];
  private readonly price: number[] = [];
  private readonly stock: number[] = [];
  private readonly names: string[] = [];
  private readonly docs: (Doc | null)[] = [];
  private readonly freeSlots: number[] = [];
  private stamps = new Uint32Array(1024);
  private stamp = 0;

  private readonly shops = new Map<string, Shop>();

  private seen = { products: 0, stores: 0 };
  private files: { products: string | null; stores: string | null } = { products: null, stores: null };
  /** Changes heard, and the last of them a read has caught up with. */
  private wanted = 1;
  private caughtUp = 0;
  private reading: Promise<void> | null = null;
  /** Null until the first load: whether the database orders text by code points (the page's ties are ordered by name). */
  private usable: boolean | null = null;

  constructor(
    private readonly db: ReadDb,
    private readonly pool: Pool,
    projections: ProjectionHost,
    private readonly logger?: Logger,
  ) {
    const watched = new Set(['products', 'stores']);
    projections.keepsInMemory(watched);
    projections.onReadModelChanged((name) => {
      if (watched.has(name)) this.wanted++;
    });
  }

  /** One page of products near a point: in memory when it can answer, otherwise by queries.ts searchProducts; the same rows either way. */
  async searchProducts(search: ProductSearch): Promise<readonly SearchRow[]> {
    const found = this.answers(search) ? await this.answer(search) : null;
    return found ?? searchProducts(this.db, search);
  }

  /** Whether the search is one the index answers: words whose query is known as text, near a point. */
  answers(search: ProductSearch): boolean {
    return Boolean(search.words && search.cells && queryText(search.words) !== null) && this.usable !== false;
  }

  /** How many times the products were read whole (tests: a rebuild is followed). */
  loads = 0;

  /** The products the index holds (tests, figures). */
  get size(): number {
    return this.slotOf.size;
  }

  /** Brings the index up to the read models' latest rows (the next search does it anyway). */
  async current(): Promise<void> {
    while (this.caughtUp < this.wanted) {
      this.reading ??= this.read(this.wanted).finally(() => {
        this.reading = null;
      });
      await this.reading;
    }
  }

  private async read(wanted: number): Promise<void> {
    const client = await this.pool.connect();
    try {
      if (this.usable === null) this.usable = await this.ordersByCodePoints(client);
      if (this.files.stores === null || this.files.products === null) {
        await this.loadStores(client);
        await this.loadProducts(client);
      } else {
        // The rows written since the last read; then whether the tables are still those read (a rebuild puts new ones in place).
        const stores = await client.query<StoreTuple>({ text: `${storeSelect} WHERE revision > $1`, values: [this.seen.stores], rowMode: 'array' });
        const products = await client.query<ProductTuple>({ text: `${productSelect} WHERE revision > $1`, values: [this.seen.products], rowMode: 'array' });
        const { rows } = await client.query<{ products: string; stores: string }>(
          "SELECT pg_relation_filenode('products')::text AS products, pg_relation_filenode('stores')::text AS stores",
        );
        const files = rows[0]!;
        if (files.stores !== this.files.stores) await this.loadStores(client);
        else this.applyStores(stores.rows);
        if (files.products !== this.files.products) await this.loadProducts(client);
        else this.applyProducts(products.rows);
      }
      this.caughtUp = wanted;
    } finally {
      client.release();
    }
  }

  /** Every shop, afresh. */
  private async loadStores(client: PoolClient): Promise<void> {
    const { rows } = await this.snapshot(client, 'stores', `${storeSelect}`);
    this.shops.clear();
    this.applyStores(rows as StoreTuple[]);
  }

  /** Every active product, afresh. */
  private async loadProducts(client: PoolClient): Promise<void> {
    this.loads++;
    const before = process.memoryUsage().heapUsed;
    const started = Date.now();
    const { rows } = await this.snapshot(client, 'products', `${productSelect} WHERE status = 'active' AND NOT is_deleted AND store_active`);
    for (const slot of this.slotOf.values()) this.remove(slot);
    this.applyProducts(rows as ProductTuple[]);
    this.logger?.info({ products: this.slotOf.size, lexemes: this.lexemes.length, ms: Date.now() - started, heapMb: Math.round((process.memoryUsage().heapUsed - before) / 1e6) }, 'search index of the products near a point loaded');
  }

  /** A table's rows, its file and its latest revision, as of one snapshot. */
  private async snapshot(client: PoolClient, table: 'products' | 'stores', select: string): Promise<{ rows: unknown[] }> {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const { rows: head } = await client.query<{ file: string; seen: string }>(
        `SELECT pg_relation_filenode('${table}')::text AS file, coalesce(max(revision), 0)::text AS seen FROM ${table}`,
      );
      const { rows } = await client.query({ text: select, rowMode: 'array' });
      await client.query('COMMIT');
      this.files[table] = head[0]!.file;
      this.seen[table] = Number(head[0]!.seen);
      return { rows };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  }

  /** Whether the database orders `products.name` (its default collation) as JavaScript's code points do. */
  private async ordersByCodePoints(client: PoolClient): Promise<boolean> {
    const { rows } = await client.query<{ sorted: string[]; own: boolean }>(
      `SELECT (SELECT array_agg(x ORDER BY x) FROM unnest($1::text[]) x) AS sorted,
              (SELECT attcollation = 100 FROM pg_attribute WHERE attrelid = 'products'::regclass AND attname = 'name') AS own`,
      [collationProbe],
    );
    const expected = [...collationProbe].sort(byCodePoints);
    const same = rows[0]!.own && rows[0]!.sorted.every((x, i) => x === expected[i]);
    if (!same) this.logger?.warn({ sorted: rows[0]!.sorted }, 'the database orders names otherwise than by code points: the product search keeps its SQL');
    return same;
  }

  private applyStores(rows: readonly StoreTuple[]): void {
    for (const [id, name, slug, address, lat, lng, hours, revision] of rows) {
      const shop = this.shops.get(id);
      // Mutated in place: the products hold no copy.
      if (shop) Object.assign(shop, { name, slug, address, lat, lng, hours });
      else this.shops.set(id, { name, slug, address, lat, lng, hours });
      this.seen.stores = Math.max(this.seen.stores, Number(revision));
    }
  }

  private applyProducts(rows: readonly ProductTuple[]): void {
    for (const [id, storeId, lat, lng, category, price, stock, name, words, revision, active] of rows) {
      this.seen.products = Math.max(this.seen.products, Number(revision));
      const existing = this.slotOf.get(id);
      if (!active) {
        if (existing !== undefined) this.remove(existing);
        continue;
      }
      const doc = docOf(parseTsvector(words).map((e) => ({ id: this.lexemeId(e.lexeme), positions: e.positions })));
      let slot = existing;
      if (slot === undefined) {
        slot = this.freeSlots.pop() ?? this.ids.length;
        this.slotOf.set(id, slot);
        this.ids[slot] = id;
      }
      const before = this.docs[slot] ?? null;
      if (!before || !sameLexemes(before, doc)) {
        if (before) for (const lexeme of idsOfDoc(before)) removeFrom(this.postings[lexeme]!, slot);
        for (const lexeme of idsOfDoc(doc)) this.postings[lexeme]!.push(slot);
      }
      this.docs[slot] = doc;
      this.storeIds[slot] = storeId;
      this.lat[slot] = lat;
      this.lng[slot] = lng;
      this.category[slot] = category;
      this.price[slot] = price;
      this.stock[slot] = stock;
      this.names[slot] = name;
    }
  }

  private remove(slot: number): void {
    const doc = this.docs[slot];
    if (doc) for (const lexeme of idsOfDoc(doc)) removeFrom(this.postings[lexeme]!, slot);
    this.slotOf.delete(this.ids[slot]!);
    this.ids[slot] = null;
    this.docs[slot] = null;
    this.freeSlots.push(slot);
  }

  private lexemeId(lexeme: string): number {
    let id = this.lexemeIds.get(lexeme);
    if (id === undefined) {
      id = this.lexemes.length;
      this.lexemeIds.set(lexeme, id);
      this.lexemes.push(lexeme);
      this.postings.push([]);
      this.sortedLexemes = null;
    }
    return id;
  }

  /** A query's term as the index's lexeme ids: its own, or for a prefix every lexeme it begins (in lexeme order). */
  private idsOf = (term: { lexeme: string; prefix: boolean }): number[] => {
    if (!term.prefix) {
      const id = this.lexemeIds.get(term.lexeme);
      return id === undefined ? [] : [id];
    }
    this.sortedLexemes ??= this.lexemes.map((lexeme, id) => ({ lexeme, id })).sort((a, b) => compareLexemes(a.lexeme, b.lexeme));
    const sorted = this.sortedLexemes;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareLexemes(sorted[mid]!.lexeme, term.lexeme) < 0) lo = mid + 1;
      else hi = mid;
    }
    const ids: number[] = [];
    for (let k = lo; k < sorted.length && sorted[k]!.lexeme.startsWith(term.lexeme); k++) ids.push(sorted[k]!.id);
    return ids;
  };

  /** The page as searchProducts answers it, or null when the index cannot answer this search (its SQL then does). */
  async answer(search: ProductSearch): Promise<readonly SearchRow[] | null> {
    if (!this.answers(search)) return null;
    try {
      await this.current();
    } catch (err) {
      this.logger?.warn({ err }, 'search index of the products near a point not read: the search keeps its SQL');
      return null;
    }
    if (!this.usable) return null;
    const { lat, lng, radius, cells, words, category, sort, clock, limit, offset } = search;
    const text = queryText(words!)!;
    const area = cellsOf(cells!);
    const parsed = parseTsquery(text);
    if (!area) return null;
    // No words left (only stop words: «degli»): the empty query matches nothing, as in PostgreSQL.
    if (!parsed) return [];
    const query = resolve(parsed, this.idsOf);
    // A query that matches a product without any of its words (only exclusions) has no postings to start from.
    const empty = docOf([]);
    if (matches(query, empty, false) || matches(query, empty)) return null;
    const weighted = asksForWeights(words!);
    // Without exclusions a term's weights only narrow what it matches: the query with them implies the query without.
    const negated = termsOf(query).length > 0 && hasNot(query);
    const tiers = tierQueries(words!, sort);
    const tierNodes: CompiledNode[] | null = tiers ? tiers.queries.map((q) => resolve(parseTsquery(q)!, this.idsOf)) : null;
    const ranked: RankQuery = rankQueryOf(query);

    // The candidates: the products holding any of the query's lexemes, once each.
    if (this.stamps.length < this.ids.length) this.stamps = new Uint32Array(this.ids.length * 2);
    const stamp = ++this.stamp;
    const stamps = this.stamps;
    const hits: Hit[] = [];
    const { perDegree, keys } = area;
    for (const term of termsOf(query)) {
      for (const id of term.ids) {
        for (const slot of this.postings[id]!) {
          if (stamps[slot] === stamp) continue;
          stamps[slot] = stamp;
          const pLat = this.lat[slot]!;
          const pLng = this.lng[slot]!;
          // Near a point the SQL reads the words written in the cells around it (near_vector), then keeps those within the radius.
          if (!keys.has(cellKey(Math.floor(pLat * perDegree), Math.floor(pLng * perDegree)))) continue;
          if (category !== null && this.category[slot] !== category) continue;
          const distance = distanceKm(lat, lng, pLat, pLng);
          if (!(distance <= radius)) continue;
          const doc = this.docs[slot]!;
          if (weighted ? (negated && !matches(query, doc, false)) || !matches(query, doc) : !matches(query, doc, false)) continue;
          const shop = this.shops.get(this.storeIds[slot]!);
          // The SQL joins the product's shop: without it, no row.
          if (!shop) continue;
          let tier = 0;
          if (tierNodes) {
            tier = tiers!.otherwise;
            for (let t = 0; t < tierNodes.length; t++) {
              if (matches(tierNodes[t]!, doc)) {
                tier = t;
                break;
              }
            }
          }
          hits.push({ slot, distance, tier, rank: Number.NaN, open: isOpen(shop.hours, clock as RomeClock), shop });
        }
      }
    }

    const rankOf = (hit: Hit): number => (Number.isNaN(hit.rank) ? (hit.rank = tsRank(this.docs[hit.slot]!, ranked)) : hit.rank);
    let contenders = hits;
    if (tiers && sort === 'relevance') {
      // Only the tiers the page reaches are ranked (as the SQL's `reached`).
      const byTier = hits.map((h) => h.tier).sort((a, b) => a - b);
      const reached = byTier[limit + offset - 1] ?? 2;
      contenders = hits.filter((h) => h.tier <= reached);
    }
    const price = this.price;
    const stock = this.stock;
    const names = this.names;
    const ids = this.ids;
    const order = (a: Hit, b: Hit): number => {
      if (tiers && a.tier !== b.tier) return a.tier - b.tier;
      let d = 0;
      if (sort === 'distance') d = a.distance - b.distance || rankOf(b) - rankOf(a);
      else if (sort === 'relevance') d = rankOf(b) - rankOf(a) || a.distance - b.distance;
      else d = price[a.slot]! - price[b.slot]! || a.distance - b.distance;
      if (d) return d;
      const inStock = Number(stock[b.slot]! > 0) - Number(stock[a.slot]! > 0);
      if (inStock) return inStock;
      if (a.open !== b.open) return a.open ? -1 : 1;
      return byCodePoints(names[a.slot]!, names[b.slot]!) || (ids[a.slot]! < ids[b.slot]! ? -1 : ids[a.slot]! > ids[b.slot]! ? 1 : 0);
    };
    const page = contenders.sort(order).slice(offset, offset + limit);
    if (!page.length) return [];

    let exact = 0;
    let related = 0;
    for (const h of hits) {
      if (h.tier === 0) exact++;
      else if (h.tier === 2) related++;
    }
    const kept = words!.expanded?.kept ?? [];
    const pageIds = page.map((h) => ids[h.slot]!);
    const rows = await this.db.any(sql.type(productRow)`SELECT ${productColumns} FROM products p WHERE p.id = ANY(${sql.array(pageIds, 'uuid')})`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return page.flatMap((h, k) => {
      const row = byId.get(pageIds[k]!);
      // Gone since the index last read it: the next search reads the change.
      if (!row) return [];
      const { shop } = h;
      // Written out, not spread: a spread of the row cost more than the rest of the search (node --cpu-prof).
      const answer: SearchRow = {
        id: row.id,
        store_id: row.store_id,
        name: row.name,
        description: row.description,
        price_cents: row.price_cents,
        stock_quantity: row.stock_quantity,
        image_url: row.image_url,
        images: row.images,
        default_image_index: row.default_image_index,
        pdf_url: row.pdf_url,
        category: row.category,
        sku: row.sku,
        barcode: row.barcode,
        status: row.status,
        is_deleted: row.is_deleted,
        featured: row.featured,
        on_sale: row.on_sale,
        global_product_id: row.global_product_id,
        store_active: row.store_active,
        created_at: row.created_at,
        updated_at: row.updated_at,
        store_name: shop.name,
        store_slug: shop.slug,
        store_address: shop.address,
        store_lat: shop.lat,
        store_lng: shop.lng,
        distance_km: h.distance,
        rank: float4Number(rankOf(h)),
        kept,
        open_now: h.open,
        pickup_today: row.stock_quantity > 0 && opensLaterToday(shop.hours, clock as RomeClock),
        total: hits.length,
      };
      if (tiers) {
        answer.tier = h.tier;
        answer.exact_total = exact;
        answer.related_total = related;
      }
      return [answer];
    });
  }
}

interface Hit {
  slot: number;
  distance: number;
  tier: number;
  /** ts_rank, computed when an order needs it (NaN until then). */
  rank: number;
  open: boolean;
  shop: Shop;
}

function hasNot(node: CompiledNode): boolean {
  return node.kind === 'not' || (node.kind !== 'term' && (hasNot(node.left) || hasNot(node.right)));
}

function sameLexemes(a: Doc, b: Doc): boolean {
  if (a[0] !== b[0]) return false;
  for (let k = 1; k <= a[0]!; k++) if (a[k] !== b[k]) return false;
  return true;
}

function removeFrom(list: number[], slot: number): void {
  const at = list.indexOf(slot);
  if (at < 0) return;
  list[at] = list[list.length - 1]!;
  list.pop();
}
