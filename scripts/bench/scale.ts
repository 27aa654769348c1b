import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';
import { addToCart } from '../../src/modules/cart/commands.js';
import type { OpeningHours } from '../../src/modules/stores/store.js';
import { registerUser } from '../../src/modules/users/commands.js';
import { systemContext } from '../../src/platform/domain/context.js';
import { comparePositions } from '../../src/platform/eventstore/position.js';
import type { Position } from '../../src/platform/eventstore/types.js';
import { seedDemo } from '../../src/seed.js';
import { seedLarge } from '../../src/seed-large.js';
import { startSystem } from '../../src/system.js';
import { Client, startAppProcess, type AppProcess } from '../../tests/support/processes.js';
import { Cleanup, openBenchDatabase } from './support/database.js';
import { pickupTimeFor } from './support/pickup.js';
import { postLoop, type PostLoopResult, type PostPlan } from './support/post-loop.js';
import { formatNumber, Report } from './support/report.js';
import { sessionsOver } from './support/server.js';

/*
 * npm run bench:scale [-- --quick]: issue [15]'s figures. Real app processes (`src/main.ts`, as
 * `npm start` runs it) on one database, 1, 2 then 3 of them on this machine: product search
 * (never cached) and checkout with 32 connections dealt round-robin over the processes, each beside
 * the same run's baseline; then, with 3, the one running the read models is killed (kill -9) and
 * the time until the survivors run them all, and until a write on one survivor is read on the other.
 *
 * The baseline: a spawned app has no no-op route (and gets none: no test-only routes in the
 * product), so it is `GET /api/user` without a session: the same server, hooks and error path,
 * answered 401 without touching the database (no cookie, no session lookup).
 *
 * Everything is written before the processes start (by a system of this script's own, stopped
 * then): the demo (admin, shops), a large seed for the search, and customers whose carts hold one
 * line of each of 50 shops; each checkout takes one shop's line of one customer, as bench:orders.
 */
const quick = process.argv.includes('--quick');
const connections = 32;
const seconds = quick ? 4 : 10;
const size = quick ? { stores: 200, products: 5_000 } : { stores: 1_000, products: 40_000 };
const cartShops = 50;
/** Carts sized for up to this many orders a second in each of the three checkout runs. */
const maxRate = 400;
const customersPerRun = Math.ceil((maxRate * seconds) / connections / cartShops);
const counts = [1, 2, 3] as const;
const customersPerConnection = customersPerRun * counts.length;
const baselineName = 'GET /api/user without session (401, no database)';
const words = ['caffè', 'pomodori', 'pane', 'lampadina', 'quaderno', 'mozzarella', 'vino', 'biscotti', 'cuffie', 'rose'];
const run = promisify(execFile);

async function inParallel<T>(items: T[], workers: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface GetLoad {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

/** One autocannon process per app process, `connections` dealt round-robin, run at once: summed rates, worst percentiles. */
async function getLoad(apps: AppProcess[], urls: (base: string) => string[]): Promise<GetLoad & { per: GetLoad[] }> {
  const per = await Promise.all(
    apps.map(async (app, i) => {
      const mine = Math.floor(connections / apps.length) + (i < connections % apps.length ? 1 : 0);
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/bench/support/load.ts', JSON.stringify(urls(app.url)), String(mine), String(seconds)], {
        maxBuffer: 1 << 20,
      });
      return JSON.parse(stdout.trim().split('\n').pop()!) as GetLoad;
    }),
  );
  return {
    requestsPerSecond: per.reduce((n, r) => n + r.requestsPerSecond, 0),
    p50: Math.max(...per.map((r) => r.p50)),
    p99: Math.max(...per.map((r) => r.p99)),
    errors: per.reduce((n, r) => n + r.errors, 0),
    total: per.reduce((n, r) => n + r.total, 0),
    per,
  };
}

interface HealthProjection {
  name: string;
  activeHere: boolean;
}

/**
 * Which processes run each read model and each background worker ("worker: <name>"), as each
 * process's own health (admin) says; a process that does not answer holds none.
 */
