import { randomUUID } from 'node:crypto';
import { addToCart } from '../../src/modules/cart/commands.js';
import { systemContext } from '../../src/platform/domain/context.js';
import { comparePositions } from '../../src/platform/eventstore/position.js';
import type { Position } from '../../src/platform/eventstore/types.js';
import type { OpeningHours } from '../../src/modules/stores/store.js';
import { seedLarge } from '../../src/seed-large.js';
import { readModelsCaughtUp } from '../../tests/support/caught-up.js';
import { Cleanup } from './support/database.js';
import { pickupTimeFor } from './support/pickup.js';
import { formatNumber, formatRatio, Report } from './support/report.js';
import { loggedInOver, serveBench, startBenchSystem } from './support/server.js';

/*
 * npm run bench:privacy [-- --quick]: issue [21]'s figure for a person's export (GDPR artt. 15 and
 * 20): a customer with 1,000 orders (placed over HTTP at 50 shops, each with its notices, mails,
 * timeline) downloads their data, as the JSON file and as the readable summary, over HTTP on
 * 127.0.0.1; beside the same downloads of a customer with one order, in the same run (the cost
 * of the sections themselves). Each download five times, the median.
 */
const quick = process.argv.includes('--quick');
const shops = 50;
const orders = quick ? 200 : 1_000;
const rounds = 5;

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  try {
    const { database, system } = await startBenchSystem(cleanup);
    console.error(`[bench] seeding ${shops} shops`);
    const seeded = await seedLarge(system.store, { stores: shops, products: shops * 4, stock: 100_000 });
    await system.projections.waitFor(seeded.last!, 300_000);
    const base = await serveBench(system, cleanup);
    const { rows: shopRows } = await system.pool.query<{ id: string; opening_hours: OpeningHours; product: string }>(
      `SELECT s.id, s.opening_hours, min(p.id::text) AS product FROM stores s JOIN products p ON p.store_id = s.id GROUP BY s.id ORDER BY s.id`,
    );
    const pickupTime = pickupTimeFor(shopRows[0]!.opening_hours);
    const details = { customerName: 'Cliente Prova', customerPhone: '+39 333 0000000', customerEmail: 'cliente@vicino.demo', paymentMethod: 'cash' };

    /** A customer with `count` orders: their cart filled with a line of each shop, then one checkout a shop. */
    async function customerWith(count: number, username: string) {
      const { id, cookie } = await loggedInOver(base, system, {
        username,
        name: `Cliente ${username}`,
        email: `${username}@vicino.demo`,
        password: 'bench-password',
        role: 'customer',
      });
      for (let placed = 0; placed < count; ) {
        const batch = shopRows.slice(0, Math.min(shopRows.length, count - placed));
        let last: Position | null = null;
        for (const shop of batch) {
          const position = await addToCart(system, id, { productId: shop.product, quantity: 1 }, systemContext());
          if (position && (!last || comparePositions(position, last) > 0)) last = position;
        }
        await system.projections.waitFor(last!, 60_000);
        await Promise.all(
          [0, 1, 2, 3].map(async (lane) => {
            for (let i = lane; i < batch.length; i += 4) {
              const answer = await fetch(`${base}/api/orders/checkout`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', cookie, 'idempotency-key': randomUUID() },
                body: JSON.stringify({ ...details, stores: [{ storeId: batch[i]!.id, deliveryType: 'pickup', pickupTime }] }),
              });
              if (answer.status !== 201) throw new Error(`checkout answered ${answer.status}: ${await answer.text()}`);
            }
          }),
        );
        placed += batch.length;
        if (placed % 200 === 0) console.error(`[bench] ${username}: ${placed} orders`);
      }
      return { id, cookie };
    }

    console.error(`[bench] a customer with ${orders} orders, one with 1`);
    const many = await customerWith(orders, 'cliente-mille');
    const one = await customerWith(1, 'cliente-uno');
    for (let i = 0; i < 600 && !(await readModelsCaughtUp(system)); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    await system.pool.query('VACUUM ANALYZE');

    /** The median of `rounds` downloads of the export as `format`, and its size. */
    async function download(cookie: string, format: 'json' | 'html'): Promise<{ seconds: number; bytes: number }> {
      const times: number[] = [];
      let bytes = 0;
      for (let round = 0; round < rounds; round++) {
        const start = performance.now();
        const answer = await fetch(`${base}/api/user/privacy/export/${format}`, { headers: { cookie } });
        const body = await answer.arrayBuffer();
        times.push((performance.now() - start) / 1000);
        if (answer.status !== 200) throw new Error(`export answered ${answer.status}`);
        bytes = body.byteLength;
      }
      return { seconds: times.sort((a, b) => a - b)[Math.floor(rounds / 2)]!, bytes };
    }

    const report = new Report();
    const { rows: counted } = await system.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [many.id]);
    for (const format of ['json', 'html'] as const) {
      const baseline = await download(one.cookie, format);
      const measured = await download(many.cookie, format);
      report.add({
        measurement: `export (${format}) of a customer with ${formatNumber(counted[0]!.n)} orders`,
        value: measured.seconds.toFixed(3),
        unit: 's',
        baseline: baseline.seconds.toFixed(3),
        ratio: formatRatio(measured.seconds, baseline.seconds),
        target: '≤ 5 s',
        passed: measured.seconds <= 5,
      });
      report.detail(`${format}: ${formatNumber(measured.bytes / 1024)} KiB for ${orders} orders, ${formatNumber(baseline.bytes / 1024)} KiB for one`);
    }
    report.detail(`baseline: the same download of a customer with one order, in the same run; the median of ${rounds} each, over HTTP on 127.0.0.1`);
    report.detail(`data: ${shops} shops; ${database.description}`);
    console.log('\nPrivacy benchmark (a person’s export)\n');
    report.print();
    if (report.rows.some((row) => row.passed === false)) process.exitCode = 1;
  } finally {
    await cleanup.runAll();
  }
}

await main();
