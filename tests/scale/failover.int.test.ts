import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../src/modules/index.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { Client, openShopOver, startThree, type AppProcess } from '../support/processes.js';
import { readModelDifferences, readModelSnapshot, readModelsOf, readModelTableIds } from '../support/read-models.js';
import { pickupSoon } from '../support/marketplace.js';
import { hangAfter } from '../support/time-limits.js';

/*
 * Issue [15]: checkouts spread over three app processes, and the one that runs the read models is
 * killed (kill -9) in the middle. A client whose process died sends its checkout again to another
 * with the same Idempotency-Key, as a proxy or the page's retry would. Afterwards every order
 * answered 201 exists, the stock is exactly what the orders took, and every read model equals a
 * rebuild of all of them from the log (tests/support/read-models.ts).
 */

let db: TestDatabase;
let apps: AppProcess[] = [];
const sessionKey = randomBytes(32).toString('hex');
const customers = 24;
const initialStock = 100;

beforeAll(async () => {
  db = await createTestDatabase();
  apps = await startThree(db.url, sessionKey);
}, hangAfter(300_000));

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop().catch(() => {})));
  await db?.drop();
}, hangAfter(120_000));

interface ProjectionRow {
  name: string;
  status: 'idle' | 'running' | 'rebuilding' | 'failed';
  rebuildError: string | null;
}

/** The newest event of the log. */
async function logHead(): Promise<string> {
  const { rows } = await db.pool.query<{ head: string | null }>('SELECT max(global_position)::text AS head FROM es_events');
  return rows[0]!.head ?? '';
}

