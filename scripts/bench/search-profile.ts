import { writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Session } from 'node:inspector/promises';
import { seedLarge } from '../../src/seed-large.js';
import { seedDemo } from '../../src/seed.js';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded.js';
import { startSystem } from '../../src/system.js';
import { boundingBox, cellsAround } from '../../src/platform/http/geo.js';
import { NearIndex } from '../../src/modules/search/near-index.js';
import { keptAlternatives, queryText, searchProducts } from '../../src/modules/search/queries.js';
import { fullTextQuery, suggestionsOf, TypoCorrections, vocabularyTokens, withoutElisions } from '../../src/modules/search/search-words.js';
import { SearchVocabulary, vocabularyReadModel } from '../../src/modules/search/vocabulary/lookup.js';
import { Cleanup } from './support/database.js';
import { serveBench, startBenchSystem } from './support/server.js';
import { describeServerTime, serverTimeOf } from './support/server-time.js';

/*
 * A CPU profile of the server under the search benchmark's never-cached load (not part of `npm run
 * bench`): `tsx scripts/bench/search-profile.ts PRODUCTS OUT_PREFIX` seeds PRODUCTS products, then
 * for each class of query runs 32 connections for 5 s while the inspector profiles this process
 * (the server's), writing OUT_PREFIX-<class>.cpuprofile, and prints the heap before and after, and the
 * server's CPU a request and GC pauses during each load (LOAD_SECONDS: each load's length, 5 by default).
 * PROFILE_PG_DIR: an embedded server kept there between runs, seeded once (iterations without
 * seeding again). Also prints each query's time in the index alone (NearIndex.answer).
 */
