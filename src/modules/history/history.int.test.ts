import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { customerDetails, loggedIn, orderForPickup, useLoggedIn, useShop } from '../../../tests/support/marketplace.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const customer = useLoggedIn(t, 'customer');
const shop = useShop(t, admin, { name: 'Forno Storico', products: [{ name: 'Focaccia', price: 4, stockQuantity: 5 }] });

const history = async (type: string, id: string) => (await admin.browser.get(`/api/admin/history/${type}/${id}`)).json();

describe('an order’s history', () => {
  let orderId: string;
  beforeAll(async () => {
    orderId = (await orderForPickup(customer.browser, shop.store.id, [[shop.productIds[0]!, 2]])).id;
    expect((await shop.owner.browser.post(`/api/orders/${orderId}/accept`)).statusCode).toBe(200);
    expect((await shop.owner.browser.post(`/api/orders/${orderId}/ready`)).statusCode).toBe(200);
    expect((await admin.browser.post(`/api/orders/${orderId}/cancel`, { reason: 'Negozio chiuso per lutto' })).statusCode).toBe(200);
  });

  it('lists every status change in order, in Italian, with who made it and what changed', async () => {
    const events = await history('order', orderId);
    expect(events.map((e: { revision: number; type: string; italianName: string }) => [e.revision, e.type, e.italianName])).toEqual([
      [0, 'OrderPlaced', 'Ordine effettuato'],
      [1, 'OrderAccepted', 'Ordine accettato'],
      [2, 'OrderReady', 'Ordine pronto'],
      [3, 'OrderCancelled', 'Ordine annullato'],
    ]);
    expect(events.map((e: { actor: unknown }) => e.actor)).toEqual([
      { userId: customer.id, username: customer.username, role: 'customer' },
      { userId: shop.owner.id, username: shop.owner.username, role: 'shopkeeper' },
      { userId: shop.owner.id, username: shop.owner.username, role: 'shopkeeper' },
      { userId: admin.id, username: admin.username, role: 'admin' },
    ]);
    expect(events[3].changes).toMatchObject({ by: 'admin', reason: 'Negozio chiuso per lutto', paymentStatus: 'pending' });
    expect(new Date(events[3].time).getTime()).toBeGreaterThanOrEqual(new Date(events[0].time).getTime());
    expect(typeof events[0].position).toBe('string');
    // The pickup code is the customer's proof at the counter: masked even for admins.
    expect(events[0].changes).toMatchObject({ orderId, total: 8, pickupCode: '[riservato]', items: [{ name: 'Focaccia', quantity: 2 }] });
  });

  it('names the records its ids stand for, with one query for the whole page', async () => {
    // The queries the history itself makes, told by their callers (async stack traces): not the
    // background work sharing the pool meanwhile (the upkeep, read models passing batches by).
    // Work started meanwhile can still slip into a history's async chain now and then (it counted
    // 4 for 2 once in a full run): the fewest of three reads is what the history itself costs.
    const queriesOnce = async (type: string, id: string) => {
      const query = t.system.pool.query.bind(t.system.pool);
      let calls = 0;
      const queries = vi.spyOn(t.system.pool, 'query').mockImplementation((...args: Parameters<typeof query>) => {
        if (new Error().stack?.includes('/modules/history/')) calls++;
        return query(...args);
      });
      const answer = await history(type, id);
      queries.mockRestore();
      return { answer, calls };
    };
    const queriesFor = async (type: string, id: string) => {
      const reads = [await queriesOnce(type, id), await queriesOnce(type, id), await queriesOnce(type, id)];
      return { answer: reads[0]!.answer, calls: Math.min(...reads.map((r) => r.calls)) };
    };
    // The order's four events, naming six records, cost what the store's two events cost.
    const { answer: events, calls } = await queriesFor('order', orderId);
    expect(events).toHaveLength(4);
    expect(calls).toBe((await queriesFor('store', shop.store.id)).calls);
    expect(events[0].references).toEqual({
      [orderId]: { type: 'order', name: `Ordine di ${customerDetails.customerName} da Forno Storico` },
      [shop.store.id]: { type: 'store', name: 'Forno Storico' },
      [customer.id]: { type: 'user', name: `Prova Rossi (${customer.username})` },
      [shop.owner.id]: { type: 'user', name: `Prova Rossi (${shop.owner.username})` },
      [shop.productIds[0]!]: { type: 'product', name: 'Focaccia' },
      // The line's category as it was sold, by its Italian name.
      alimentari: { type: 'category', name: 'Alimentari' },
    });
    expect(events[1].references[shop.store.id]).toEqual({ type: 'store', name: 'Forno Storico' });
    const asOf = (await admin.browser.get(`/api/admin/history/order/${orderId}/as-of/0`)).json();
    expect(asOf.references[shop.productIds[0]!]).toEqual({ type: 'product', name: 'Focaccia' });
    // A category's slug stands for its Italian name, as the site shows it.
    const created = (await history('store', shop.store.id))[0];
    expect(JSON.stringify(created.changes)).toContain('"category":"alimentari"');
    expect(created.references.alimentari).toEqual({ type: 'category', name: 'Alimentari' });
  });

  it('shows the order as it was right after any of its events', async () => {
    const asOf = async (revision: number) => admin.browser.get(`/api/admin/history/order/${orderId}/as-of/${revision}`);
    const accepted = (await asOf(1)).json();
    expect(accepted).toMatchObject({ revision: 1, type: 'OrderAccepted', italianName: 'Ordine accettato', state: { status: 'preparing', paymentStatus: 'pending' } });
    expect(accepted.state.order).toMatchObject({ orderId, pickupCode: '[riservato]', customerName: customerDetails.customerName });
    expect((await asOf(0)).json().state.status).toBe('pending');
    expect((await asOf(3)).json().state.status).toBe('cancelled');
    const beyond = await asOf(4);
    expect([beyond.statusCode, beyond.json().message]).toEqual([404, 'L’evento 4 non esiste in questa cronologia.']);
    // The read model is where the order is now; the log still knows where it was.
    expect((await admin.browser.get(`/api/admin/orders/${orderId}`)).json().status).toBe('cancelled');
  });
});

