import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { alwaysOpen } from '../support/marketplace.js';
import { Client, startThree, type AppProcess } from '../support/processes.js';

/*
 * Issue [15]: checkouts spread over three app processes, and the one that runs the read models is
 * killed (kill -9) in the middle. A client whose process died sends its checkout again to another
 * with the same Idempotency-Key, as a proxy or the page's retry would. Afterwards every order
 * answered 201 exists, the stock is exactly what the orders took, and the read models equal a
 * rebuild from the log.
 */

let db: TestDatabase;
let apps: AppProcess[] = [];
const sessionKey = randomBytes(32).toString('hex');
const customers = 24;
const initialStock = 100;

beforeAll(async () => {
  db = await createTestDatabase();
  apps = await startThree(db.url, sessionKey);
}, 300_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop().catch(() => {})));
  await db?.drop();
}, 120_000);

/** The rows of the read models the checkouts touch, as one comparable text. */
async function snapshot(): Promise<string> {
  const orders = await db.pool.query(`SELECT id, status, payment_status, total_cents, store_id, user_id FROM orders ORDER BY id`);
  const items = await db.pool.query(`SELECT order_id, product_id, quantity FROM order_items ORDER BY order_id, product_id`);
  const products = await db.pool.query(`SELECT id, stock_quantity, price_cents FROM products ORDER BY id`);
  return JSON.stringify([orders.rows, items.rows, products.rows]);
}

describe('checkouts over three processes, one killed in the middle', () => {
  it('keeps every answered order, the exact stock, and read models equal to a rebuild', async () => {
    const [a, b, c] = apps as [AppProcess, AppProcess, AppProcess];
    const owner = new Client();
    const username = `bottega-${Date.now()}`;
    expect((await owner.request(b.url, 'POST', '/api/register', { username, name: 'Sara Bottega', email: `${username}@esempio.it`, password: 'segreta12', role: 'shopkeeper' })).status).toBe(201);
    const store = (await owner.request(c.url, 'POST', '/api/stores', { name: 'Bottega del Failover', address: 'Via Nazionale 5, Roma', latitude: 41.9, longitude: 12.49, openingHours: alwaysOpen, category: 'alimentari' })).json as { id: string };
    const admin = await Client.loggedIn(b.url, 'admin', 'vicino-admin');
    expect((await admin.request(c.url, 'POST', `/api/admin/stores/${store.id}/approve`)).status).toBe(200);
    const product = (await owner.request(b.url, 'POST', '/api/products', { name: 'Olio nuovo', price: 9.5, stockQuantity: initialStock, category: 'alimentari' })).json as { id: string };

    // Customers fill their carts first (a cart line is not idempotent), through every process.
    const people = await Promise.all(Array.from({ length: customers }, async (_, i) => {
      const client = new Client();
      const name = `cliente-${i}-${randomUUID().slice(0, 6)}`;
      const via = apps[i % 3]!;
      expect((await client.request(via.url, 'POST', '/api/register', { username: name, name: `Cliente ${i}`, email: `${name}@esempio.it`, password: 'segreta12', role: 'customer' })).status).toBe(201);
      const quantity = 1 + (i % 3);
      expect((await client.request(apps[(i + 1) % 3]!.url, 'POST', '/api/cart/items', { productId: product.id, quantity })).status).toBe(201);
      return { client, key: randomUUID(), quantity, first: apps[(i + 2) % 3]! };
    }));

    // The checkouts at once; A (which runs every read model) is killed as they run.
    const pickupTime = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000).toISOString();
    const body = (i: number) => ({ customerName: `Cliente ${i}`, customerPhone: '+39 333 1234567', customerEmail: `c${i}@esempio.it`, paymentMethod: 'cash', stores: [{ storeId: store.id, deliveryType: 'pickup', pickupTime }] });
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
    const again = await placed[0]!.client.request(apps[1]!.url, 'POST', '/api/orders/checkout', body(people.indexOf(people.find((p) => p.key === placed[0]!.key)!)), { 'idempotency-key': placed[0]!.key });
    expect((again.json as { orders: { id: string }[] }).orders[0]!.id).toBe(placed[0]!.json.orders![0]!.id);

    // The stock is exactly what the orders took: no order lost, none twice.
    const { rows: [taken] } = await db.pool.query<{ n: string; q: string }>(
      `SELECT count(DISTINCT o.id) AS n, coalesce(sum(i.quantity), 0) AS q FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.store_id = $1`, [store.id]);
    expect(Number(taken!.n)).toBe(placed.length);
    expect(Number(taken!.q)).toBe(placed.reduce((sum, r) => sum + r.quantity, 0));
    const shown = (await owner.request(apps[0]!.url, 'GET', `/api/products/${product.id}`)).json as { stockQuantity: number };
    expect(shown.stockQuantity).toBe(initialStock - Number(taken!.q));

    // The read models equal a rebuild from the log.
    const before = await snapshot();
    const survivorAdmin = await Client.loggedIn(apps[0]!.url, 'admin', 'vicino-admin');
    for (const name of ['orders', 'products']) {
      const asked = await survivorAdmin.request(apps[1]!.url, 'POST', `/api/admin/projections/${name}/rebuild`);
      expect(asked.status, JSON.stringify(asked.json)).toBe(202);
      expect((asked.json as { status: string }).status).toBe('rebuilding');
    }
    await expect.poll(async () => {
      const list = (await survivorAdmin.request(apps[0]!.url, 'GET', '/api/admin/projections')).json as { name: string; status: string }[];
      return list.filter((p) => ['orders', 'products'].includes(p.name)).every((p) => p.status !== 'rebuilding');
    }, { timeout: 60_000, interval: 250 }).toBe(true);
    expect(await snapshot()).toBe(before);
    console.info(`[15] ${placed.length} orders placed of ${customers}, ${results.filter((r) => r.retried > 0).length} sent again after the kill; stock ${initialStock} → ${shown.stockQuantity}`);
  }, 240_000);
});
