import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { buildApp } from '../../src/http/app.js';
import { seedLarge } from '../../src/seed-large.js';
import { startSystem } from '../../src/system.js';
import { Cleanup, openBenchDatabase } from './support/database.js';
import { summarize, type LatencySummary } from './support/measure.js';
import { formatNumber, Report } from './support/report.js';

/*
 * npm run bench:search [-- --quick]: the nearby search on a country's worth of data (5,000 shops,
 * 200,000 products, as `npm run seed:large`), measured over HTTP on 127.0.0.1 beside a no-op route
 * of the same server: one client's latency percentiles, then requests/s with 32 connections.
 */
const quick = process.argv.includes('--quick');
const size = quick ? { stores: 500, products: 20_000 } : { stores: 5_000, products: 200_000 };
const samples = quick ? 200 : 500;
const loadSeconds = quick ? 5 : 10;
const milan = 'lat=45.4642&lng=9.19&radius=10';
/** Typical words of a customer's search, with and without accents, singular and plural. */
const words = ['caffè', 'pomodori', 'pane', 'lampadina', 'quaderno', 'mozzarella', 'vino', 'biscotti', 'cuffie', 'rose'];

const run = promisify(execFile);

async function oneClient(url: (i: number) => string): Promise<LatencySummary> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const response = await fetch(url(i));
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url(i)} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return summarize(times);
}

async function load(url: string, connections: number): Promise<{ requestsPerSecond: number; p50: number; p99: number; errors: number }> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/bench/support/load.ts', url, String(connections), String(loadSeconds)], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  try {
    const database = await openBenchDatabase(cleanup);
    const system = await startSystem({ DATABASE_URL: database.url, DATA_DIR: '/nonexistent' });
    cleanup.add('stop the system', () => system.stop());
    console.error(`[bench] seeding ${size.stores} stores and ${size.products} products`);
    const seedStarted = performance.now();
    const seeded = await seedLarge(system.store, size);
    await system.projections.waitFor(seeded.last!, 900_000);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await system.pool.query('ANALYZE');

    const app = await buildApp({
      config: { NODE_ENV: 'production', READ_MODEL_WAIT_MS: 5000, LOG_LEVEL: 'silent' },
      pool: system.pool,
      store: system.store,
      projections: system.projections,
      sessionKey: randomBytes(32),
      webRoot: null,
    });
    // The baseline: the same server, session hook and logging, no work.
    app.get('/api/bench/noop', async () => ({ ok: true }));
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    cleanup.add('close the app', () => app.close());
    const searchUrl = (i: number) => `${base}/api/search/products?q=${encodeURIComponent(words[i % words.length]!)}&${milan}`;

    console.error('[bench] one client');
    const noop1 = await oneClient(() => `${base}/api/bench/noop`);
    const search1 = await oneClient(searchUrl);
    // A radius a hair different each time: no answer comes from the read cache.
    const missUrl = (i: number) => `${base}/api/search/products?q=${encodeURIComponent(words[i % words.length]!)}&lat=45.4642&lng=9.19&radius=${(10 + i / 1000).toFixed(3)}`;
    const searchMiss1 = await oneClient(missUrl);
    const nearby1 = await oneClient(() => `${base}/api/stores/nearby?${milan}`);
    const firstPage = await (await fetch(searchUrl(0))).json() as { total: number };

    console.error('[bench] 32 connections');
    const noop32 = await load(`${base}/api/bench/noop`, 32);
    const search32 = await load(searchUrl(0), 32);

    const report = new Report();
    const latencyRow = (name: string, s: LatencySummary, target?: number) =>
      report.add({
        measurement: name,
        value: `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)} / ${s.p99.toFixed(1)}`,
        unit: 'ms',
        baseline: noop1.p95.toFixed(1),
        ratio: (s.p95 / noop1.p95).toFixed(1),
        target: target ? `p95 ≤ ${target} ms` : '—',
        ...(target ? { passed: s.p95 <= target } : {}),
      });
    latencyRow('no-op route, 1 client (p50 / p95 / p99)', noop1);
    latencyRow('product search, 1 client (p50 / p95 / p99)', search1, 25);
    latencyRow('product search, never cached (p50 / p95 / p99)', searchMiss1);
    latencyRow('nearby stores, 1 client (p50 / p95 / p99)', nearby1, 10);
    report.add({ measurement: 'no-op route, 32 connections', value: formatNumber(noop32.requestsPerSecond), unit: 'req/s' });
    report.add({
      measurement: 'product search, 32 connections',
      value: formatNumber(search32.requestsPerSecond),
      unit: 'req/s',
      baseline: formatNumber(noop32.requestsPerSecond),
      ratio: (search32.requestsPerSecond / noop32.requestsPerSecond).toFixed(2),
      target: '≥ 800 req/s',
      passed: search32.requestsPerSecond >= 800,
    });
    report.detail(`data: ${size.stores} stores, ${size.products} products over ${quick ? 'a quick' : 'the full'} seed in ${seedSeconds.toFixed(0)} s; ${database.description}`);
    report.detail(`query: one word of ${words.length} (${words.join(', ')}), Milan centre, radius 10 km; "caffè" alone matches ${firstPage.total} products there`);
    report.detail(`one client: ${samples} sequential requests each; load: autocannon in its own process, ${loadSeconds} s, "caffè" (p50 ${search32.p50} ms, p99 ${search32.p99} ms, errors ${search32.errors}); no-op p50 ${noop32.p50} ms`);
    console.log('\nSearch benchmark\n');
    report.print();
  } finally {
    await cleanup.runAll();
  }
}

await main();
