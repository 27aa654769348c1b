import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { checkout, fillCart, loggedIn, logInAs, openShop, pickupSoon, useLoggedIn } from '../../../tests/support/marketplace.js';
import { readModelSnapshot, readModelsOf, tablesHolding as tablesOf } from '../../../tests/support/read-models.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { registeredAndApproved } from '../../../tests/support/collaboration.js';
import { ERASED } from '../../platform/eventstore/personal-data.js';
import { erasureJob } from './erasure-process.js';

/*
 * Issue [21], the right to erasure (GDPR art. 17) end to end: a customer with an order, a review, a
 * dispute and a message to Vicino asks for their data to go. Afterwards no table of the database
 * (read models, the log's rows, the tables outside the log), no history, no export shows it; the
 * shop still has the order, from «Utente cancellato»; the money figures are the same; and a rebuild
 * of every read model equals the live tables.
 */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

/** What the customer typed, each word found nowhere once erased. */
const theirs = {
  name: 'Zefiro Quaglietti',
  email: 'zefiro.quaglietti@esempio.it',
  phone: '+39 347 1234987',
  note: 'Citofono Glicinella',
  review: 'Pane squisito, parola di Zefiro',
  dispute: 'Quaglietti: la torta era schiacciata',
};
const traces = ['quaglietti', 'zefiro', '1234987', 'glicinella'];

const tablesHolding = (words: readonly string[]) => tablesOf(t.system.pool, words);

const figures = async () =>
  (
    await t.system.pool.query(
      `SELECT (SELECT sum(total_cents)::text FROM orders) AS orders, (SELECT sum(revenue_cents)::text FROM analytics_orders_daily) AS revenue,
              (SELECT count(*)::int FROM orders) AS count, (SELECT sum(overall_rating)::int FROM reviews) AS ratings`,
    )
  ).rows[0];