const products = Number(process.argv[2] ?? 20_000);
const out = process.argv[3] ?? '/tmp/search';
const run = promisify(execFile);
const classes: Record<string, string[]> = {
  words: ['caffè', 'pomodori', 'pane', 'lampadina', 'quaderno', 'mozzarella', 'vino', 'biscotti', 'cuffie', 'rose'],
  typos: ['pomodri', 'lampadnia', 'lampadne', 'quadreno', 'mozarella', 'biscoti', 'cuffe', 'caffe latte', 'formagio', 'pane integrle'],
  expansions: ['pasta', 'formaggio', 'cellulare', 'giocattoli', 'detersivi', 'vino rosso', 'salumi', 'dolci', 'frutta', 'utensili'],
};
const mb = () => Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 1e6)]));
const cleanup = new Cleanup();
try {
  const kept = process.env.PROFILE_PG_DIR;
  let system;
  let fresh = true;
  if (kept) {
    const server = await startEmbeddedPostgres({ dir: kept });
    cleanup.add('stop embedded PostgreSQL', () => server.stop());
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    const name = `vicino_profile_${products}`;
    fresh = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 0;
    if (fresh) await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    system = await startSystem({ DATABASE_URL: server.urlFor(name), DATA_DIR: '/nonexistent' }, { secret: randomBytes(32) });
    const started = system;
    cleanup.add('stop the system', () => started.stop());
  } else system = (await startBenchSystem(cleanup)).system;
  const base = await serveBench(system, cleanup, { noop: 'GET' });
  if (fresh) {
    await seedDemo({ store: system.store, pool: system.pool, db: system.db, waitFor: (p) => system.projections.waitFor(p, 60_000) });
    const seeded = await seedLarge(system.store, { stores: Math.max(50, products / 40), products });
    await system.projections.waitFor(seeded.last!, 900_000);
    await system.pool.query('ANALYZE');
  }
  // Each query's time in the index alone, on an index of this script's own.
  if (!process.env.SKIP_INDEX) {
    const { db, pool, projections } = system;
    const index = new NearIndex(db, pool, projections);
    const vocabulary = new SearchVocabulary(db, projections);
    const typos = new TypoCorrections(db, projections, { table: 'product_words', readModels: ['products', vocabularyReadModel], vocabulary });
    const near = { lat: 45.4642, lng: 9.19, radius: 10 };
    const box = boundingBox(near.lat, near.lng, near.radius);
    const clock = { day: '3', time: '10:30' } as const;
    /** The search the route runs for `q`: its words corrected and expanded, with the alternatives it keeps. */
    const searchFor = async (q: string) => {
      const corrected = await typos.of(withoutElisions(q));
      let words = fullTextQuery(corrected, await vocabulary.expand(vocabularyTokens(corrected)));
      const search = { ...near, box, cells: cellsAround(box), words, category: null, sort: 'relevance' as const, clock, limit: 20, offset: 0 };
      if (words.expanded && queryText(words) === null) {
        // As the route learns them: from the first search's row, or read on their own when it found nothing.
        const kept = (await searchProducts(db, { ...search, limit: 1 }))[0]?.kept ?? (await keptAlternatives(db, words.expanded));
        words = { ...words, expanded: kept.length ? { ...words.expanded, kept } : null };
      }
      return { corrected, search: { ...search, words } };
    };
    const indexSession = new Session();
    indexSession.connect();
    await indexSession.post('Profiler.enable');
    await indexSession.post('Profiler.setSamplingInterval', { interval: 100 });
    await index.current();
    globalThis.gc?.();
    await indexSession.post('Profiler.start');
    for (const pass of [1, 2])
      for (const [name, list] of Object.entries(classes)) {
        const line: string[] = [];
        for (const q of list) {
          const { corrected, search } = await searchFor(q);
          const { words } = search;
          if (process.env.SHOW_QUERIES)
            console.log(
              q,
              JSON.stringify({ text: queryText(words), exact: words.exact, corrected: words.corrected, meant: Boolean(words.meant), expanded: Boolean(words.expanded) }),
            );
          const found = await index.answer(search);
          const started = performance.now();
          for (let k = 0; k < 100; k++) await index.answer({ ...search, radius: 10 + k / 1000 });
          line.push(`${q} ${((performance.now() - started) / 100).toFixed(2)}`);
          // Nothing found: what the route asks next (routes.ts nothingWithin), in the index alone.
          if (!found?.length && words.exact) {
            const wide = boundingBox(near.lat, near.lng, 200);
            const elsewhere = {
              ...near,
              box,
              cells: cellsAround(box),
              category: null,
              words,
              suggestions: suggestionsOf(q, corrected)
                .slice(0, 8)
                .map((c) => c.query),
              beyond: { radius: 200, box: wide, cells: cellsAround(wide), limit: 5 },
            };
            const from = performance.now();
            for (let k = 0; k < 100; k++) await index.elsewhere({ ...elsewhere, radius: 10 + k / 1000 });
            line.push(`(nothing found: elsewhere ${((performance.now() - from) / 100).toFixed(2)})`);
          }
        }
        if (pass === 2) console.log(`${name} (ms in the index)`, line.join(', '));
      }
    // As under load: each class's queries in turn (their postings and products no longer in the CPU's caches from the last run of the same query).
    for (const [name, list] of Object.entries(classes)) {
      const searches = [];
      for (const q of list) searches.push((await searchFor(q)).search);
      const rounds = 50;
      const started = performance.now();
      for (let k = 0; k < rounds; k++) for (const search of searches) await index.answer({ ...search, radius: 10 + k / 1000 });
      console.log(`${name} in turn (ms a query in the index)`, ((performance.now() - started) / rounds / searches.length).toFixed(3));
    }
    const { profile } = await indexSession.post('Profiler.stop');
    writeFileSync(`${out}-index.cpuprofile`, JSON.stringify(profile));
    indexSession.disconnect();
  }
  if (process.env.ONLY_INDEX) process.exit(0);
  globalThis.gc?.();
  console.log('before the first search (MB)', JSON.stringify(mb()));
  for (const [q, r] of [
    ['pane', 10.5],
    ['caffè', 10.5],
    ['caffè', 10.6],
  ] as const)
    await fetch(`${base}/api/search/products?q=${encodeURIComponent(q)}&lat=45.4642&lng=9.19&radius=${r}`);
  globalThis.gc?.();
  console.log('after the first search (MB)', JSON.stringify(mb()));
  for (const [name, list] of Object.entries(classes)) {
    const totals = await Promise.all(
      list.map(
        async (w) => `${w} ${((await (await fetch(`${base}/api/search/products?q=${encodeURIComponent(w)}&lat=45.4642&lng=9.19&radius=10`)).json()) as { total: number }).total}`,
      ),
    );
    console.log(name, totals.join(', '));
  }
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  for (const [name, list] of Object.entries(classes)) {
    const urls = list.map((w) => `${base}/api/search/products?q=${encodeURIComponent(w)}&lat=45.4642&lng=9.19&radius=10.{n}1`);
    if (!process.env.NO_PROFILE) await session.post('Profiler.start');
    const {
      result: { stdout },
      server,
    } = await serverTimeOf(
      () => run(process.execPath, ['--import', 'tsx', 'scripts/bench/support/load.ts', JSON.stringify(urls), '32', process.env.LOAD_SECONDS ?? '5'], { maxBuffer: 1 << 20 }),
      system.projections,
    );
    if (!process.env.NO_PROFILE) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(`${out}-${name}.cpuprofile`, JSON.stringify(profile));
    }
    const line = stdout.trim().split('\n').pop()!;
    console.log(name, line, describeServerTime(server, (JSON.parse(line) as { total: number }).total));
  }
} finally {
  await cleanup.runAll();
}