describe('checkouts over three processes, one killed in the middle', () => {
  it(
    'keeps every answered order, the exact stock, and every read model equal to a rebuild',
    async () => {
      const [a, b, c] = apps as [AppProcess, AppProcess, AppProcess];
      const { owner, store, product } = await openShopOver(
        { register: b, store: c, admin: b, approve: c, product: b },
        {
          owner: 'bottega',
          name: 'Sara Bottega',
          shop: 'Bottega del Failover',
          place: { address: 'Via Nazionale 5, Roma', latitude: 41.9, longitude: 12.49 },
          product: { name: 'Olio nuovo', price: 9.5, stockQuantity: initialStock },
        },
      );

      // Customers fill their carts first (a cart line is not idempotent), through every process.
      const people = await Promise.all(
        Array.from({ length: customers }, async (_, i) => {
          const client = new Client();
          const name = `cliente-${i}-${randomUUID().slice(0, 6)}`;
          const via = apps[i % 3]!;
          expect(
            (await client.request(via.url, 'POST', '/api/register', { username: name, name: `Cliente ${i}`, email: `${name}@esempio.it`, password: 'segreta12', role: 'customer' }))
              .status,
          ).toBe(201);
          const quantity = 1 + (i % 3);
          expect((await client.request(apps[(i + 1) % 3]!.url, 'POST', '/api/cart/items', { productId: product.id, quantity })).status).toBe(201);
          return { client, key: randomUUID(), quantity, first: apps[(i + 2) % 3]! };
        }),
      );

      // The checkouts at once; A (which runs every read model) is killed as they run.
      const pickupTime = pickupSoon();
      const body = (i: number) => ({
        customerName: `Cliente ${i}`,
        customerPhone: '+39 333 1234567',
        customerEmail: `c${i}@esempio.it`,
        paymentMethod: 'cash',
        stores: [{ storeId: store.id, deliveryType: 'pickup', pickupTime }],
      });
      let killed = false;
      const answers = people.map(async (person, i) => {
        let target = person.first;
        for (let attempt = 0; attempt < 6; attempt++) {
          try {
            const res = await person.client.request(target.url, 'POST', '/api/orders/checkout', body(i), { 'idempotency-key': person.key });
            // A process going down may answer 503 while it stops: another is asked the same.
            if (res.status >= 500) throw new Error(`${res.status}`);
            return { ...person, status: res.status, json: res.json as { orders?: { id: string }[] }, retried: attempt };
          } catch {
            const alive = apps.filter((app) => !(killed && app === a));
            target = alive[(alive.indexOf(target) + 1) % alive.length] ?? alive[0]!;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        return { ...person, status: 0, json: {}, retried: 6 };
      });
      await new Promise((resolve) => setTimeout(resolve, 150));
      killed = true;
      await a.kill9();
      apps = [b, c];
      const results = await Promise.all(answers);

      // Every checkout got an answer; those that took the stock are orders that exist.
      expect(results.map((r) => r.status).filter((s) => s !== 201 && s !== 422)).toEqual([]);
      const placed = results.filter((r) => r.status === 201);
      expect(placed.length).toBeGreaterThan(0);
      for (const r of placed) {
        const [order] = r.json.orders!;
        const seen = await r.client.request(apps[0]!.url, 'GET', `/api/orders/${order!.id}`);
        expect(seen.status, JSON.stringify(seen.json)).toBe(200);
      }
      // The same key again answers the same order, wherever it is asked.
      const again = await placed[0]!.client.request(apps[1]!.url, 'POST', '/api/orders/checkout', body(people.indexOf(people.find((p) => p.key === placed[0]!.key)!)), {
        'idempotency-key': placed[0]!.key,
      });
      expect((again.json as { orders: { id: string }[] }).orders[0]!.id).toBe(placed[0]!.json.orders![0]!.id);

      // The stock is exactly what the orders took: no order lost, none twice.
      const {
        rows: [taken],
      } = await db.pool.query<{ n: string; q: string }>(
        `SELECT count(DISTINCT o.id) AS n, coalesce(sum(i.quantity), 0) AS q FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.store_id = $1`,
        [store.id],
      );
      expect(Number(taken!.n)).toBe(placed.length);
      expect(Number(taken!.q)).toBe(placed.reduce((sum, r) => sum + r.quantity, 0));
      const shown = (await owner.request(apps[0]!.url, 'GET', `/api/products/${product.id}`)).json as { stockQuantity: number };
      expect(shown.stockQuantity).toBe(initialStock - Number(taken!.q));

      // Every read model equals a rebuild of all of them from the log: nothing applied twice, none
      // skipped, in the batches A had under way when it died. First every one caught up (the
      // survivors took A's runners over).
      const survivorAdmin = await Client.loggedIn(apps[0]!.url, 'admin', 'vicino-admin');
      const list = async () => (await survivorAdmin.request(apps[0]!.url, 'GET', '/api/admin/projections')).json as ProjectionRow[];
      await expect
        .poll(async () => (await list()).filter((p) => p.status !== 'idle').map((p) => `${p.name} ${p.status}`), { timeout: hangAfter(60_000), interval: 250 })
        .toEqual([]);
      const readModels = readModelsOf(catalog.projections);
      const head = await logHead();
      const before = await readModelSnapshot(db.pool, readModels);
      const tables = await readModelTableIds(db.pool, readModels);
      const rebuildStarted = performance.now();
      for (const [i, { name }] of readModels.entries()) {
        const asked = await survivorAdmin.request(apps[i % 2]!.url, 'POST', `/api/admin/projections/${name}/rebuild`);
        // 202 only: a small read model may be rebuilt already by the time the answer reads its state.
        expect(asked.status, JSON.stringify(asked.json)).toBe(202);
      }
      await expect
        .poll(async () => (await list()).filter((p) => p.status === 'rebuilding').map((p) => `${p.name} ${p.rebuildError ?? ''}`), { timeout: hangAfter(90_000), interval: 250 })
        .toEqual([]);
      const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
      // Nothing was written meanwhile: the rows before and after tell of the same log.
      expect(await logHead()).toBe(head);
      const rebuilt = await readModelTableIds(db.pool, readModels);
      expect(
        Object.keys(tables).filter((table) => rebuilt[table] === tables[table]),
        'tables not rebuilt',
      ).toEqual([]);
      expect(readModelDifferences(before, await readModelSnapshot(db.pool, readModels))).toEqual({});
      console.info(
        `[15] ${placed.length} orders placed of ${customers}, ${results.filter((r) => r.retried > 0).length} sent again after the kill; stock ${initialStock} → ${shown.stockQuantity}; ${readModels.length} read models rebuilt in ${rebuildSeconds.toFixed(1)} s`,
      );
    },
    hangAfter(240_000),
  );
});