async function holders(admin: Client, apps: AppProcess[]): Promise<Map<string, string[]>> {
  const held = new Map<string, string[]>();
  await Promise.all(
    apps.map(async (app) => {
      const res = await admin.request(app.url, 'GET', '/api/health');
      if (res.status !== 200) return;
      const health = res.json as { projections?: HealthProjection[]; workers?: HealthProjection[] };
      for (const p of [...(health.projections ?? []), ...(health.workers ?? []).map((w) => ({ ...w, name: `worker: ${w.name}` }))]) {
        if (!held.has(p.name)) held.set(p.name, []);
        if (p.activeHere) held.get(p.name)!.push(app.name);
      }
    }),
  );
  return held;
}

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  const report = new Report();
  const apps: AppProcess[] = [];
  try {
    const database = await openBenchDatabase(cleanup);
    const sessionKey = randomBytes(32).toString('hex');

    // Everything written first, by a system of our own, stopped before the app processes start.
    const setupStarted = performance.now();
    const system = await startSystem({ DATABASE_URL: database.url, DATA_DIR: '/nonexistent' }, { secret: Buffer.from(sessionKey, 'hex') });
    let customers: { username: string }[] = [];
    let shopRows: { id: string; opening_hours: OpeningHours }[] = [];
    try {
      console.error('[bench] demo seed (admin, shops)');
      await seedDemo({ store: system.store, pool: system.pool, db: system.db, waitFor: (p) => system.projections.waitFor(p, 60_000) });
      console.error(`[bench] seeding ${size.stores} shops and ${size.products} products`);
      const seeded = await seedLarge(system.store, { ...size, stock: 100_000 });
      await system.projections.waitFor(seeded.last!, 900_000);
      const { rows } = await system.pool.query<{ id: string; opening_hours: OpeningHours; product: string }>(
        `SELECT DISTINCT ON (s.id) s.id, s.opening_hours, p.id AS product
         FROM stores s JOIN products p ON p.store_id = s.id WHERE p.stock_quantity >= 100000 ORDER BY s.id, p.id LIMIT ${cartShops}`,
      );
      shopRows = rows;
      const count = connections * customersPerConnection;
      console.error(`[bench] ${count} customers, each with a line of ${cartShops} shops in the cart`);
      customers = Array.from({ length: count }, (_, i) => ({ username: `cliente-scala-${i}` }));
      let last: Position | null = null;
      const later = (position: Position | null) => {
        if (position && (!last || comparePositions(position, last) > 0)) last = position;
      };
      await inParallel(
        customers.map((c, i) => ({ ...c, i })),
        8,
        async ({ username, i }) => {
          const { userId, position } = await registerUser(
            system,
            { username, name: `Cliente ${i}`, email: `${username}@vicino.demo`, password: 'bench-password', role: 'customer' },
            systemContext(),
            { ignoreClosedRegistration: true },
          );
          later(position);
          for (const shop of rows) later(await addToCart(system, userId, { productId: shop.product, quantity: 1 }, systemContext()));
        },
      );
      await system.projections.waitFor(last!, 300_000);
      await system.pool.query('ANALYZE');
    } finally {
      await system.stop();
    }
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    const pickupTime = pickupTimeFor(shopRows[0]!.opening_hours);
    const details = { customerName: 'Cliente Prova', customerPhone: '+39 333 0000000', customerEmail: 'cliente@vicino.demo', paymentMethod: 'cash' };
    let cookies: string[] = [];
    cleanup.add('stop the app processes', async () => {
      await Promise.all(apps.map((app) => app.stop().catch(() => {})));
    });

    const searchUrls = (base: string) => words.map((w) => `${base}/api/search/products?q=${encodeURIComponent(w)}&lat=45.4642&lng=9.19&radius=10.{n}1`);
    const baselineUrls = (base: string) => [`${base}/api/user`];
    /** Each connection on process c % N; its own customers of run `r`, every shop of each. */
    const checkoutPlan = (r: number): PostPlan => ({
      seconds,
      connections: Array.from({ length: connections }, (_, c) => {
        const app = apps[c % apps.length]!;
        const first = c * customersPerConnection + r * customersPerRun;
        const mine = cookies.slice(first, first + customersPerRun);
        return {
          cookie: mine[0]!,
          posts: shopRows
            .map((_, i) => shopRows[(i + c * Math.ceil(shopRows.length / connections)) % shopRows.length]!)
            .flatMap((shop) =>
              mine.map((cookie) => ({
                url: `${app.url}/api/orders/checkout`,
                body: { ...details, stores: [{ storeId: shop.id, deliveryType: 'pickup', pickupTime }] },
                cookie,
              })),
            ),
        };
      }),
    });
    const baselinePlan = (): PostPlan => ({
      seconds,
      connections: Array.from({ length: connections }, (_, c) => ({ cookie: '', posts: [{ url: `${apps[c % apps.length]!.url}/api/user`, method: 'GET' as const }] })),
    });

    const results: {
      n: number;
      search: Awaited<ReturnType<typeof getLoad>>;
      searchBase: Awaited<ReturnType<typeof getLoad>>;
      checkout: PostLoopResult;
      checkoutBase: PostLoopResult;
    }[] = [];
    for (const n of counts) {
      while (apps.length < n) {
        const name = 'abc'[apps.length]!;
        console.error(`[bench] starting process ${name}`);
        apps.push(await startAppProcess(name, { databaseUrl: database.url, sessionKey }));
      }
      if (n === 1) {
        console.error(`[bench] logging in ${customers.length} customers`);
        cookies = await sessionsOver(
          apps[0]!.url,
          customers.map((c) => c.username),
          'bench-password',
        );
      }
      // Warm each process (first queries plan, caches fill) before measuring.
      for (const app of apps) for (const url of searchUrls(app.url)) await fetch(url.replace('{n}', '0')).then((r) => r.arrayBuffer());
      console.error(`[bench] ${n} process(es): baseline GET, search`);
      const searchBase = await getLoad(apps, baselineUrls);
      const search = await getLoad(apps, searchUrls);
      console.error(`[bench] ${n} process(es): baseline GET (same loop as checkout), checkout`);
      const checkoutBase = await postLoop(baselinePlan());
      const checkout = await postLoop(checkoutPlan(n - 1));
      results.push({ n, search, searchBase, checkout, checkoutBase });
      report.add({ measurement: `${n} process${n > 1 ? 'es' : ''}: ${baselineName}, autocannon`, value: formatNumber(searchBase.requestsPerSecond), unit: 'req/s' });
      report.add({
        measurement: `${n} process${n > 1 ? 'es' : ''}: product search, never cached`,
        value: formatNumber(search.requestsPerSecond),
        unit: 'req/s',
        baseline: formatNumber(searchBase.requestsPerSecond),
        ratio: (search.requestsPerSecond / searchBase.requestsPerSecond).toFixed(2),
      });
      const orders = checkout.ok / checkout.seconds;
      report.add({
        measurement: `${n} process${n > 1 ? 'es' : ''}: checkout`,
        value: formatNumber(orders),
        unit: 'orders/s',
        baseline: formatNumber(checkoutBase.perSecond),
        ratio: (orders / checkoutBase.perSecond).toFixed(2),
      });
    }
    const one = results[0]!;
    for (const r of results.slice(1)) {
      report.detail(
        `${r.n} processes vs 1: search ×${(r.search.requestsPerSecond / one.search.requestsPerSecond).toFixed(2)}, checkout ×${(r.checkout.ok / r.checkout.seconds / (one.checkout.ok / one.checkout.seconds)).toFixed(2)}, baseline ×${(r.searchBase.requestsPerSecond / one.searchBase.requestsPerSecond).toFixed(2)}`,
      );
    }

    // Failover: kill -9 the process that runs the read models.
    console.error('[bench] failover');
    const admin = await Client.loggedIn(apps[0]!.url, 'admin', 'vicino-admin');
    const before = await holders(admin, apps);
    const held = new Map(apps.map((app) => [app.name, [...before.values()].filter((h) => h.includes(app.name)).length]));
    const victim = apps.reduce((most, app) => (held.get(app.name)! > held.get(most.name)! ? app : most));
    const survivors = apps.filter((app) => app !== victim);
    const shop = await Client.loggedIn(survivors[0]!.url, 'negoziante', 'vicino-negozio');
    const storeId = ((await shop.request(survivors[0]!.url, 'GET', '/api/stores/me')).json as { id: string }).id;
    const [product] = (await shop.request(survivors[0]!.url, 'GET', `/api/stores/${storeId}/products`)).json as { id: string; price: number }[];
    const customer = await Client.loggedIn(survivors[1]!.url, 'cliente', 'vicino-cliente');
    const newPrice = Math.round((product!.price + 1.11) * 100) / 100;
    const limit = 60_000;

    const killedAt = performance.now();
    await victim.kill9();
    apps.splice(apps.indexOf(victim), 1);
    const allRunning = (async () => {
      while (performance.now() - killedAt < limit) {
        const now = await holders(admin, survivors);
        if (now.size >= before.size && [...now.values()].every((h) => h.length === 1)) return performance.now() - killedAt;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return Number.NaN;
    })();
    const writeRead = (async () => {
      const patched = await shop.request(survivors[0]!.url, 'PATCH', `/api/products/${product!.id}`, { price: newPrice });
      const answeredMs = performance.now() - killedAt;
      if (patched.status !== 200) throw new Error(`price PATCH on ${survivors[0]!.name}: ${patched.status} ${JSON.stringify(patched.json)}`);
      while (performance.now() - killedAt < limit) {
        const shown = (await customer.request(survivors[1]!.url, 'GET', `/api/products/${product!.id}`)).json as { price: number };
        if (shown.price === newPrice) return { answeredMs, readMs: performance.now() - killedAt };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return { answeredMs, readMs: Number.NaN };
    })();
    const [takeover, moved] = await Promise.all([allRunning, writeRead]);
    report.add({
      measurement: `failover: kill -9 of ${victim.name} (${held.get(victim.name)} read models and background workers) → every one running in a survivor`,
      value: formatNumber(takeover),
      unit: 'ms',
    });
    report.add({ measurement: `failover: kill -9 → a price written on ${survivors[0]!.name} read on ${survivors[1]!.name}`, value: formatNumber(moved.readMs), unit: 'ms' });
    report.detail(`failover: the price PATCH (sent right after the kill) was answered after ${formatNumber(moved.answeredMs)} ms; health polled every 50 ms, the read every 20 ms`);

    const statuses = (r: PostLoopResult) => `${JSON.stringify(r.statuses)}${r.firstError && !r.firstError.startsWith('401') ? `, first error: ${r.firstError}` : ''}`;
    for (const r of results) {
      report.detail(
        `${r.n} process${r.n > 1 ? 'es' : ''}: search p50 ${r.search.p50} / p99 ${r.search.p99} ms (worst instance), ${r.search.errors} errors of ${r.search.total}; baseline p50 ${r.searchBase.p50} / p99 ${r.searchBase.p99} ms, ${r.searchBase.total} answers (all 401 by design: ${r.searchBase.errors === r.searchBase.total})`,
      );
      report.detail(
        `${r.n} process${r.n > 1 ? 'es' : ''}: checkout p50 ${r.checkout.p50} / p95 ${r.checkout.p95} / p99 ${r.checkout.p99} ms, statuses ${statuses(r.checkout)}; its baseline (same loop) p50 ${r.checkoutBase.p50} / p95 ${r.checkoutBase.p95} ms, statuses ${JSON.stringify(r.checkoutBase.statuses)}`,
      );
    }
    report.detail(
      `machine: ${os.cpus().length} cores; processes: src/main.ts (NODE_ENV=production) 1, 2, then 3, started one after the other on one database; load generators in processes of their own on the same machine`,
    );
    report.detail(
      `load: ${connections} connections dealt round-robin over the processes, ${seconds} s each run; search: autocannon, one instance per process, run at once, rates summed; checkout and its baseline: one loop process (support/post-loop.ts), one request at a time per connection`,
    );
    report.detail(`search: one word of ${words.length} (${words.join(', ')}), Milan centre, radius 10.01…10.99 km so no answer comes from a read cache`);
    report.detail(`baseline: ${baselineName}: a spawned app has no no-op route; the same baseline through each load generator`);
    report.detail(
      `data: demo seed + ${size.stores} shops and ${size.products} products; ${customers.length} customers with a line of ${cartShops} shops each; written in ${setupSeconds.toFixed(0)} s before the processes start; ${database.description}`,
    );
  } finally {
    console.log('\nScale benchmark (issue [15])\n');
    report.print();
    await cleanup.runAll();
  }
}

await main();
