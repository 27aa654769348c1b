import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { openShop, useLoggedIn, weekOf } from '../../../tests/support/marketplace.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { boundingBox, cellsAround } from '../../platform/http/geo.js';
import { seedDemo } from '../../seed.js';
import { demoShops } from '../../demo/index.js';
import { retailCategories } from '../catalog/categories.js';
import { NearIndex, type ElsewhereSearch, type ProductSearch } from './near-index.js';
import { foundElsewhere, keptAlternatives, queryText, searchProducts, type ElsewhereRow, type SearchRow, type SearchSort } from './queries.js';
import { relevanceQueries, cities } from './relevance/queries.js';
import { fullTextQuery, suggestionsOf, TypoCorrections, vocabularyTokens, withoutElisions, type CorrectedWords, type FullTextQuery } from './search-words.js';
import { SearchVocabulary, vocabularyReadModel } from './vocabulary/lookup.js';

/*
 * The in-memory index of the products near a point (near-index.ts) answers exactly as the SQL
 * (queries.ts searchProducts) on the same read models: same page, order, totals, tiers, kept, ranks.
 * The demo catalogue plus shops at random positions with random products, stock and hours; every
 * query of the relevance set and random words, positions, radii, sorts, pages and categories.
 * Then: a write is seen by the very next search, and a rebuild of the read model is followed.
 */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

/** A small seeded generator (mulberry32): a failure is the same at every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(17);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

const demoNames = demoShops.flatMap((s) => s.products.map((p) => p[0]));
const demoWords = [...new Set(demoNames.flatMap((n) => n.toLowerCase().split(/[^\p{L}]+/u)).filter((w) => w.length >= 4))];
const categorySlugs = retailCategories.map((c) => c.slug);

let index: NearIndex;
let analyse: (q: string) => Promise<FullTextQuery>;
let corrected: (q: string) => Promise<CorrectedWords>;

beforeAll(async () => {
  const { store, pool, projections, db } = t.system;
  await seedDemo({ store, pool, db, waitFor: (position) => projections.waitFor(position, hangAfter(60_000)) });
  // Shops at random positions around both cities, with products named from the demo's words (ties of rank and of name), random stock, prices, hours.
  const hours = [
    undefined,
    weekOf([{ open: '09:00', close: '12:00' }]),
    weekOf([{ open: '15:00', close: '19:30' }]),
    weekOf([
      { open: '08:00', close: '13:00' },
      { open: '16:00', close: '20:00' },
    ]),
  ];
  for (let s = 0; s < 8; s++) {
    const city = s % 2 ? cities.milano : cities.roma;
    const products = Array.from({ length: 12 }, () => ({
      name: rnd() < 0.3 ? pick(demoNames) : `${pick(demoWords)} ${pick(demoWords)}`.replace(/^./, (c) => c.toUpperCase()),
      description: rnd() < 0.5 ? `${pick(demoWords)} ${pick(demoWords)} ${pick(demoWords)}` : '',
      price: Math.round(rnd() * 3000) / 100 + 0.5,
      stockQuantity: rnd() < 0.3 ? 0 : Math.ceil(rnd() * 20),
      category: pick(categorySlugs),
    }));
    const openingHours = pick(hours);
    await openShop(t, admin.browser, {
      where: { latitude: city.latitude + (rnd() - 0.5) * 0.2, longitude: city.longitude + (rnd() - 0.5) * 0.2 },
      products,
      store: openingHours ? { openingHours } : {},
    });
  }
  index = new NearIndex(db, pool, projections);
  const vocabulary = new SearchVocabulary(db, projections);
  const typos = new TypoCorrections(db, projections, { table: 'product_words', readModels: ['products', vocabularyReadModel], vocabulary });
  corrected = (q) => typos.of(withoutElisions(q));
  analyse = async (q) => {
    const words = await typos.of(withoutElisions(q));
    return fullTextQuery(words, await vocabulary.expand(vocabularyTokens(words)));
  };
}, hangAfter(300_000));

const clocks = [
  { day: '1', time: '10:30' },
  { day: '3', time: '17:45' },
  { day: '0', time: '12:59' },
  { day: '5', time: '21:00' },
] as const;

/** A search as the route makes it (routes.ts search). */
function searchOf(words: FullTextQuery, near: { lat: number; lng: number; radius: number }, more: Partial<ProductSearch> = {}): ProductSearch {
  const box = boundingBox(near.lat, near.lng, near.radius);
  return { ...near, box, cells: cellsAround(box), words, category: null, sort: 'relevance', clock: clocks[0], limit: 10, offset: 0, ...more };
}