describe('a customer’s erasure (GDPR art. 17)', () => {
  it(
    'leaves none of their data anywhere, the shop its order from «Utente cancellato», the figures as they were, and a rebuild equal to the live tables',
    async () => {
      const shop = await openShop(t, admin.browser, { products: [{ name: 'Torta della casa', price: 12, stockQuantity: 10 }] });
      const customer = await loggedIn(t, 'customer', { username: 'zefiro.q', name: theirs.name, email: theirs.email });

      // An order picked up, paid cash, with the customer's details and a note.
      await fillCart(customer.browser, [[shop.productIds[0]!, 2]]);
      const placed = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon(), notes: theirs.note }], randomUUID(), {
        customerName: theirs.name,
        customerPhone: theirs.phone,
        customerEmail: theirs.email,
        paymentMethod: 'cash',
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json().orders[0] as { id: string; pickupCode: string };
      for (const move of ['accept', 'ready']) expect((await shop.owner.browser.post(`/api/orders/${order.id}/${move}`)).statusCode).toBe(200);
      expect((await shop.owner.browser.post(`/api/orders/${order.id}/complete`, { pickupCode: order.pickupCode })).statusCode).toBe(200);
      // A review, a dispute, a message to Vicino.
      const review = await customer.browser.post(`/api/reviews/orders/${order.id}`, { overallRating: 4, comment: theirs.review });
      expect(review.statusCode, review.body).toBe(201);
      const dispute = await customer.browser.post('/api/disputes', { orderId: order.id, reason: 'damaged', description: theirs.dispute, urgency: 'normal' });
      expect(dispute.statusCode, dispute.body).toBe(201);
      const contact = await new Browser(t.app).post('/api/contact', {
        name: theirs.name,
        email: theirs.email,
        subject: 'Domanda',
        message: `Sono ${theirs.name}, ${theirs.phone}`,
      });
      expect(contact.statusCode, contact.body).toBe(201);
      expect(await readModelsCaughtUp(t.system)).toBe(true);

      const before = await figures();
      const holding = await tablesHolding(traces);
      expect(Object.keys(holding)).toEqual(expect.arrayContaining(['users', 'orders', 'reviews', 'complaints', 'contact_submissions']));
      // The log's rows never held them in clear, even before.
      expect(holding).not.toHaveProperty('es_events');
      expect(holding).not.toHaveProperty('es_streams');

      // The customer asks, with their password; they are logged out at once.
      const wrong = await customer.browser.post('/api/user/privacy/erasure', { password: 'sbagliata', confirm: true });
      expect([wrong.statusCode, wrong.json().message]).toEqual([422, 'La password non è corretta.']);
      const asked = await customer.browser.post('/api/user/privacy/erasure', { password: 'password1', confirm: true });
      expect(asked.statusCode, asked.body).toBe(202);
      expect(asked.json().erasure).toMatchObject({ id: customer.id, status: 'requested', requestedBy: 'self', role: 'customer' });
      expect(Date.parse(asked.json().erasure.dueAt) - Date.parse(asked.json().erasure.requestedAt)).toBe(30 * 86_400_000);
      expect((await customer.browser.get('/api/user')).statusCode).toBe(401);
      const listed = (await admin.browser.get('/api/admin/erasures')).json();
      expect(listed).toEqual([expect.objectContaining({ id: customer.id, status: 'requested', late: false })]);

      // The upkeep carries it out, then completes it once the rebuilt read models took their place.
      const warned: unknown[] = [];
      await erasureJob.run(t.system, new Date(), { warn: (...args: unknown[]) => warned.push(args), info: () => {} } as unknown as Logger);
      expect(warned).toEqual([]);
      await expect.poll(async () => (await admin.browser.get(`/api/admin/erasures/${customer.id}`)).json().status).toBe('carried_out');
      await expect
        .poll(
          async () => {
            await erasureJob.run(t.system, new Date(Date.now() + 61_000));
            return (await admin.browser.get(`/api/admin/erasures/${customer.id}`)).json().status;
          },
          { timeout: hangAfter(60_000), interval: 200 },
        )
        .toBe('completed');
      expect(await readModelsCaughtUp(t.system)).toBe(true);

      // Nowhere: no table, no history, no export, no search of the admin.
      expect(await tablesHolding(traces)).toEqual({});
      const history = await admin.browser.get(`/api/admin/history/order/${order.id}`);
      expect(history.statusCode).toBe(200);
      expect(history.body.toLowerCase()).not.toMatch(new RegExp(traces.join('|')));
      expect(history.body).toContain(ERASED);
      const exported = await admin.browser.get('/api/admin/events/export');
      expect(exported.statusCode).toBe(200);
      expect(exported.body.toLowerCase()).not.toMatch(new RegExp(traces.join('|')));
      expect((await admin.browser.get(`/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: 'Quaglietti' }))}`)).json()).toEqual([]);

      // The shop keeps its order, from «Utente cancellato»; the money is as it was.
      expect((await shop.owner.browser.get(`/api/orders/${order.id}`)).json()).toMatchObject({ status: 'completed', customerName: ERASED, customerPhone: ERASED });
      expect(await figures()).toEqual(before);
      // They cannot log in, as themselves or as the name left behind.
      expect((await new Browser(t.app).post('/api/login', { username: 'zefiro.q', password: 'password1' })).statusCode).toBe(401);
      expect((await admin.browser.get(`/api/admin/users/${customer.id}`)).json()).toMatchObject({ status: 'erased', name: ERASED });

      // A rebuild of every read model from the log equals the live tables.
      const readModels = readModelsOf(t.system.readModels);
      const live = await readModelSnapshot(t.system.pool, readModels);
      for (const { name } of readModels) await t.system.projections.rebuild(name);
      await expect
        .poll(async () => (await t.system.pool.query('SELECT count(*)::int AS n FROM projection_checkpoints WHERE rebuild_position IS NOT NULL')).rows[0].n, {
          timeout: hangAfter(60_000),
          interval: 200,
        })
        .toBe(0);
      expect(await readModelSnapshot(t.system.pool, readModels)).toEqual(live);
    },
    hangAfter(120_000),
  );

  it(
    'of a shop’s owner, asked by the admin on their behalf: the shop closes at once, the erasure waits for its open orders, then goes on',
    async () => {
      const shop = await openShop(t, admin.browser, { products: [{ name: 'Pane', price: 3, stockQuantity: 10 }] });
      const customer = await loggedIn(t, 'customer');
      await fillCart(customer.browser, [[shop.productIds[0]!, 1]]);
      const placed = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'cash' });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json().orders[0] as { id: string; pickupCode: string };

      const asked = await admin.browser.post(`/api/admin/users/${shop.owner.id}/erasure`);
      expect(asked.statusCode, asked.body).toBe(202);
      expect(asked.json()).toMatchObject({ id: shop.owner.id, role: 'shopkeeper', requestedBy: 'admin', status: 'requested' });
      expect((await admin.browser.post(`/api/admin/users/${shop.owner.id}/erasure`)).statusCode).toBe(409);
      expect((await shop.owner.browser.get('/api/user')).statusCode).toBe(401);

      await erasureJob.run(t.system, new Date());
      await expect.poll(async () => (await admin.browser.get(`/api/admin/erasures/${shop.owner.id}`)).json()).toMatchObject({ status: 'waiting', openOrders: 1 });
      expect((await admin.browser.get(`/api/admin/stores/${shop.store.id}`)).json()).toMatchObject({ status: 'suspended' });
      // The owner may still log in to see their open orders through; their page says how many are left.
      const owner = await logInAs(t, shop.owner.username);
      expect((await owner.get('/api/user/privacy')).json().erasure).toMatchObject({ status: 'waiting', openOrders: 1 });
      for (const move of ['accept', 'ready']) expect((await owner.post(`/api/orders/${order.id}/${move}`)).statusCode).toBe(200);
      expect((await owner.post(`/api/orders/${order.id}/complete`, { pickupCode: order.pickupCode })).statusCode).toBe(200);

      await erasureJob.run(t.system, new Date());
      await expect.poll(async () => (await admin.browser.get(`/api/admin/erasures/${shop.owner.id}`)).json().status).toBe('carried_out');
      // The name goes once the users' read model is rebuilt from the log (the erasure's last step).
      await expect
        .poll(async () => (await admin.browser.get(`/api/admin/users/${shop.owner.id}`)).json(), { timeout: hangAfter(60_000), interval: 200 })
        .toMatchObject({ status: 'erased', name: ERASED });
      expect((await admin.browser.get(`/api/admin/stores/${shop.store.id}`)).json()).toMatchObject({ status: 'suspended' });
      expect((await owner.get('/api/user')).statusCode).toBe(401);
    },
    hangAfter(60_000),
  );

  it(
    'of a collaborator: their profile suspended and its home address and description gone, their account ended',
    async () => {
      const collaborator = await registeredAndApproved(
        t,
        admin.browser,
        { latitude: 41.9, longitude: 12.5, address: 'Via Quirbaldi 9', bio: 'Consegne in bici da Zorbatelli' },
        { name: 'Furio Zorbatelli' },
      );
      expect(await readModelsCaughtUp(t.system)).toBe(true);
      expect(Object.keys(await tablesHolding(['zorbatell', 'quirbald']))).toEqual(expect.arrayContaining(['collaborators', 'users']));
      expect((await collaborator.browser.post('/api/user/privacy/erasure', { password: 'password1', confirm: true })).statusCode).toBe(202);
      await erasureJob.run(t.system, new Date());
      await expect.poll(async () => (await admin.browser.get(`/api/admin/erasures/${collaborator.id}`)).json().status).toBe('carried_out');
      expect((await admin.browser.get(`/api/admin/collaborators/${collaborator.id}`)).json()).toMatchObject({ approvalStatus: 'suspended' });
      await expect
        .poll(
          async () => {
            await erasureJob.run(t.system, new Date(Date.now() + 61_000));
            return (await admin.browser.get(`/api/admin/erasures/${collaborator.id}`)).json().status;
          },
          { timeout: hangAfter(60_000), interval: 200 },
        )
        .toBe('completed');
      expect(await tablesHolding(['zorbatell', 'quirbald'])).toEqual({});
    },
    hangAfter(90_000),
  );
});
