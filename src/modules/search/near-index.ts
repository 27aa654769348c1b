import type { PoolClient } from 'pg';
import type { Logger } from 'pino';
import type { Pool } from '../../platform/db/pool.js';
import { isoTimeOf, type ReadDb } from '../../platform/db/read.js';
import type { ProjectionHost } from '../../platform/projections/host.js';
import type { OpeningHours } from '../stores/store.js';
import { isOpen, opensLaterToday, type RomeClock } from '../stores/opening-hours.js';
import { asksForWeights, foundElsewhere, queryText, searchProducts, tierQueries, type ElsewhereRow, type SearchRow } from './queries.js';
import {
  compareLexemes,
  docOf,
  entryOf,
  entryTerm,
  entryWeights,
  addTerm,
  orRank,
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
  type Resolved,
} from './tsquery.js';

/** What a search of products asks (queries.ts searchProducts). */
export type ProductSearch = Parameters<typeof searchProducts>[1];
/** What a search that found nothing asks next (queries.ts foundElsewhere). */
export type ElsewhereSearch = Parameters<typeof foundElsewhere>[1];

/** A shop as the results need it. */
interface Shop {
  name: string;
  slug: string;
  address: string;
  lat: number;
  lng: number;
  hours: OpeningHours | null;
}

const radiansPerDegree = 0.017453292519943295;

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

const earthRadiusKm = 6378.168;
/**
 * Radians within which (each of the latitudes' and longitudes' differences) the haversine's angle
 * squared is dLat² + cos·cos·dLng² within a relative 1e-3 (sin²(x/2) = x²/4 · (1 - δ), δ ≤ x²/12).
 */
const smallAngle = 0.05;