/**
 * The query with the vocabulary's alternatives the catalogue holds, as AnalysedWords keeps it after
 * a first search learnt them through SQL, or read on their own when it found nothing (the same).
 */
async function learnt(words: FullTextQuery, search: ProductSearch): Promise<FullTextQuery> {
  if (!words.expanded || queryText(words) !== null) return words;
  const row = (await searchProducts(t.system.db, { ...search, words, limit: 1, offset: 0 }))[0];
  const kept = await keptAlternatives(t.system.db, words.expanded);
  if (row) expect(kept, 'the alternatives kept, read on their own as the search learns them').toEqual(row.kept);
  return { ...words, expanded: kept.length ? { ...words.expanded, kept } : null };
}

/** What must be equal: the rows in order, with every column (ranks within float4's noise, distances within the C library's). */
function comparable(rows: readonly SearchRow[]) {
  return rows.map((r) => ({ ...r, rank: Math.round(r.rank * 1e6), distance_km: Math.round(r.distance_km * 1e9) }));
}

let compared = 0;
let nonEmpty = 0;
afterAll(() => console.log(`compared ${compared}, non-empty ${nonEmpty}`));
async function same(search: ProductSearch, label: string): Promise<void> {
  const memory = await index.answer(search);
  expect(memory, `${label}: the index answers`).not.toBeNull();
  const sql = await searchProducts(t.system.db, search);
  expect(comparable(memory!), label).toEqual(comparable(sql));
  compared++;
  if (sql.length) nonEmpty++;
}

/** What a search that found nothing asks next, as the route makes it (routes.ts nothingWithin). */
async function elsewhereOf(q: string, words: FullTextQuery, near: { lat: number; lng: number; radius: number }, category: string | null): Promise<ElsewhereSearch> {
  const box = boundingBox(near.lat, near.lng, near.radius);
  const wide = boundingBox(near.lat, near.lng, 200);
  return {
    ...near,
    box,
    cells: cellsAround(box),
    category,
    suggestions: suggestionsOf(q, await corrected(q))
      .slice(0, 8)
      .map((c) => c.query),
    words,
    beyond: near.radius < 200 ? { radius: 200, box: wide, cells: cellsAround(wide), limit: 5 } : null,
  };
}

let comparedElsewhere = 0;
let suggested = 0;
let shopsBeyond = 0;
afterAll(() => console.log(`elsewhere: compared ${comparedElsewhere}, with suggestions ${suggested}, with shops beyond ${shopsBeyond}`));
async function sameElsewhere(search: ElsewhereSearch, label: string): Promise<void> {
  const memory = await index.elsewhere(search);
  expect(memory, `${label}: the index answers`).not.toBeNull();
  const sql = await foundElsewhere(t.system.db, search);
  const comparable = (rows: readonly ElsewhereRow[]) => rows.map((r) => ({ ...r, distance_km: r.distance_km === null ? null : Math.round(r.distance_km * 1e9) }));
  expect(comparable(memory!), label).toEqual(comparable(sql));
  comparedElsewhere++;
  if (sql.some((r) => r.suggestion !== null)) suggested++;
  if (sql.some((r) => r.store_id !== null)) shopsBeyond++;
}

