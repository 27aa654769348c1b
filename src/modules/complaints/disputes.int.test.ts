import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { madeBeforeAll } from '../../../tests/support/made.js';
import { checkout, pickupSoon, useLoggedIn, useShop, withCart, type Person } from '../../../tests/support/marketplace.js';
import { systemContext } from '../../platform/domain/context.js';
import { backgroundProviders } from '../payments/routes.js';
import { openDispute, upkeepCases, type Deps } from './commands.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const day = 24 * 3_600_000;
const deps = (): Deps => ({ ...t.system, secret: t.system.secret, payments: { providers: backgroundProviders(t.system) } });

const sandboxOn = madeBeforeAll(async () => {
  const res = await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true });
  expect(res.statusCode, res.body).toBe(200);
  return { on: true };
});

const paymentOf = async (orderId: string) =>
  (
    await t.system.pool.query<{ id: string; status: string; amount_cents: string; refunded_cents: string }>(
      'SELECT p.id, p.status, p.amount_cents, p.refunded_cents FROM payment_transactions p JOIN orders o ON o.payment_id = p.id WHERE o.id = $1',
      [orderId],
    )
  ).rows[0]!;

describe('a customer’s dispute on an order', () => {
  const shop = useShop(t, admin, {
    name: 'Forno Contestato',
    store: { onlinePaymentsEnabled: true, stripePaymentsEnabled: true },
    products: [{ name: 'Torta', price: 12, stockQuantity: 10 }],
  });

  /** An order of the customer, paid online with the test payments, picked up: completed. */
  async function completedOrder(customer?: Person): Promise<{ customer: Person; order: { id: string; pickupCode: string } }> {
    expect(sandboxOn.on).toBe(true);
    const who = customer ?? (await withCart(t, [[shop.productIds[0]!, 1]]));
    const placed = await checkout(who, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'sandbox' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().orders[0];
    expect((await who.browser.post(`/api/payments/sandbox/${(await paymentOf(order.id)).id}/pay`)).statusCode).toBe(200);
    await expect.poll(async () => (await who.browser.get(`/api/orders/${order.id}`)).json().paymentStatus, { timeout: hangAfter(10_000) }).toBe('paid');
    for (const move of ['accept', 'ready']) expect((await shop.owner.browser.post(`/api/orders/${order.id}/${move}`)).statusCode).toBe(200);
    const done = await shop.owner.browser.post(`/api/orders/${order.id}/complete`, { pickupCode: order.pickupCode });
    expect(done.json()).toMatchObject({ status: 'completed' });
    return { customer: who, order };
  }

  it('is resolved with a partial refund through the payment’s provider, paid once however often it is approved', async () => {
    const { customer, order } = await completedOrder();
    const opened = await customer.browser.post('/api/disputes', { orderId: order.id, reason: 'damaged', description: 'La torta è arrivata schiacciata.', urgency: 'normal' });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().id;
    expect(opened.json()).toMatchObject({
      kind: 'dispute',
      complaintType: 'damaged',
      title: 'Articoli danneggiati: ordine di Forno Contestato',
      orderId: order.id,
      complainant: { id: customer.id, type: 'customer' },
      respondent: { id: shop.owner.id, type: 'shopkeeper' },
    });
    expect((await customer.browser.post('/api/disputes', { orderId: order.id, reason: 'damaged', description: 'Di nuovo' })).statusCode).toBe(409);
    expect((await customer.browser.get('/api/disputes')).json().map((d: { id: string }) => d.id)).toEqual([id]);
    expect((await customer.browser.get(`/api/disputes/${id}`)).json()).toMatchObject({ id, myRole: 'complainant' });

    // The shop is told at once and reads it among its cases; it answers when asked.
    expect((await shop.owner.browser.get(`/api/disputes/${id}`)).json()).toMatchObject({ id, myRole: 'respondent' });
    await expect
      .poll(async () => (await shop.owner.browser.get('/api/notifications')).json())
      .toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Contestazione su un tuo ordine', link: `/complaints/${id}` })]));
    await admin.browser.post(`/api/admin/complaints/${id}/take`);
    await admin.browser.post(`/api/admin/complaints/${id}/ask`, { question: 'Come era imballata la torta?' });
    expect((await shop.owner.browser.post(`/api/complaints/${id}/respond`, { text: 'Nella sua scatola rigida.' })).statusCode).toBe(200);
    // Credits are for shops and collaborators: a customer is compensated with a refund.
    const credits = await admin.browser.post(`/api/admin/complaints/${id}/resolve`, {
      adminResponse: 'ok',
      resolutionAction: 'ok',
      compensation: { method: 'credits', credits: 5 },
    });
    expect(credits.statusCode).toBe(422);
    const resolved = await admin.browser.post(`/api/admin/complaints/${id}/resolve`, {
      adminResponse: 'La torta era danneggiata.',
      resolutionAction: 'Rimborso parziale al cliente.',
      compensation: { method: 'refund', amount: 4.5 },
    });
    expect(resolved.json()).toMatchObject({ status: 'resolved', compensation: { method: 'refund', amount: 4.5, status: 'pending' } });

    const approvals = await Promise.all([1, 2, 3].map(() => admin.browser.post(`/api/admin/complaints/${id}/approve-compensation`)));
    expect(approvals.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    // The provider confirms the refund by its webhook; the upkeep records the compensation paid, once.
    await expect.poll(async () => Number((await paymentOf(order.id)).refunded_cents), { timeout: hangAfter(10_000) }).toBe(450);
    await expect
      .poll(
        async () => {
          await upkeepCases(deps(), new Date(), systemContext());
          return (await customer.browser.get(`/api/disputes/${id}`)).json().compensation.status;
        },
        { timeout: hangAfter(10_000) },
      )
      .toBe('paid');
    await upkeepCases(deps(), new Date(), systemContext());
    expect((await admin.browser.post(`/api/admin/complaints/${id}/approve-compensation`)).statusCode).toBe(200);
    expect(await readModelsCaughtUp(t.system)).toBe(true);
    const payment = await paymentOf(order.id);
    expect([Number(payment.amount_cents), Number(payment.refunded_cents), payment.status]).toEqual([1200, 450, 'completed']);
    const paymentEvents = await t.system.store.readStream(`payment-${payment.id}`);
    expect(paymentEvents.filter((e) => e.type === 'PaymentRefundRequested')).toHaveLength(1);
    expect((await t.system.store.readStream(`complaint-${id}`)).filter((e) => e.type === 'CaseCompensationPaid')).toHaveLength(1);

    // The order says it on every side: paid, part of it refunded (when, why, the dispute), what is left.
    const money = {
      paid: 12,
      refunded: 4.5,
      left: 7.5,
      refunds: [
        {
          amount: 4.5,
          status: 'refunded',
          reason: 'Indennizzo per il caso «Articoli danneggiati: ordine di Forno Contestato»',
          fromCase: { id, kind: 'dispute', title: 'Articoli danneggiati: ordine di Forno Contestato' },
        },
      ],
    };
    for (const [who, url] of [
      [customer, `/api/orders/${order.id}`],
      [shop.owner, `/api/orders/${order.id}`],
      [admin, `/api/admin/orders/${order.id}`],
    ] as const) {
      const seen = (await who.browser.get(url)).json();
      expect(seen).toMatchObject({ paymentStatus: 'partially_refunded', money });
      expect(Date.parse(seen.money.refunds[0].refundedAt)).toBeGreaterThanOrEqual(Date.parse(seen.money.refunds[0].requestedAt));
    }
    // And the lists read it too; what the customer spent is what was paid less what came back.
    expect((await customer.browser.get('/api/orders/user')).json().find((o: { id: string }) => o.id === order.id)).toMatchObject({ paymentStatus: 'partially_refunded' });
    expect((await customer.browser.get('/api/orders/user/summary')).json()).toMatchObject({ count: 1, spent: 7.5 });
    const listed = (await admin.browser.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ paymentStatus: 'partially_refunded' }))}`)).json();
    expect(listed.map((o: { id: string }) => o.id)).toContain(order.id);
  });

  it('is refused on an order not completed, on someone else’s order, and 14 days after completion', async () => {
    const { order } = await completedOrder();
    const stranger = await withCart(t, [[shop.productIds[0]!, 1]]);
    expect((await stranger.browser.post('/api/disputes', { orderId: order.id, reason: 'not_received', description: 'Mai arrivato' })).statusCode).toBe(404);
    expect((await shop.owner.browser.post('/api/disputes', { orderId: order.id, reason: 'not_received', description: 'x' })).statusCode).toBe(403);
    const open = (await checkout(stranger, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID())).json().orders[0];
    const early = await stranger.browser.post('/api/disputes', { orderId: open.id, reason: 'not_received', description: 'Non ancora' });
    expect([early.statusCode, early.json().message]).toEqual([422, 'Puoi contestare un ordine solo dopo che è stato completato.']);
    const owner = (await t.system.pool.query<{ user_id: string }>('SELECT user_id FROM orders WHERE id = $1', [order.id])).rows[0]!.user_id;
    const later = new Date(Date.now() + 15 * day);
    await expect(
      openDispute(deps(), owner, { orderId: order.id, reason: 'wrong_items', description: 'Tardi', severity: 'low', urgency: 'low', witnessContacts: [] }, systemContext(later)),
    ).rejects.toThrow('Sono passati più di 14 giorni dal completamento dell’ordine: non si può più contestare.');
  });
});
