import { changeUser } from '../../src/modules/users/commands.js';
import { seedLarge, type LargeSeed } from '../../src/seed-large.js';
import { systemContext } from '../../src/platform/domain/context.js';
import type { System } from '../../src/system.js';
import { creditSpends, spendRoutes } from './credit-spends.js';
import type { Cleanup } from './support/database.js';
import { summarize, withTimeout, type LatencySummary } from './support/measure.js';
import { Report } from './support/report.js';
import { benchmark, loggedInOver, serveBench } from './support/server.js';

/*
 * npm run bench:credits [-- --quick]: issue [11]'s figures over HTTP on 127.0.0.1, on a country's
 * worth of data (5,000 shops, 200,000 products, as `npm run seed:large`, a quarter of the products
 * carrying a shared catalogue barcode), each beside the no-op route of the same server measured in
 * the same run. Each figure is a section: a function that measures on the shared server and adds
 * its rows and details to the one table.
 */
const quick = process.argv.includes('--quick');
const size = quick ? { stores: 500, products: 20_000 } : { stores: 5_000, products: 200_000 };
/** 20 barcodes a shop category, carried by a quarter of the products (seed-large.ts `shared`). */
const shared = { perCategory: 20, share: 0.25 };
const samples = quick ? 200 : 1_000;
/** No request loop runs past this, whatever the machine's speed. */
const sectionTimeoutMs = 10 * 60_000;

/** What every section measures with: the served app, its data, and the one table. */
export interface BenchContext {
  base: string;
  system: System;
  seeded: LargeSeed;
  report: Report;
  /** The no-op route's latency with one client (sequential requests), measured once before the sections. */
  noop1: LatencySummary;
  cleanup: Cleanup;
}

type Section = { name: string; run: (ctx: BenchContext) => Promise<void> };

/** `count` sequential requests of one client (after `warmUp` uncounted ones), each to `url(i)`: their latency. */
async function oneClient(
  url: (i: number) => string,
  { count = samples, warmUp = 50, headers = {} }: { count?: number; warmUp?: number; headers?: Record<string, string> } = {},
): Promise<LatencySummary> {
  const times: number[] = [];
  for (let i = -warmUp; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url(i + warmUp), { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url(i + warmUp)} answered ${response.status}`);
    if (i >= 0) times.push(performance.now() - started);
  }
  return summarize(times);
}

/**
 * Price comparison for a product on the large copy, one client, as a customer who has it on: the
 * products of the barcodes sold by the most shops, those with the most shops within 10 km taken
 * in turn. The route caches nothing: every request is the database's.
 */
const priceComparison: Section = {
  name: 'price comparison',
  async run({ base, system, seeded, report, noop1 }) {
    const customer = await loggedInOver(base, system, {
      username: 'bench-confronto',
      name: 'Cliente del confronto',
      email: 'bench-confronto@vicino.demo',
      password: 'bench-password-1',
      role: 'customer',
    });
    const on = await changeUser(system, customer.id, { type: 'SetPriceComparison', enabled: true, expiresAt: null }, systemContext());
    if (on) await system.projections.waitFor(on, 60_000);
    const headers = { cookie: customer.cookie };
    const url = (productId: string) => `${base}/api/price-comparison/products/${productId}?radius=10`;

    // The most carried barcodes' products, each asked once (uncounted): the 100 with most shops around are measured.
    const candidates = [...seeded.entries]
      .sort((a, b) => b.productIds.length - a.productIds.length)
      .slice(0, 10)
      .flatMap((e) => e.productIds.slice(0, 40));
    const shopsAround: { productId: string; shops: number }[] = [];
    for (const productId of candidates) {
      const response = await fetch(url(productId), { headers });
      if (!response.ok) throw new Error(`${url(productId)} answered ${response.status}: ${await response.text()}`);
      shopsAround.push({ productId, shops: ((await response.json()) as { shops: number }).shops });
    }
    const measured = shopsAround.sort((a, b) => b.shops - a.shops).slice(0, 100);
    const comparison = await oneClient((i) => url(measured[i % measured.length]!.productId), { headers });

    report.latencyRows(noop1)('price comparison of a product, 10 km, 1 client (p50 / p95 / p99)', comparison, 20);
    const shops = measured.map((m) => m.shops).sort((a, b) => a - b);
    report.detail(
      `price comparison: ${measured.length} products of the ${Math.min(10, seeded.entries.length)} barcodes carried by the most shops (${seeded.entries[0] ? Math.max(...seeded.entries.map((e) => e.productIds.length)) : 0} products the most carried), ` +
        `${shops[0]}–${shops[shops.length - 1]} shops within 10 km (median ${shops[Math.floor(shops.length / 2)]}), in turn; ${samples} requests after 50 uncounted, as a customer with the comparison on`,
    );
  },
};

/** Credit spends with 32 connections, each on a ledger of its own, then on one ledger; whole AI calls (credit-spends.ts). */
const spends: Section = {
  name: 'credit spends',
  run: ({ base, system, report, cleanup }) => creditSpends(system, base, cleanup, report, { seconds: quick ? 4 : 10 }),
};

/** The sections in the order they run; each adds its rows to the one table. */
const sections: Section[] = [priceComparison, spends];

async function main(): Promise<void> {
  await benchmark('Credits and price comparison benchmark', async ({ database, system, report, cleanup }) => {
    console.error(`[bench] seeding ${size.stores} stores and ${size.products} products`);
    const seedStarted = performance.now();
    const seeded = await seedLarge(system.store, { ...size, shared });
    await system.projections.waitFor(seeded.last!, 900_000);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await system.pool.query('ANALYZE');

    const base = await serveBench(system, cleanup, { noop: 'GET', routes: spendRoutes(system) });
    const noop1 = await oneClient(() => `${base}/api/bench/noop`);
    report.latencyRows(noop1)('no-op route, 1 client (p50 / p95 / p99)', noop1);
    const ctx: BenchContext = { base, system, seeded, report, noop1, cleanup };
    for (const section of sections) {
      console.error(`[bench] ${section.name}`);
      await withTimeout(section.run(ctx), sectionTimeoutMs, section.name);
    }
    report.detail(
      `data: ${size.stores} stores, ${size.products} products (${seeded.entries.reduce((n, e) => n + e.productIds.length, 0)} of ${seeded.entries.length} shared barcodes) over ${quick ? 'a quick' : 'the full'} seed in ${seedSeconds.toFixed(0)} s; ${database.description}`,
    );
  });
}

await main();