/** distanceKm with the two latitudes' cosines already known (the same operations, the same result). */
function distanceFrom(lat1: number, cos1: number, lng1: number, lat2: number, cos2: number, lng2: number): number {
  const a = Math.sin(((lat2 - lat1) * radiansPerDegree) / 2);
  const b = Math.sin(((lng2 - lng1) * radiansPerDegree) / 2);
  return 2 * 6378.168 * Math.asin(Math.min(1, Math.sqrt(a * a + cos1 * cos2 * (b * b))));
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

/**
 * The postings' spatial key: a product's cell of 0.1° (the grid's finer level, geo.ts), rows by
 * latitude then columns by longitude, so that a row of cells is one contiguous range of keys.
 */
const fineKey = (row: number, col: number): number => (Math.max(-1000, Math.min(1000, row)) + 1000) * 4096 + Math.max(-2000, Math.min(2000, col)) + 2000;
const keyOfPosition = (lat: number, lng: number): number => fineKey(Math.floor(lat * 10), Math.floor(lng * 10));

/**
 * The runs of fine keys (inclusive, as pairs in one array) a search's cells cover: at the finer level
 * exactly its cells, one run per row of consecutive cells; at the coarser (1°), the fine cells of
 * each with a margin of one (a position's floor at 0.1° and at 1° may disagree in the last bit),
 * each candidate then checked against its cell (`exact` false).
 */
function runsOf({ perDegree, keys }: { perDegree: number; keys: Set<number> }): { runs: number[]; exact: boolean } {
  const cells = [...keys].map((k) => {
    const row = Math.round(k / 100_000);
    return [row, k - row * 100_000] as const;
  });
  const fine: [number, number, number][] = [];
  if (perDegree === 10) for (const [row, col] of cells) fine.push([row, col, col]);
  else for (const [row, col] of cells) for (let r = row * 10 - 1; r <= row * 10 + 10; r++) fine.push([r, col * 10 - 1, col * 10 + 10]);
  fine.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const runs: number[] = [];
  for (const [row, from, to] of fine) {
    const last = runs.length - 1;
    if (last > 0 && runs[last]! >= fineKey(row, from) - 1 && Math.floor(runs[last]! / 4096) === Math.floor(fineKey(row, from) / 4096))
      runs[last] = Math.max(runs[last]!, fineKey(row, to));
    else runs.push(fineKey(row, from), fineKey(row, to));
  }
  return { runs, exact: perDegree === 10 };
}

/** A lexeme id's bit among a signature's 64 (two ints: low, high). */
const bitOf = (id: number): number => id & 63;

/**
 * A product's numbers that a search reads for each product it meets, side by side (a cache line
 * holds both records): in `NearIndex.ints`, eight ints a slot at slot × 8 (its search's stamp and
 * hit, its words' signature, shop, category, cell and stock), and in `NearIndex.geo`, four doubles a
 * slot at slot × 4 (latitude, longitude, cos(latitude), price). Spread over eleven arrays, a product
 * met cost a search about as many reads from memory as arrays, and a search of a few thousand
 * products, run in turn with others, waited on memory most of its time.
 */
const intsPerSlot = 8;
const STAMP = 0;
/** A search's hit of the product it stamped (-1 when it was not one): valid where STAMP holds the search's stamp. */
const HIT = 1;
/** Two ints: the signature's low and high words (signWords). */
const SIGNATURE = 2;
const SHOP = 4;
const CATEGORY = 5;
const CELL = 6;
const STOCK = 7;
const geoPerSlot = 4;
const LAT = 0;
const LNG = 1;
/** cos(latitude), as distanceKm computes it. */
const COS_LAT = 2;
const PRICE = 3;

/** A product's words as a signature: the bits of its lexemes' ids, at its SIGNATURE in `ints`. */
function signWords(ints: Int32Array, slot: number, doc: Doc): void {
  let low = 0;
  let high = 0;
  for (const id of idsOfDoc(doc)) {
    const bit = bitOf(id);
    if (bit < 32) low |= 1 << bit;
    else high |= 1 << (bit - 32);
  }
  ints[slot * intsPerSlot + SIGNATURE] = low;
  ints[slot * intsPerSlot + SIGNATURE + 1] = high;
}

/** The signature of some lexeme ids (low, high). */
function signatureOf(ids: Iterable<number>): [number, number] {
  let low = 0;
  let high = 0;
  for (const id of ids) {
    const bit = bitOf(id);
    if (bit < 32) low |= 1 << bit;
    else high |= 1 << (bit - 32);
  }
  return [low, high];
}

/**
 * What a product's signature must hold to match a query: signatures (low, high pairs) that each
 * share a bit with it. A product whose signature misses one does not match (its words left unread).
 */
function needsOf(node: CompiledNode): number[] {
  switch (node.kind) {
    case 'term':
      return signatureOf(node.ids);
    case 'not':
      return [];
    case 'or': {
      const drivers = driversOf(node, () => 0);
      return drivers ? signatureOf(drivers.flatMap((term) => term.ids)) : [];
    }
    default:
      return [...needsOf(node.left), ...needsOf(node.right)];
  }
}

/** A query's words when it is one word or a disjunction of words: pairs (lexeme id, the weights it asks); null otherwise. */
function wordsOf(node: CompiledNode): number[] | null {
  if (node.kind === 'term') return node.ids.flatMap((id) => [id, node.weights]);
  if (node.kind !== 'or') return null;
  const left = wordsOf(node.left);
  const right = wordsOf(node.right);
  return left && right ? [...left, ...right] : null;
}

/** Whether a product's signature (low, high) holds what `needs` says (needsOf): if not, it does not match. */
function mayMatch(needs: Int32Array, low: number, high: number): boolean {
  for (let m = 0; m < needs.length; m += 2) if (((low & needs[m]!) | (high & needs[m + 1]!)) === 0) return false;
  return true;
}

/** needsOf, kept per compiled node (the compiled queries are kept: NearIndex.compile). */
const needsKept = new WeakMap<CompiledNode, Int32Array>();
function needs(node: CompiledNode): Int32Array {
  let kept = needsKept.get(node);
  if (!kept) needsKept.set(node, (kept = Int32Array.from(needsOf(node))));
  return kept;
}

/**
 * A lexeme's postings: the product slots holding it, ordered by their cell (fineKey) then slot,
 * with their keys beside them, so that a search reads only those in its cells; and beside each,
 * what the product's words say of the lexeme, so that a search reads them without reading its
 * words: its term of the product's rank (entryTerm), its weights (entryWeights).
 */
class Postings {
  keys = new Int32Array(4);
  slots = new Int32Array(4);
  ranks = new Float32Array(4);
  weights = new Uint8Array(4);
  length = 0;
  /** Those before it are in order; those after were appended by a load (sorted once at its end). */
  sorted = 0;

  /** The first place whose key is at least `key` (or whose (key, slot) is at least the pair). */
  lowerBound(key: number, slot = -1, end = this.length): number {
    const { keys, slots } = this;
    let lo = 0;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const k = keys[mid]!;
      if (k < key || (k === key && slots[mid]! < slot)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private room(): void {
    if (this.length < this.keys.length) return;
    const n = this.keys.length * 2;
    this.keys = grown(this.keys, n, (k) => new Int32Array(k));
    this.slots = grown(this.slots, n, (k) => new Int32Array(k));
    this.ranks = grown(this.ranks, n, (k) => new Float32Array(k));
    this.weights = grown(this.weights, n, (k) => new Uint8Array(k));
  }

  /** Appended at the end, to be sorted by `sort` (a load): the product in `slot`, its words `doc` holding the lexeme as their entry `k`. */
  append(key: number, slot: number, doc: Doc, k: number): void {
    this.room();
    this.set(this.length++, key, slot, doc, k);
  }

  insert(key: number, slot: number, doc: Doc, k: number): void {
    if (this.sorted < this.length) return this.append(key, slot, doc, k);
    this.room();
    const at = this.lowerBound(key, slot);
    this.shift(at + 1, at, this.length);
    this.set(at, key, slot, doc, k);
    this.sorted = ++this.length;
  }

  remove(key: number, slot: number): void {
    let at = this.lowerBound(key, slot, this.sorted);
    if (at < this.sorted && this.slots[at] === slot && this.keys[at] === key) this.sorted--;
    else {
      at = -1;
      for (let k = this.sorted; k < this.length; k++) if (this.slots[k] === slot) at = k;
      if (at < 0) return;
    }
    this.shift(at, at + 1, this.length);
    this.length--;
  }

  private set(at: number, key: number, slot: number, doc: Doc, k: number): void {
    this.keys[at] = key;
    this.slots[at] = slot;
    this.ranks[at] = entryTerm(doc, k);
    this.weights[at] = entryWeights(doc, k);
  }

  private shift(target: number, start: number, end: number): void {
    this.keys.copyWithin(target, start, end);
    this.slots.copyWithin(target, start, end);
    this.ranks.copyWithin(target, start, end);
    this.weights.copyWithin(target, start, end);
  }

  /** In order of (key, slot); the products' words (`docs`, holding `lexeme`) read again when they had to be reordered. */
  sort(docs: readonly (Doc | null)[], lexeme: number): void {
    if (this.sorted === this.length) return;
    // A load reads the products in the order of their cells into fresh slots: most often appended in order already.
    let inOrder = true;
    for (let k = Math.max(1, this.sorted); k < this.length && inOrder; k++) {
      const a = this.keys[k - 1]!;
      const b = this.keys[k]!;
      inOrder = a < b || (a === b && this.slots[k - 1]! < this.slots[k]!);
    }
    if (inOrder) {
      this.sorted = this.length;
      return;
    }
    // (key, slot) as one double (key < 2^23, slot < 2^29): one numeric sort.
    const pairs = new Float64Array(this.length);
    for (let k = 0; k < this.length; k++) pairs[k] = this.keys[k]! * 536_870_912 + this.slots[k]!;
    pairs.sort();
    for (let k = 0; k < this.length; k++) {
      const key = Math.floor(pairs[k]! / 536_870_912);
      const slot = pairs[k]! - key * 536_870_912;
      const doc = docs[slot]!;
      this.set(k, key, slot, doc, entryOf(doc, lexeme));
    }
    this.sorted = this.length;
  }
}

/** The size of a buffer of the products' words (ints: 4 MB). */
const docBufferLength = 1 << 20;

/** A growable typed array's next size. */
function grown<T extends Int32Array | Float64Array | Float32Array | Uint8Array>(array: T, length: number, make: (n: number) => T): T {
  if (array.length >= length) return array;
  const next = make(Math.max(length, array.length * 2));
  next.set(array);
  return next;
}

/** Strings whose order tells the collation apart from code points' (case, accents, spaces, punctuation, digits, beyond the BMP). */
const collationProbe = [
  'a',
  'B',
  'b',
  'A',
  'à',
  'á',
  'é',
  'e',
  'E',
  'Z',
  'z',
  ' a',
  '-a',
  '1',
  '10',
  '9',
  'ä',
  'Ä',
  'ß',
  'ss',
  'a b',
  'ab',
  'a-b',
  'ab ',
  'É',
  '€',
  '😀',
  'ｚ',
  "l'olio",
  'lolio',
  'Olio',
  'olio',
];

const byCodePoints = (a: string, b: string): number => compareLexemes(a, b);

/** A row of products as the index reads it (pg's array mode). */
type ProductTuple = [
  id: string,
  storeId: string,
  lat: number,
  lng: number,
  category: string | null,
  price: number,
  stock: number,
  name: string,
  words: string,
  revision: string,
  active: boolean,
  description: string,
  imageUrl: string | null,
  images: string[],
  defaultImageIndex: number,
  pdfUrl: string | null,
  sku: string | null,
  barcode: string | null,
  featured: boolean,
  onSale: boolean,
  globalProductId: string | null,
  createdAt: string,
  updatedAt: string,
  priceSince: string | null,
  lowestPrice30DaysCents: number | null,
];

/** What a page shows of a product besides what the search reads (catalog/queries.ts productColumns). */
interface Display {
  description: string;
  image_url: string | null;
  images: string[];
  default_image_index: number;
  pdf_url: string | null;
  sku: string | null;
  barcode: string | null;
  featured: boolean;
  on_sale: boolean;
  global_product_id: string | null;
  created_at: string;
  updated_at: string;
  price_since: string | null;
  lowest_price_30d_cents: number | null;
}
type StoreTuple = [id: string, name: string, slug: string, address: string, lat: number, lng: number, hours: OpeningHours | null, revision: string];

const productSelect = `SELECT id, store_id, latitude, longitude, category, price_cents, stock_quantity, name, search_vector::text, revision,
  (status = 'active' AND NOT is_deleted AND store_active),
  description, image_url, images, default_image_index, pdf_url, sku, barcode, featured, on_sale, global_product_id, created_at::text, updated_at::text, price_since::text, lowest_price_30d_cents FROM products`;
const storeSelect = 'SELECT id, name, slug, address, latitude, longitude, opening_hours, revision FROM stores';

/**
 * The searchable products in memory (issue [17]): a read model kept in this process, derived from
 * the `products` and `stores` read models (PostgreSQL stays the source of truth), answering the
 * hot path of the product search: words whose query is known as text (queries.ts queryText), near
 * a point (the grid's cells). Per active product, in typed arrays, its shop and category (both
 * interned), position, price, stock, name, the columns a page shows, and words (search_vector:
 * lexemes as ids, positions and weights, each one's term of ts_rank); per lexeme its postings
 * ordered by cell (Postings), and those of the products holding it in their name or category; the
 * shops' hours. A search reads, for each row of its cells, one contiguous range of the postings of
 * the words its matches must hold (driversOf), keeps those within the radius that match its query
 * (`@@` as PostgreSQL evaluates it, tsquery.ts), tiers them, ranks (ts_rank ported) only the tiers
 * the page reaches, keeps the page's rows in order as they come, and writes them from memory.
 * When a search found nothing, the same postings answer queries.ts foundElsewhere (elsewhere).
 * Measured at 200,000 products: scripts/bench/search-profile.ts, npm run bench:search. Every other search (no words, a radius wider than the grid, the first search
 * of words the vocabulary expands) keeps its SQL (queries.ts searchProducts); so does every search
 * when the database orders names otherwise than by code points (checked once, on the load).
 *
 * Kept current by revisions (migration 066): when either read model changes (in this process or
 * another: the projection host tells) the index is stale, and the next search waits for one read
 * of the rows written since (`revision > seen`), shared by the searches that wait; so a write is
 * never hidden from its author (as the read caches, read-cache.ts). A rebuilt or emptied table (its
 * file changed) is read again whole. Loaded on the first search that needs it.
 */
export class NearIndex {
  // The lexemes: ids, their text, their postings (by cell); sorted, for prefixes.
  private readonly lexemeIds = new Map<string, number>();
  private readonly lexemes: string[] = [];
  private readonly postings: Postings[] = [];
  /** The same, of the products holding the lexeme in their name or category (weights A, B): what the vocabulary's alternatives ask for. */
  private readonly named: Postings[] = [];
  private sortedLexemes: { lexeme: string; id: number }[] | null = null;
  private readonly compiledQueries = new Map<string, Compiled | 'empty' | 'unanchored'>();

  // The products, by slot: typed arrays, the shops and categories as numbers (interned).
  private readonly slotOf = new Map<string, number>();
  private readonly ids: (string | null)[] = [];
  private readonly names: string[] = [];
  private readonly docs: (Doc | null)[] = [];
  /** The buffer the next documents are packed into (packed), how much of it is used; the room of the documents in all of them, and of those written over or removed. */
  private docBuffer = new Int32Array(0);
  private docUsed = 0;
  private docRoom = 0;
  private docWaste = 0;
  private readonly displays: (Display | null)[] = [];
  /** Per slot, its ints and its doubles (intsPerSlot, geoPerSlot). */
  private ints = new Int32Array(1024 * intsPerSlot);
  private geo = new Float64Array(1024 * geoPerSlot);
  private readonly freeSlots: number[] = [];
  private stamp = 0;
  /** Per lexeme id, the stamp of the last search that read its postings in its cells whole, stamping every product holding it there. */
  private passed = new Int32Array(1024);

  // The shops, interned by id (a product may name one not read yet: no row, as the SQL's join), and the categories.
  private readonly shopIndex = new Map<string, number>();
  private readonly shops: (Shop | undefined)[] = [];
  private shopStamps = new Int32Array(64);
  private shopOpen = new Uint8Array(64);
  private readonly shopIds: string[] = [];
  private readonly categoryIndex = new Map<string, number>();
  private readonly categories: string[] = [];

  // A search's hits, reused (a search reads them synchronously, before its one await).
  private hitSlots = new Int32Array(1024);
  private hitDistances = new Float64Array(1024);
  /** Each hit's small-angle form of its distance (dLat² + cos·cos·dLng²), NaN beyond smallAngle: what orders two hits by distance without trigonometry when they are clearly apart. */
  private hitAngles = new Float64Array(1024);
  private hitTiers = new Int32Array(1024);
  private hitRanks = new Float64Array(1024);
  private places = new Int32Array(1024);
  private placesFor: RankQuery | null = null;

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

  /** When a search found nothing: foundElsewhere's rows, in memory when the index can answer, otherwise by its SQL; the same rows either way. */
  async foundElsewhere(search: ElsewhereSearch): Promise<readonly ElsewhereRow[]> {
    return (await this.elsewhere(search)) ?? foundElsewhere(this.db, search);
  }

  /**
   * queries.ts foundElsewhere in memory: which of the suggestions match a product of the search's
   * cells within its radius (of its category), and the nearest shops beyond the radius (within
   * `beyond.radius`, in `beyond.cells`) with products that match the words, as near_vector @@
   * near_query() matches them (a product of those cells that matches the query, weights
   * included). Null when the index cannot answer (the query unknown as text, an area without
   * cells, a query that matches without any of its words): its SQL then does.
   */
  async elsewhere(search: ElsewhereSearch): Promise<ElsewhereRow[] | null> {
    const { lat, lng, radius, cells, category, suggestions, words, beyond } = search;
    const text = queryText(words);
    if (text === null || !cells || (beyond && !beyond.cells) || this.usable === false) return null;
    try {
      await this.current();
    } catch (err) {
      this.logger?.warn({ err }, 'indice di ricerca dei prodotti vicini non letto: la ricerca usa l’SQL');
      return null;
    }
    if (!this.usable) return null;
    const area = cellsOf(cells);
    const wide = beyond ? cellsOf(beyond.cells!) : null;
    if (!area || (beyond && !wide)) return null;
    let asked: ReturnType<NearIndex['compile']>[];
    let main: ReturnType<NearIndex['compile']> | null;
    try {
      asked = suggestions.map((s) => this.compile(s, null));
      main = beyond ? this.compile(text, null) : null;
    } catch {
      // A query the index does not read (tsquery.ts refuses unquoted operands): its SQL reads it.
      return null;
    }
    // A query that matches a product without any of its words (only exclusions) has no postings to start from.
    if (asked.includes('unanchored') || main === 'unanchored') return null;
    const wanted = category === null ? -1 : (this.categoryIndex.get(category) ?? -2);
    const rows: ElsewhereRow[] = [];
    // A category no product has: nothing anywhere (as the SQL).
    if (wanted === -2) return rows;
    const cosCentre = Math.cos(lat * radiansPerDegree);
    const { geo } = this;
    const distanceOf = (slot: number) => {
      const g = slot * geoPerSlot;
      return distanceFrom(lat, cosCentre, lng, geo[g + LAT]!, geo[g + COS_LAT]!, geo[g + LNG]!);
    };
    asked.forEach((query, k) => {
      // No words left (only stop words): the empty query matches nothing, as in PostgreSQL.
      if (query === 'empty' || query === 'unanchored') return;
      let found = false;
      this.eachMatch(query, area, wanted, (slot) => (found = distanceOf(slot) <= radius));
      if (found)
        rows.push({
          suggestion: k + 1,
          store_id: null,
          store_name: null,
          store_slug: null,
          store_address: null,
          store_lat: null,
          store_lng: null,
          distance_km: null,
          products: null,
        });
    });
    if (beyond && main && main !== 'empty') {
      // Per shop: its nearest match's distance and how many match, between the radius and beyond's.
      const byShop = new Map<number, { distance: number; products: number }>();
      const { ints } = this;
      this.eachMatch(main, wide!, wanted, (slot) => {
        const distance = distanceOf(slot);
        if (!(distance >= radius && distance <= beyond.radius)) return false;
        const shop = ints[slot * intsPerSlot + SHOP]!;
        const seen = byShop.get(shop);
        if (!seen) byShop.set(shop, { distance, products: 1 });
        else {
          seen.products++;
          if (distance < seen.distance) seen.distance = distance;
        }
        return false;
      });
      const { shopIds, shops } = this;
      const nearest = [...byShop].sort(([a, x], [b, y]) => x.distance - y.distance || (shopIds[a]! < shopIds[b]! ? -1 : shopIds[a]! > shopIds[b]! ? 1 : 0)).slice(0, beyond.limit);
      for (const [at, { distance, products }] of nearest) {
        const shop = shops[at];
        // The SQL joins the shop after choosing the nearest: one without its row is left out, not replaced.
        if (!shop) continue;
        rows.push({
          suggestion: null,
          store_id: shopIds[at]!,
          store_name: shop.name,
          store_slug: shop.slug,
          store_address: shop.address,
          store_lat: shop.lat,
          store_lng: shop.lng,
          distance_km: distance,
          products,
        });
      }
    }
    return rows;
  }

  /**
   * Each product of `area` (cellsOf) of the category `wanted` (-1: any) that matches `compiled`
   * with its weights (as near_vector @@ near_query() does), once, until `visit` returns true. Read
   * from the postings of its drivers' words in the area's cells (of the products holding a word in
   * their name or category, for a word asked only there).
   */
  private eachMatch(compiled: Compiled, area: { perDegree: number; keys: Set<number> }, wanted: number, visit: (slot: number) => boolean): void {
    const { query, drivers } = compiled;
    const stamp = this.nextStamp();
    const { ints, geo, docs } = this;
    const { perDegree, keys } = area;
    const { runs, exact } = runsOf(area);
    for (const term of drivers) {
      const lists = term.weights !== 0 && (term.weights & 0b0011) === 0 ? this.named : this.postings;
      for (const id of term.ids) {
        const postings = lists[id]!;
        const postingKeys = postings.keys;
        const postingSlots = postings.slots;
        const end = postings.length;
        for (let r = 0; r < runs.length; r += 2) {
          const last = runs[r + 1]!;
          for (let i = postings.lowerBound(runs[r]!); i < end && postingKeys[i]! <= last; i++) {
            const slot = postingSlots[i]!;
            const at = slot * intsPerSlot;
            if (ints[at + STAMP] === stamp) continue;
            ints[at + STAMP] = stamp;
            const g = slot * geoPerSlot;
            if (!exact && !keys.has(cellKey(Math.floor(geo[g + LAT]! * perDegree), Math.floor(geo[g + LNG]! * perDegree)))) continue;
            if (wanted !== -1 && ints[at + CATEGORY] !== wanted) continue;
            if (!matches(query, docs[slot]!)) continue;
            if (visit(slot)) return;
          }
        }
      }
    }
  }

  /** Whether the search is one the index answers: words whose query is known as text, near a point. */
  answers(search: ProductSearch): boolean {
    return Boolean(search.words && search.cells && queryText(search.words) !== null) && this.usable !== false;
  }

  /** How many rows written since the last read make it read the products whole again (read), given how many it holds (tests: fewer). */
  manyWritten = (held: number): number => Math.max(10_000, held / 4);

  /** Tests: every OR query's ranks summed from the postings, not only when many hits are ranked (the same ranks either way). */
  ranksFromPostings = false;

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
        // A rebuild's new table, or many rows written since (a catalogue imported while this process ran): read whole, in the order of
        // their cells as a load does, rather than each given the next free slot in the order written (their cells' products then lie
        // all over memory: a search of 200,000 products written so took half as long again as one of the same products loaded).
        if (files.products !== this.files.products || products.rows.length > this.manyWritten(this.slotOf.size)) await this.loadProducts(client);
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
    this.shops.fill(undefined);
    this.applyStores(rows as StoreTuple[]);
  }

  /** Every active product, afresh. */
  private async loadProducts(client: PoolClient): Promise<void> {
    this.loads++;
    const before = process.memoryUsage().heapUsed;
    const started = Date.now();
    // In the order of their cells (the postings' keys): a cell's products get neighbouring slots, so that a search reads their
    // positions, stamps and documents from memory in order rather than from all over it (twice as fast under load, in turn).
    const { rows } = await this.snapshot(
      client,
      'products',
      `${productSelect} WHERE status = 'active' AND NOT is_deleted AND store_active ORDER BY floor(latitude * 10), floor(longitude * 10), id`,
    );
    // Afresh: every slot free, every lexeme's postings empty.
    this.slotOf.clear();
    this.ids.length = 0;
    this.names.length = 0;
    this.docs.length = 0;
    this.docBuffer = new Int32Array(0);
    this.docUsed = this.docRoom = this.docWaste = 0;
    this.displays.length = 0;
    this.freeSlots.length = 0;
    for (const postings of this.postings) postings.length = postings.sorted = 0;
    for (const postings of this.named) postings.length = postings.sorted = 0;
    this.applyProducts(rows as ProductTuple[]);
    this.logger?.info(
      { products: this.slotOf.size, lexemes: this.lexemes.length, ms: Date.now() - started, heapMb: Math.round((process.memoryUsage().heapUsed - before) / 1e6) },
      'search index of the products near a point loaded',
    );
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
    if (!same) this.logger?.warn({ sorted: rows[0]!.sorted }, 'il database ordina i nomi diversamente dai punti di codice: la ricerca dei prodotti usa l’SQL');
    return same;
  }

  private applyStores(rows: readonly StoreTuple[]): void {
    for (const [id, name, slug, address, lat, lng, hours, revision] of rows) {
      const at = this.shopNumber(id);
      const shop = this.shops[at];
      // Mutated in place: the products hold no copy.
      if (shop) Object.assign(shop, { name, slug, address, lat, lng, hours });
      else this.shops[at] = { name, slug, address, lat, lng, hours };
      this.seen.stores = Math.max(this.seen.stores, Number(revision));
    }
  }

  private shopNumber(id: string): number {
    let at = this.shopIndex.get(id);
    if (at === undefined) {
      at = this.shops.length;
      this.shopIndex.set(id, at);
      this.shops.push(undefined);
      this.shopIds.push(id);
    }
    return at;
  }

  private categoryNumber(category: string | null): number {
    if (category === null) return -1;
    let at = this.categoryIndex.get(category);
    if (at === undefined) {
      this.categoryIndex.set(category, (at = this.categories.length));
      this.categories.push(category);
    }
    return at;
  }

  private applyProducts(rows: readonly ProductTuple[]): void {
    // Many rows (a load): each lexeme's postings appended, then sorted once.
    const bulk = rows.length > 256;
    for (const row of rows) {
      const [id, storeId, lat, lng, category, price, stock, name, words, revision, active] = row;
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
        this.room(slot + 1);
      }
      const before = this.docs[slot] ?? null;
      const key = keyOfPosition(lat, lng);
      const at = slot * intsPerSlot;
      const g = slot * geoPerSlot;
      const { ints, geo } = this;
      if (!before || !sameDoc(before, doc) || ints[at + CELL] !== key) {
        if (before) this.unpost(slot, before);
        idsOfDoc(doc).forEach((lexeme, k) => {
          if (bulk) this.postings[lexeme]!.append(key, slot, doc, k);
          else this.postings[lexeme]!.insert(key, slot, doc, k);
          if (!namedIn(doc, k)) return;
          if (bulk) this.named[lexeme]!.append(key, slot, doc, k);
          else this.named[lexeme]!.insert(key, slot, doc, k);
        });
      }
      if (!before || !sameDoc(before, doc)) {
        if (before) this.docWaste += before.length;
        this.docs[slot] = this.packed(doc);
        signWords(ints, slot, doc);
      }
      ints[at + CELL] = key;
      ints[at + SHOP] = this.shopNumber(storeId);
      ints[at + CATEGORY] = this.categoryNumber(category);
      ints[at + STOCK] = stock;
      geo[g + LAT] = lat;
      geo[g + LNG] = lng;
      geo[g + COS_LAT] = Math.cos(lat * radiansPerDegree);
      geo[g + PRICE] = price;
      this.names[slot] = name;
      const [
        ,
        ,
        ,
        ,
        ,
        ,
        ,
        ,
        ,
        ,
        ,
        description,
        imageUrl,
        images,
        defaultImageIndex,
        pdfUrl,
        sku,
        barcode,
        featured,
        onSale,
        globalProductId,
        createdAt,
        updatedAt,
        priceSince,
        lowestPrice,
      ] = row;
      this.displays[slot] = {
        description,
        image_url: imageUrl,
        images,
        default_image_index: defaultImageIndex,
        pdf_url: pdfUrl,
        sku,
        barcode,
        featured,
        on_sale: onSale,
        global_product_id: globalProductId,
        created_at: isoTimeOf(createdAt),
        updated_at: isoTimeOf(updatedAt),
        price_since: priceSince === null ? null : isoTimeOf(priceSince),
        lowest_price_30d_cents: lowestPrice === null ? null : Number(lowestPrice),
      };
    }
    if (bulk) {
      const { docs } = this;
      for (const lists of [this.postings, this.named]) lists.forEach((postings, lexeme) => postings.sort(docs, lexeme));
    }
    // Documents written over or removed leave their room in the buffers: packed again once it is most of them.
    if (this.docWaste > 1 << 20 && this.docWaste * 2 > this.docRoom) this.repack();
  }

  /**
   * A document copied into the shared buffers of the products' words (a view into one of them):
   * a product's words cost one small object, not a buffer of their own each (an ArrayBuffer and
   * its backing store per product).
   */
  private packed(doc: Doc): Doc {
    if (this.docUsed + doc.length > this.docBuffer.length) {
      this.docBuffer = new Int32Array(Math.max(docBufferLength, doc.length));
      this.docUsed = 0;
    }
    const view = this.docBuffer.subarray(this.docUsed, this.docUsed + doc.length);
    view.set(doc);
    this.docUsed += doc.length;
    this.docRoom += doc.length;
    return view;
  }

  /** Every document copied into new buffers, without the room of those written over (the old buffers then go). */
  private repack(): void {
    this.docBuffer = new Int32Array(0);
    this.docUsed = this.docRoom = this.docWaste = 0;
    for (let slot = 0; slot < this.docs.length; slot++) {
      const doc = this.docs[slot];
      if (doc) this.docs[slot] = this.packed(doc);
    }
  }

  /** The per-slot arrays, for `length` slots. */
  private room(length: number): void {
    const f64 = (n: number) => new Float64Array(n);
    const i32 = (n: number) => new Int32Array(n);
    this.ints = grown(this.ints, length * intsPerSlot, i32);
    this.geo = grown(this.geo, length * geoPerSlot, f64);
  }

  private remove(slot: number): void {
    const doc = this.docs[slot];
    if (doc) this.unpost(slot, doc);
    this.slotOf.delete(this.ids[slot]!);
    this.ids[slot] = null;
    if (doc) this.docWaste += doc.length;
    this.docs[slot] = null;
    this.displays[slot] = null;
    this.names[slot] = '';
    this.freeSlots.push(slot);
  }

  /** A product's postings out (as its words `doc`, in its cell). */
  private unpost(slot: number, doc: Doc): void {
    const key = this.ints[slot * intsPerSlot + CELL]!;
    idsOfDoc(doc).forEach((lexeme, k) => {
      this.postings[lexeme]!.remove(key, slot);
      if (namedIn(doc, k)) this.named[lexeme]!.remove(key, slot);
    });
  }

  private lexemeId(lexeme: string): number {
    let id = this.lexemeIds.get(lexeme);
    if (id === undefined) {
      id = this.lexemes.length;
      this.lexemeIds.set(lexeme, id);
      this.lexemes.push(lexeme);
      this.postings.push(new Postings());
      this.named.push(new Postings());
      this.sortedLexemes = null;
      this.compiledQueries.clear();
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

  /**
   * A query's text (and its tiers') as the search evaluates it: parsed, its terms resolved to the
   * index's lexemes, its ranking's terms, and the words a match must hold one of (`drivers`: of a
   * conjunction, the side whose words are held by fewer products). Kept per text until a new lexeme
   * is written (a prefix's lexemes change).
   */
  private compile(text: string, tierTexts: string[] | null): Compiled | 'empty' | 'unanchored' {
    const key = tierTexts ? `${text}\u0000${tierTexts.join('\u0000')}` : text;
    let compiled = this.compiledQueries.get(key);
    if (compiled) return compiled;
    const parsed = parseTsquery(text);
    if (!parsed) compiled = 'empty';
    else {
      const query = resolve(parsed, this.idsOf);
      const empty = docOf([]);
      const size = (term: Resolved) => term.ids.reduce((sum, id) => sum + this.postings[id]!.length, 0);
      compiled =
        matches(query, empty, false) || matches(query, empty)
          ? 'unanchored'
          : {
              query,
              // Without exclusions a term's weights only narrow what it matches: the query with them implies the query without.
              negated: termsOf(query).length > 0 && hasNot(query),
              ...this.tiersOf(tierTexts),
              ranked: rankQueryOf(query),
              drivers: driversOf(query, size) ?? termsOf(query),
              disjunction: onlyOr(query),
              branchOf: branchesOf(query),
            };
    }
    if (this.compiledQueries.size >= 2000) this.compiledQueries.clear();
    this.compiledQueries.set(key, compiled);
    return compiled;
  }

  /** The tiers' queries compiled, and what tells a product's tier without reading its words (Compiled.tierChecks). */
  private tiersOf(tierTexts: string[] | null): Pick<Compiled, 'tierNodes' | 'tierChecks'> {
    if (!tierTexts) return { tierNodes: null, tierChecks: null };
    const tierNodes = tierTexts.map((q) => resolve(parseTsquery(q)!, this.idsOf));
    const tierChecks = tierNodes.map((node): TierCheck => {
      const words = wordsOf(node);
      return { needs: needs(node), words: words && Int32Array.from(words) };
    });
    return { tierNodes, tierChecks };
  }

  /** The table of tsRank's `placeOf` filled for `ranked` (each lexeme id's place in its walk, plus one), emptied of the previous search's. */
  private placesOf(ranked: RankQuery): Int32Array {
    if (this.placesFor) for (const id of this.placesFor.walk.keys()) this.places[id] = 0;
    if (this.places.length < this.lexemes.length) this.places = new Int32Array(this.lexemes.length * 2);
    for (const [id, [place]] of ranked.walk) this.places[id] = place! + 1;
    this.placesFor = ranked;
    return this.places;
  }

  /** A new search's stamp (the tables stamped by searches emptied when the stamps come round). */
  private nextStamp(): number {
    if (this.stamp >= 0x3fffffff) {
      for (let at = STAMP; at < this.ints.length; at += intsPerSlot) this.ints[at] = 0;
      this.shopStamps.fill(0);
      this.passed.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  private moreHits(): void {
    const n = this.hitSlots.length * 2;
    this.hitSlots = grown(this.hitSlots, n, (k) => new Int32Array(k));
    this.hitDistances = grown(this.hitDistances, n, (k) => new Float64Array(k));
    this.hitAngles = grown(this.hitAngles, n, (k) => new Float64Array(k));
    this.hitTiers = grown(this.hitTiers, n, (k) => new Int32Array(k));
    this.hitRanks = grown(this.hitRanks, n, (k) => new Float64Array(k));
  }

  /** The page as searchProducts answers it, or null when the index cannot answer this search (its SQL then does). */
  async answer(search: ProductSearch): Promise<readonly SearchRow[] | null> {
    if (!this.answers(search)) return null;
    try {
      await this.current();
    } catch (err) {
      this.logger?.warn({ err }, 'indice di ricerca dei prodotti vicini non letto: la ricerca usa l’SQL');
      return null;
    }
    if (!this.usable) return null;
    const { lat, lng, radius, cells, words, category, sort, clock, limit, offset } = search;
    const text = queryText(words!)!;
    const area = cellsOf(cells!);
    if (!area) return null;
    const tiers = tierQueries(words!, sort);
    const compiled = this.compile(text, tiers?.queries ?? null);
    // No words left (only stop words: «degli»): the empty query matches nothing, as in PostgreSQL.
    if (compiled === 'empty') return [];
    // A query that matches a product without any of its words (only exclusions) has no postings to start from.
    if (compiled === 'unanchored') return null;
    const { query, negated, tierNodes, tierChecks, ranked, drivers, disjunction, branchOf } = compiled;
    const weighted = asksForWeights(words!);

    // The candidates: the products holding any of the query's lexemes in the search's cells, once each.
    const stamp = this.nextStamp();
    this.passed = grown(this.passed, this.lexemes.length, (n) => new Int32Array(n));
    const passed = this.passed;
    const { perDegree, keys } = area;
    const { runs, exact: inCells } = runsOf(area);
    const wanted = category === null ? -1 : (this.categoryIndex.get(category) ?? -2);
    // A category no product has: none found (as the SQL).
    if (wanted === -2) return [];
    // A disjunction of words whose weights do not count: every product holding one of them matches.
    const holdingMatches = !weighted && disjunction;
    const queryNeeds = needs(query);
    const { ints, geo, docs, shops } = this;
    const cosCentre = Math.cos(lat * radiansPerDegree);
    // The radius as an angle (distanceKm = R × angle), squared, with a margin each side far wider than the small-angle form's error (below 1e-3 within smallAngle).
    const near = radius <= 200;
    const radiusAngle = radius / earthRadiusKm;
    const surelyInside = (radiusAngle * 0.99) ** 2;
    const surelyOutside = (radiusAngle * 1.01) ** 2;
    let count = 0;
    for (const term of drivers) {
      // A query that is a disjunction (the vocabulary's alternatives) is matched, most often, by the one that holds the word the product was found by.
      const branch = negated ? null : (branchOf.get(term) ?? null);
      const branchNeeds = branch && needs(branch);
      // Matched with its weights, a word asked in a name or category (A, B) is read from those products alone.
      const lists = weighted && term.weights !== 0 && (term.weights & 0b0011) === 0 ? this.named : this.postings;
      // A branch that is this very word, read from the postings of the products holding it as it asks (anywhere, or in their name or category), holds for each: no check.
      const checked = branch !== null && !holdingMatches && !(branch === term && (term.weights === 0 || !weighted || (lists === this.named && (term.weights & 0b1100) === 0b1100)));
      for (const id of term.ids) {
        const postings = lists[id]!;
        const postingKeys = postings.keys;
        const postingSlots = postings.slots;
        const postingWeights = postings.weights;
        const end = postings.length;
        for (let r = 0; r < runs.length; r += 2) {
          const last = runs[r + 1]!;
          for (let i = postings.lowerBound(runs[r]!); i < end && postingKeys[i]! <= last; i++) {
            const slot = postingSlots[i]!;
            const at = slot * intsPerSlot;
            if (ints[at + STAMP] === stamp) continue;
            ints[at + HIT] = -1;
            // A disjunction matches a product by one of its branches, and each branch's words find the products it matches:
            // one its own branch does not match is left to the others' words.
            const low = ints[at + SIGNATURE]!;
            const high = ints[at + SIGNATURE + 1]!;
            if (checked) {
              // A branch that is this very word (asked in some weights): its posting's weights tell; one holding it otherwise may hold another of
              // the word's lexemes (a prefix's) as asked, and is found by that one's posting.
              if (branch === term ? (postingWeights[i]! & term.weights) === 0 : !(mayMatch(branchNeeds!, low, high) && matches(branch, docs[slot]!, weighted))) continue;
            }
            ints[at + STAMP] = stamp;
            const g = slot * geoPerSlot;
            const pLat = geo[g + LAT]!;
            const pLng = geo[g + LNG]!;
            // Near a point the SQL reads the words written in the cells around it (near_vector), then keeps those within the radius.
            if (!inCells && !keys.has(cellKey(Math.floor(pLat * perDegree), Math.floor(pLng * perDegree)))) continue;
            if (wanted !== -1 && ints[at + CATEGORY] !== wanted) continue;
            // Within the radius: a product clearly inside or outside it is told by the small-angle form (no trigonometry), its distance left for when it is needed.
            let distance = Number.NaN;
            let angle2 = Number.NaN;
            const dLat = (pLat - lat) * radiansPerDegree;
            const dLng = (pLng - lng) * radiansPerDegree;
            if (near && dLat < smallAngle && dLat > -smallAngle && dLng < smallAngle && dLng > -smallAngle) {
              angle2 = dLat * dLat + cosCentre * geo[g + COS_LAT]! * dLng * dLng;
              if (angle2 > surelyOutside) continue;
              if (angle2 >= surelyInside) {
                distance = distanceFrom(lat, cosCentre, lng, pLat, geo[g + COS_LAT]!, pLng);
                if (!(distance <= radius)) continue;
              }
            } else {
              distance = distanceFrom(lat, cosCentre, lng, pLat, geo[g + COS_LAT]!, pLng);
              if (!(distance <= radius)) continue;
            }
            if (
              !holdingMatches &&
              !branch &&
              (!mayMatch(queryNeeds, low, high) ||
                (weighted ? (negated && !matches(query, docs[slot]!, false)) || !matches(query, docs[slot]!) : !matches(query, docs[slot]!, false)))
            )
              continue;
            // The SQL joins the product's shop: without it, no row.
            if (shops[ints[at + SHOP]!] === undefined) continue;
            let tier = 0;
            if (tierNodes) {
              tier = tiers!.otherwise;
              for (let t = 0; t < tierNodes.length; t++) {
                const check = tierChecks![t]!;
                const words = check.words;
                if (words) {
                  // A tier of words: the product, found by this one for the first time, holds none of those whose postings were read whole before
                  // (`passed`); this one's posting tells whether it holds it as the tier asks.
                  let unread = false;
                  let found = false;
                  for (let w = 0; w < words.length && !found; w += 2) {
                    const word = words[w]!;
                    if (word === id) found = words[w + 1] === 0 || (postingWeights[i]! & words[w + 1]!) !== 0;
                    else if (passed[word] !== stamp) unread = true;
                  }
                  if (found) {
                    tier = t;
                    break;
                  }
                  if (!unread) continue;
                }
                if (mayMatch(check.needs, low, high) && matches(tierNodes[t]!, docs[slot]!)) {
                  tier = t;
                  break;
                }
              }
            }
            if (count === this.hitSlots.length) this.moreHits();
            this.hitSlots[count] = slot;
            this.hitDistances[count] = distance;
            this.hitAngles[count] = angle2;
            this.hitTiers[count] = tier;
            this.hitRanks[count] = Number.NaN;
            ints[at + HIT] = count;
            count++;
          }
        }
        // Every product holding this word in the cells is stamped: one found by another word later does not hold it.
        if (!checked && lists === this.postings) passed[id] = stamp;
      }
    }
    const hitSlots = this.hitSlots;
    const distances = this.hitDistances;
    const angles = this.hitAngles;
    const hitTiers = this.hitTiers;
    const ranks = this.hitRanks;

    // The tiers' totals; ranked by relevance in tiers, only the tiers the page reaches are ranked (as the SQL's `reached`).
    const perTier = [0, 0, 0];
    for (let h = 0; h < count; h++) perTier[hitTiers[h]!]!++;
    let reached = 2;
    if (tiers && sort === 'relevance') {
      if (limit + offset <= perTier[0]!) reached = 0;
      else if (limit + offset <= perTier[0]! + perTier[1]!) reached = 1;
    }
    // The ranking's lexemes by id, for this search.
    const placeOf = ranked.single ? this.placesOf(ranked) : null;
    // Many hits ranked by an OR query (the vocabulary's alternatives): each one's rank summed from the terms beside the postings of the
    // query's words it holds, word by word in the walk's order (as calc_rank_or adds them), without reading the products' words.
    const rankedHits = perTier.slice(0, reached + 1).reduce((sum, n) => sum + n, 0);
    if (sort === 'relevance' && placeOf && !ranked.and && (rankedHits > 2 * (offset + limit) || this.ranksFromPostings)) {
      ranks.fill(0, 0, count);
      for (const id of ranked.walk.keys()) {
        const postings = this.postings[id]!;
        const { keys: postingKeys, slots: postingSlots, ranks: terms, length: end } = postings;
        for (let r = 0; r < runs.length; r += 2) {
          const last = runs[r + 1]!;
          for (let i = postings.lowerBound(runs[r]!); i < end && postingKeys[i]! <= last; i++) {
            const at = postingSlots[i]! * intsPerSlot;
            if (ints[at + STAMP] !== stamp) continue;
            const h = ints[at + HIT]!;
            if (h >= 0) ranks[h] = addTerm(ranks[h]!, terms[i]!);
          }
        }
      }
      for (let h = 0; h < count; h++) ranks[h] = orRank(ranks[h]!, ranked);
    }
    const rankOf = (h: number): number => {
      const rank = ranks[h]!;
      return rank === rank ? rank : (ranks[h] = tsRank(docs[hitSlots[h]!]!, ranked, placeOf));
    };
    const distanceOf = (h: number): number => {
      const distance = distances[h]!;
      if (distance === distance) return distance;
      const slot = hitSlots[h]!;
      const g = slot * geoPerSlot;
      return (distances[h] = distanceFrom(lat, cosCentre, lng, geo[g + LAT]!, geo[g + COS_LAT]!, geo[g + LNG]!));
    };
    /**
     * The order of two hits by distance (its sign): by their small-angle forms when they differ by
     * more than 0.2 % (each is within 0.05 % of the angle squared: the distances, and the doubles
     * distanceKm gives, are then in the same order), otherwise by their distances.
     */
    const nearer = (a: number, b: number): number => {
      const pa = angles[a]!;
      const pb = angles[b]!;
      if (pa < pb * 0.998) return -1;
      if (pb < pa * 0.998) return 1;
      return distanceOf(a) - distanceOf(b);
    };
    const openOf = (h: number): boolean => {
      const shop = ints[hitSlots[h]! * intsPerSlot + SHOP]!;
      if (this.shopStamps[shop] !== stamp) {
        this.shopStamps[shop] = stamp;
        this.shopOpen[shop] = isOpen(shops[shop]!.hours, clock as RomeClock) ? 1 : 0;
      }
      return this.shopOpen[shop] === 1;
    };
    if (this.shopStamps.length < shops.length) {
      this.shopStamps = grown(this.shopStamps, shops.length, (n) => new Int32Array(n));
      const open = new Uint8Array(this.shopStamps.length);
      open.set(this.shopOpen);
      this.shopOpen = open;
    }
    const { names, ids } = this;
    const byTiers = Boolean(tiers);
    const order = (a: number, b: number): number => {
      if (byTiers && hitTiers[a] !== hitTiers[b]) return hitTiers[a]! - hitTiers[b]!;
      let d = 0;
      if (sort === 'distance') d = nearer(a, b) || rankOf(b) - rankOf(a);
      else if (sort === 'relevance') d = rankOf(b) - rankOf(a) || nearer(a, b);
      else d = geo[hitSlots[a]! * geoPerSlot + PRICE]! - geo[hitSlots[b]! * geoPerSlot + PRICE]! || nearer(a, b);
      if (d) return d;
      const sa = hitSlots[a]!;
      const sb = hitSlots[b]!;
      const inStock = Number(ints[sb * intsPerSlot + STOCK]! > 0) - Number(ints[sa * intsPerSlot + STOCK]! > 0);
      if (inStock) return inStock;
      const open = Number(openOf(b)) - Number(openOf(a));
      if (open) return open;
      return byCodePoints(names[sa]!, names[sb]!) || (ids[sa]! < ids[sb]! ? -1 : ids[sa]! > ids[sb]! ? 1 : 0);
    };
    // The first `offset + limit` contenders in order, kept sorted as they come (the order is total: no two hits tie).
    const wantedRows = offset + limit;
    const best: number[] = [];
    for (let h = 0; h < count; h++) {
      if (hitTiers[h]! > reached) continue;
      if (best.length === wantedRows && order(h, best[wantedRows - 1]!) >= 0) continue;
      let lo = 0;
      let hi = best.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (order(best[mid]!, h) < 0) lo = mid + 1;
        else hi = mid;
      }
      best.splice(lo, 0, h);
      if (best.length > wantedRows) best.pop();
    }
    const page = best
      .slice(offset)
      .map((h) => ({ slot: hitSlots[h]!, distance: distanceOf(h), tier: hitTiers[h]!, rank: rankOf(h), open: openOf(h), shop: shops[ints[hitSlots[h]! * intsPerSlot + SHOP]!]! }));
    if (!page.length) return [];

    const exact = perTier[0]!;
    const related = perTier[2]!;
    const kept = words!.expanded?.kept ?? [];
    const { categories, shopIds } = this;
    return page.map((h) => {
      const { shop, slot } = h;
      const display = this.displays[slot]!;
      const at = slot * intsPerSlot;
      const category = ints[at + CATEGORY]!;
      // The row as the SQL reads it (catalog/queries.ts productColumns, then the search's columns), written out: a spread cost more than the search (node --cpu-prof).
      const answer: SearchRow = {
        id: ids[slot]!,
        store_id: shopIds[ints[at + SHOP]!]!,
        name: names[slot]!,
        description: display.description,
        price_cents: geo[slot * geoPerSlot + PRICE]!,
        stock_quantity: ints[at + STOCK]!,
        image_url: display.image_url,
        images: display.images,
        default_image_index: display.default_image_index,
        pdf_url: display.pdf_url,
        category: category < 0 ? null : categories[category]!,
        sku: display.sku,
        barcode: display.barcode,
        // Only active products of active shops, not deleted, are held.
        status: 'active',
        is_deleted: false,
        featured: display.featured,
        on_sale: display.on_sale,
        global_product_id: display.global_product_id,
        store_active: true,
        created_at: display.created_at,
        updated_at: display.updated_at,
        price_since: display.price_since,
        lowest_price_30d_cents: display.lowest_price_30d_cents,
        store_name: shop.name,
        store_slug: shop.slug,
        store_address: shop.address,
        store_lat: shop.lat,
        store_lng: shop.lng,
        distance_km: h.distance,
        rank: float4Number(h.rank),
        kept,
        open_now: h.open,
        pickup_today: ints[at + STOCK]! > 0 && opensLaterToday(shop.hours, clock as RomeClock),
        total: count,
      };
      if (tiers) {
        answer.tier = h.tier;
        answer.exact_total = exact;
        answer.related_total = related;
      }
      return answer;
    });
  }
}

/** What tells a product's tier without reading its words (NearIndex.tiersOf), most often. */
interface TierCheck {
  /** What a product's signature holds if it matches the tier (needsOf). */
  needs: Int32Array;
  /**
   * The tier's words when it is one word or a disjunction of words, as pairs (lexeme id, the
   * weights it asks: 0 for any): a product found by one of them matches the tier as its posting's
   * weights say, unless it may hold another whose postings were not read whole yet. Null otherwise.
   */
  words: Int32Array | null;
}

/** A query ready to be evaluated (NearIndex.compile). */
interface Compiled {
  query: CompiledNode;
  negated: boolean;
  tierNodes: CompiledNode[] | null;
  ranked: RankQuery;
  drivers: Resolved[];
  disjunction: boolean;
  /** Each term's branch of the query's top disjunction (none when it is not one): a product that matches it matches the query. */
  branchOf: Map<Resolved, CompiledNode>;
  /** Per tier, what tells without reading a product's words that it does not match it, or that it does (TierCheck). */
  tierChecks: TierCheck[] | null;
}

/** The branches of a query's top disjunction, by each of their terms. */
function branchesOf(query: CompiledNode): Map<Resolved, CompiledNode> {
  const byTerm = new Map<Resolved, CompiledNode>();
  // Not a disjunction: the query's own check does.
  if (query.kind !== 'or') return byTerm;
  const branches: CompiledNode[] = [];
  const split = (node: CompiledNode): void => {
    if (node.kind === 'or') {
      split(node.left);
      split(node.right);
    } else branches.push(node);
  };
  split(query);
  for (const branch of branches) for (const term of termsOf(branch)) byTerm.set(term, branch);
  return byTerm;
}

/**
 * Words of which every product a query matches holds at least one (exclusions aside): a word's
 * own; either side's of a disjunction; of a conjunction or a phrase, the side whose words fewer
 * products hold (`size`). Null when there are none (a query of exclusions).
 */
function driversOf(node: CompiledNode, size: (term: Resolved) => number): Resolved[] | null {
  switch (node.kind) {
    case 'term':
      return [node];
    case 'not':
      return null;
    case 'or': {
      const left = driversOf(node.left, size);
      const right = driversOf(node.right, size);
      return left && right ? [...left, ...right] : null;
    }
    default: {
      const left = driversOf(node.left, size);
      const right = driversOf(node.right, size);
      if (!left || !right) return left ?? right;
      const total = (terms: Resolved[]) => terms.reduce((sum, t) => sum + size(t), 0);
      return total(left) <= total(right) ? left : right;
    }
  }
}

/** Whether a query is one word or a disjunction of words (no exclusions, conjunctions or phrases). */
function onlyOr(node: CompiledNode): boolean {
  return node.kind === 'term' || (node.kind === 'or' && onlyOr(node.left) && onlyOr(node.right));
}

function hasNot(node: CompiledNode): boolean {
  return node.kind === 'not' || (node.kind !== 'term' && (hasNot(node.left) || hasNot(node.right)));
}

/** Whether two documents are the same words at the same positions. */
function sameDoc(a: Doc, b: Doc): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** Whether the document's entry `k` has a position of weight A or B (a product's name or category, migration 063). */
function namedIn(doc: Doc, k: number): boolean {
  const n = doc[0]!;
  for (let j = doc[1 + n + k]!, end = doc[2 + n + k]!; j < end; j++) if (doc[j]! >>> 14 >= 2) return true;
  return false;
}
