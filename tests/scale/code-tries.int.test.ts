import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { Client, openShopOver, startAppProcess, type AppProcess } from '../support/processes.js';
import { demoPickupCheckout, pickupSoon } from '../support/marketplace.js';
import { hangAfter } from '../support/time-limits.js';
import { tenWrongCodesOverThree } from '../support/codes.js';

/*
 * Issue [16]: the wrong one-time codes an actor types are counted in the log, not in a process's
 * memory: wrong pickup codes typed through two app processes add up to one lock, which both
 * processes then apply (429), the right code included.
 */

let db: TestDatabase;
let apps: AppProcess[] = [];
const sessionKey = randomBytes(32).toString('hex');

beforeAll(async () => {
  db = await createTestDatabase();
  const a = await startAppProcess('a', { databaseUrl: db.url, sessionKey, seed: true });
  apps = [a, await startAppProcess('b', { databaseUrl: db.url, sessionKey })];
}, hangAfter(300_000));

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop().catch(() => {})));
  await db?.drop();
}, hangAfter(120_000));

describe('wrong codes over two app processes', () => {
  it(
    'add up to one lock: five wrong pickup codes through A and five through B lock the shop out on both, the right code included',
    async () => {
      const [a, b] = apps as [AppProcess, AppProcess];
      const { owner, store, product } = await openShopOver(
        { register: a, store: b, admin: a, approve: b, product: a },
        { owner: 'codici', name: 'Rita Codici', shop: 'Forno dei Codici' },
      );
      const customer = await Client.loggedIn(b.url, 'cliente', 'vicino-cliente');
      const pickupTime = pickupSoon();
      const orders: { id: string; pickupCode: string }[] = [];
      for (let i = 0; i < 3; i++) {
        expect((await customer.request(a.url, 'POST', '/api/cart/items', { productId: product.id, quantity: 1 })).status).toBe(201);
        const placed = await customer.request(b.url, 'POST', '/api/orders/checkout', demoPickupCheckout(store.id, pickupTime), { 'idempotency-key': randomUUID() });
        expect(placed.status, JSON.stringify(placed.json)).toBe(201);
        const [order] = (placed.json as { orders: { id: string; pickupCode: string }[] }).orders;
        expect((await owner.request(a.url, 'POST', `/api/orders/${order!.id}/accept`)).status).toBe(200);
        expect((await owner.request(b.url, 'POST', `/api/orders/${order!.id}/ready`)).status).toBe(200);
        orders.push(order!);
      }
      // Ten wrong codes over the three orders (none burnt), alternately through A and B.
      const answers: string[] = [];
      for (const [i, [order, pickupCode]] of tenWrongCodesOverThree(orders, (o) => o.pickupCode).entries()) {
        const via = i % 2 === 0 ? a : b;
        answers.push(`${via.name} ${(await owner.request(via.url, 'POST', `/api/orders/${order.id}/complete`, { pickupCode })).status}`);
      }
      expect(answers).toEqual(Array.from({ length: 10 }, (_, i) => `${i % 2 === 0 ? 'a' : 'b'} 422`));
      for (const via of [a, b]) {
        const locked = await owner.request(via.url, 'POST', `/api/orders/${orders[2]!.id}/complete`, { pickupCode: orders[2]!.pickupCode });
        expect([via.name, locked.status, locked.json]).toEqual([via.name, 429, { message: 'Troppi tentativi con codici errati. Riprova tra 60 minuti.' }]);
        expect(locked.headers.get('retry-after')).toMatch(/^3[56]\d\d$/);
      }
      // Nothing was compared: the order is still ready for its customer's code.
      const seen = await customer.request(a.url, 'GET', `/api/orders/${orders[2]!.id}`);
      expect(seen.json).toMatchObject({ status: 'ready', pickupCode: orders[2]!.pickupCode });
    },
    hangAfter(120_000),
  );

  it(
    'add up to one lock per kind of code: a collaborator’s wrong activation and access codes through A and B lock that kind on both, and only that kind',
    async () => {
      const [a, b] = apps as [AppProcess, AppProcess];
      const collaborator = await Client.loggedIn(a.url, 'collaboratore', 'vicino-collabora');
      // Codes of the right shape (8 of the codes' alphabet) that no session or access has: each a wrong try.
      const wrong = (n: number) => `ZZZZ${String(2222 + n).replace(/[01]/g, '9')}`;
      const activate = (via: AppProcess, n: number) => collaborator.request(via.url, 'POST', '/api/collaboration-sessions/activate', { code: wrong(n) });
      const redeem = (via: AppProcess, n: number) => collaborator.request(via.url, 'POST', '/api/store-access/redeem', { code: wrong(n) });
      const activations: string[] = [];
      for (let i = 0; i < 10; i++) {
        const via = i % 2 === 0 ? a : b;
        activations.push(`${via.name} ${(await activate(via, i)).status}`);
      }
      expect(activations).toEqual(Array.from({ length: 10 }, (_, i) => `${i % 2 === 0 ? 'a' : 'b'} 422`));
      for (const via of [a, b]) {
        const locked = await activate(via, 99);
        expect([via.name, locked.status, locked.json]).toEqual([via.name, 429, { message: 'Troppi tentativi con codici errati. Riprova tra 60 minuti.' }]);
      }
      // Access codes are another kind: counted on their own, locked at their own tenth, on both processes.
      const redemptions: number[] = [];
      for (let i = 0; i < 10; i++) redemptions.push((await redeem(i % 2 === 0 ? b : a, i)).status);
      expect(redemptions).toEqual(Array.from({ length: 10 }, () => 422));
      for (const via of [a, b]) expect([via.name, (await redeem(via, 99)).status]).toEqual([via.name, 429]);
    },
    hangAfter(120_000),
  );
});