describe('the products near a point in memory', () => {
  it(
    'answers every query of the relevance set as the SQL does, by every sort, on several pages',
    async () => {
      for (const [k, query] of relevanceQueries.entries()) {
        const city = cities[query.city];
        const near = { lat: city.latitude, lng: city.longitude, radius: 10 };
        const sort = (['relevance', 'distance', 'price'] as SearchSort[])[k % 3]!;
        const words = await learnt(await analyse(query.q), searchOf(await analyse(query.q), near, { sort }));
        if (queryText(words) === null) continue;
        // Every other query ranked from the postings whatever its hits (otherwise only when many are ranked).
        index.ranksFromPostings = k % 2 === 1;
        for (const page of [0, 1])
          await same(searchOf(words, near, { sort, clock: clocks[k % clocks.length], limit: 5, offset: page * 5 }), `«${query.q}» ${sort} page ${page + 1}`);
      }
      index.ranksFromPostings = false;
      expect(compared).toBeGreaterThan(250);
    },
    hangAfter(300_000),
  );

  it(
    'answers random words, positions, radii, sorts, pages and categories as the SQL does',
    async () => {
      const before = compared;
      const typo = (w: string) => {
        const at = 1 + Math.floor(rnd() * (w.length - 2));
        return rnd() < 0.5 ? w.slice(0, at) + w.slice(at + 1) : w.slice(0, at) + pick([...'aeiorstn']) + w.slice(at + 1);
      };
      for (let k = 0; k < 300; k++) {
        const city = k % 2 ? cities.milano : cities.roma;
        const near = { lat: city.latitude + (rnd() - 0.5) * 0.3, lng: city.longitude + (rnd() - 0.5) * 0.3, radius: pick([1, 2, 5, 10, 20, 40]) };
        const q = [pick(demoWords), ...(rnd() < 0.4 ? [pick(demoWords)] : [])].map((w) => (rnd() < 0.25 ? typo(w) : w)).join(' ');
        const sort = pick(['relevance', 'distance', 'price'] as SearchSort[]);
        const words = await learnt(await analyse(q), searchOf(await analyse(q), near, { sort }));
        if (queryText(words) === null) continue;
        const limit = pick([5, 10, 20]);
        const search = searchOf(words, near, { sort, category: rnd() < 0.2 ? pick(categorySlugs) : null, clock: pick(clocks), limit, offset: pick([0, 0, 1, 2]) * limit });
        if (!search.cells) continue;
        // Every other search ranked from the postings whatever its hits (otherwise only when many are ranked).
        index.ranksFromPostings = k % 2 === 0;
        await same(search, `«${q}» ${JSON.stringify({ ...near, sort, category: search.category, page: search.offset / limit + 1, clock: search.clock })}`);
      }
      index.ranksFromPostings = false;
      expect(compared - before).toBeGreaterThan(250);
    },
    hangAfter(300_000),
  );

  it(
    'answers «nothing found» as the SQL does: the suggestions that find something within the radius, the nearest shops beyond it',
    async () => {
      const typo = (w: string) => {
        const at = 1 + Math.floor(rnd() * (w.length - 2));
        return w.slice(0, at) + w.slice(at + 1);
      };
      let empty = 0;
      for (let k = 0; k < 200; k++) {
        const city = k % 2 ? cities.milano : cities.roma;
        // Around the cities and up to 200 km away from them: searches that find nothing within the radius, and shops beyond it.
        const far = pick([0.05, 0.3, 1, 1.8]);
        const near = { lat: city.latitude + (rnd() - 0.5) * far, lng: city.longitude + (rnd() - 0.5) * far, radius: pick([0.5, 1, 2, 5, 10, 20, 200]) };
        const first = rnd() < 0.2 ? typo(pick(demoWords)) : pick(demoWords);
        // A second word: another of the demo's (which together may find nothing), or one no product holds (dropping it finds something).
        const q = rnd() < 0.3 ? first : `${first} ${rnd() < 0.5 ? pick(demoWords) : pick(['zaffiro', 'quarzo', 'tungsteno', 'ornitorinco'])}`;
        const analysed = await analyse(q);
        const category = rnd() < 0.15 ? pick(categorySlugs) : null;
        const words = await learnt(analysed, searchOf(analysed, near, { category }));
        if (queryText(words) === null) continue;
        const search = await elsewhereOf(q, words, near, category);
        if (!search.cells) continue;
        if (!(await searchProducts(t.system.db, searchOf(words, near, { category }))).length) empty++;
        await sameElsewhere(search, `«${q}» ${JSON.stringify({ ...near, category })}`);
      }
      expect(comparedElsewhere).toBeGreaterThan(150);
      expect(empty).toBeGreaterThan(30);
      expect(suggested).toBeGreaterThan(5);
      expect(shopsBeyond).toBeGreaterThan(20);
    },
    hangAfter(300_000),
  );

  it(
    'sees a write at the very next search: a new product, stock, price, a shop’s hours and suspension, a deletion',
    async () => {
      const near = { lat: 44.0, lng: 11.0, radius: 5 };
      const shop = await openShop(t, admin.browser, {
        where: { latitude: 44.01, longitude: 11.01 },
        store: { openingHours: weekOf([{ open: '09:00', close: '12:00' }]) },
        products: [
          { name: 'Zucchero di canna', price: 2 },
          { name: 'Zucchero semolato', price: 1.5 },
        ],
      });
      const search = async (q = 'zucchero', clock = clocks[0]) => {
        const s = searchOf(await learnt(await analyse(q), searchOf(await analyse(q), near)), near, { sort: 'price', clock });
        await same(s, q);
        return (await index.answer(s))!;
      };
      expect((await search()).map((r) => r.name)).toEqual(['Zucchero semolato', 'Zucchero di canna']);

      const owner = shop.owner.browser;
      const created = await owner.post('/api/products', { name: 'Zucchero a velo', price: 1, stockQuantity: 3, category: 'alimentari' });
      expect(created.statusCode, created.body).toBe(201);
      expect((await search()).map((r) => r.name)).toEqual(['Zucchero a velo', 'Zucchero semolato', 'Zucchero di canna']);

      const [cane, sugar] = shop.productIds;
      expect((await owner.request('PATCH', `/api/products/${cane}`, { price: 0.5 })).statusCode).toBe(200);
      expect((await search())[0]!.name).toBe('Zucchero di canna');

      const emptied = await owner.post(`/api/products/${sugar}/stock`, { delta: -5, reason: 'Venduto tutto' });
      expect(emptied.statusCode, emptied.body).toBe(200);
      expect((await search()).find((r) => r.id === sugar)).toMatchObject({ stock_quantity: 0, pickup_today: false });

      expect((await search('zucchero', clocks[0]))[0]!.open_now).toBe(true);
      expect((await owner.request('PATCH', '/api/stores/me', { openingHours: weekOf([{ open: '15:00', close: '16:00' }]) })).statusCode).toBe(200);
      expect((await search('zucchero', clocks[0]))[0]!.open_now).toBe(false);

      expect((await owner.request('DELETE', `/api/products/${created.json().id}`)).statusCode).toBe(204);
      expect((await search()).map((r) => r.name)).not.toContain('Zucchero a velo');

      const suspended = await admin.browser.post(`/api/admin/stores/${shop.store.id}/suspend`, { reason: 'Verifica in corso' });
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect(await search()).toEqual([]);
      expect((await admin.browser.post(`/api/admin/stores/${shop.store.id}/reactivate`)).statusCode).toBe(200);
      expect((await search()).length).toBe(2);
    },
    hangAfter(120_000),
  );

  it(
    'reads the products whole again when many were written since its last read, in the order of their cells, then answers as the SQL',
    async () => {
      const near = { lat: 44.3, lng: 11.3, radius: 5 };
      const s = searchOf(await learnt(await analyse('farina'), searchOf(await analyse('farina'), near)), near, { sort: 'price' });
      await same(s, 'before');
      const loads = index.loads;
      const rule = index.manyWritten;
      index.manyWritten = () => 2;
      try {
        // A shop of five products written since the last read: more than `manyWritten` says.
        const before = index.size;
        await openShop(t, admin.browser, {
          where: { latitude: 44.31, longitude: 11.31 },
          products: ['Farina 00', 'Farina integrale', 'Farina di farro', 'Farina di mais', 'Farina di riso'].map((name, k) => ({ name, price: 1 + k })),
        });
        await same(s, 'after');
        expect(index.size).toBe(before + 5);
        expect(index.loads).toBe(loads + 1);
        expect((await index.answer(s))!.map((r) => r.name)).toEqual(['Farina 00', 'Farina integrale', 'Farina di farro', 'Farina di mais', 'Farina di riso']);
      } finally {
        index.manyWritten = rule;
      }
    },
    hangAfter(120_000),
  );

  it(
    'follows a rebuild of the products read model: read again whole, then as the SQL',
    async () => {
      const { projections } = t.system;
      const roma = { lat: cities.roma.latitude, lng: cities.roma.longitude, radius: 10 };
      const s = searchOf(await learnt(await analyse('pane'), searchOf(await analyse('pane'), roma)), roma);
      await same(s, 'before');
      const loads = index.loads;
      await projections.rebuild('products');
      expect(await projections.waitForRebuilds(hangAfter(60_000))).toBe(true);
      // A product written after the rebuild, into the new table (its revisions go on from the same sequence).
      await openShop(t, admin.browser, { where: { latitude: cities.roma.latitude, longitude: cities.roma.longitude }, products: [{ name: 'Pane casereccio di prova', price: 3 }] });
      await same(s, 'after');
      expect(index.loads).toBeGreaterThan(loads);
      expect((await index.answer({ ...s, limit: 100 }))!.map((r) => r.name)).toContain('Pane casereccio di prova');
    },
    hangAfter(120_000),
  );
});