describe('other aggregates', () => {
  it('keeps a user’s history without password hashes, and the state before a suspension', async () => {
    expect((await admin.browser.post(`/api/admin/users/${customer.id}/suspend`, { reason: 'Prova' })).statusCode).toBe(200);
    const events = await history('user', customer.id);
    expect(events.map((e: { type: string }) => e.type)).toEqual(['UserRegistered', 'UserSuspended']);
    expect(events[0]).toMatchObject({ italianName: 'Utente registrato', actor: null, changes: { username: customer.username, passwordHash: '[riservato]' } });
    expect(events[1]).toMatchObject({ italianName: 'Utente sospeso', actor: { username: admin.username, role: 'admin' }, changes: { reason: 'Prova' } });
    const before = (await admin.browser.get(`/api/admin/history/user/${customer.id}/as-of/0`)).json();
    expect(before.state).toEqual({
      exists: true,
      status: 'active',
      role: 'customer',
      name: 'Prova Rossi',
      email: `${customer.username}@esempio.it`,
      priceComparison: { enabled: false, expiresAt: null },
    });
    expect((await admin.browser.get(`/api/admin/history/user/${customer.id}/as-of/1`)).json().state.status).toBe('suspended');
  });

  it('covers stores, products and reservations, and says when there is nothing to show', async () => {
    const store = await history('store', shop.store.id);
    expect(store.map((e: { italianName: string }) => e.italianName)).toEqual(['Negozio creato', 'Negozio approvato']);
    expect((await admin.browser.get(`/api/admin/history/store/${shop.store.id}/as-of/0`)).json().state.status).toBe('pending');
    const product = await history('product', shop.productIds[0]!);
    expect(product.map((e: { type: string }) => e.type)).toEqual(['ProductCreated', 'ProductStockHeld', 'ProductStockReleased']);

    const reserver = await loggedIn(t, 'customer');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const reservation = await reserver.browser.post('/api/reservations', {
      productId: shop.productIds[0],
      quantity: 1,
      reservationDate: tomorrow,
      ...customerDetails,
    });
    expect(reservation.statusCode, reservation.body).toBe(201);
    const reservationEvents = await history('reservation', reservation.json().id);
    expect(reservationEvents).toMatchObject([{ type: 'ReservationRequested', italianName: 'Prenotazione richiesta', actor: { userId: reserver.id, role: 'customer' } }]);

    const missing = await admin.browser.get(`/api/admin/history/order/${randomUUID()}`);
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Nessun evento registrato per questo elemento.']);
    expect((await admin.browser.get(`/api/admin/history/spaceship/${randomUUID()}`)).statusCode).toBe(400);
    expect((await admin.browser.get('/api/admin/history/order/not-an-id')).statusCode).toBe(400);
    expect((await admin.browser.get(`/api/admin/history/order/${randomUUID()}/as-of/-1`)).statusCode).toBe(400);
  });
});
