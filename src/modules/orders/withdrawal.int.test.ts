import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { madeBeforeAll } from '../../../tests/support/made.js';
import { checkout, loggedIn, openShop, pickupSoon, places, useLoggedIn, useShop, withCart, type Person } from '../../../tests/support/marketplace.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { systemContext } from '../../platform/domain/context.js';
import { backgroundProviders } from '../payments/routes.js';
import { moveOrder } from './commands.js';
import { settleOrderPayments } from './payments-process.js';
import { withdrawalExpired } from './withdrawal.js';

/* The right of withdrawal from a shipped order (withdrawal.ts, docs/api-orders.md «Diritto di recesso»), through the API. */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const dayMs = 24 * 60 * 60 * 1000;

const paymentsOn = madeBeforeAll(async () => {
  const res = await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true });
  expect(res.statusCode, res.body).toBe(200);
  return { on: true };
});

const near = { deliveryType: 'shipping', deliveryAddress: 'Via Nomentana 10, Roma', deliveryLatitude: places.rome.latitude + 2 / 111.2, deliveryLongitude: places.rome.longitude };

describe('the right of withdrawal', () => {
  const shop = useShop(t, admin, {
    name: 'Bottega del Vaso',
    store: { onlinePaymentsEnabled: true, stripePaymentsEnabled: true },
    products: [
      { name: 'Vaso di ceramica', price: 20, stockQuantity: 50, category: 'casa' },
      { name: 'Pane di Altamura', price: 3, stockQuantity: 50, category: 'panetteria' },
    ],
  });
  const shippingOn = madeBeforeAll(async () => {
    const on = await shop.owner.browser.request('PATCH', '/api/stores/me', { pickupOnly: false, shippingEnabled: true, shippingRadius: 10, shippingCost: 4.5 });
    expect(on.statusCode, on.body).toBe(200);
    return { on: true };
  });

  /** An order of `items` shipped to the customer and paid `paymentMethod` (online: paid on the sandbox's page). */
  async function placed(
    items: [number, number][],
    paymentMethod: 'cash' | 'sandbox' = 'cash',
    delivery: Record<string, unknown> = near,
  ): Promise<{ customer: Person; id: string }> {
    expect(shippingOn.on && paymentsOn.on).toBe(true);
    const customer = await withCart(
      t,
      items.map(([product, quantity]) => [shop.productIds[product]!, quantity]),
    );
    const res = await checkout(customer, [{ storeId: shop.store.id, ...delivery }], randomUUID(), { paymentMethod });
    expect(res.statusCode, res.body).toBe(201);
    const id: string = res.json().orders[0].id;
    if (paymentMethod === 'sandbox') {
      const { rows } = await t.system.pool.query<{ payment_id: string }>('SELECT payment_id FROM orders WHERE id = $1', [id]);
      expect((await customer.browser.post(`/api/payments/sandbox/${rows[0]!.payment_id}/pay`)).statusCode).toBe(200);
      await expect.poll(async () => (await customer.browser.get(`/api/orders/${id}`)).json().paymentStatus, { timeout: hangAfter(10_000) }).toBe('paid');
    }
    return { customer, id };
  }

  /** The shop accepts, prepares and ships it, and it is delivered (`at`: when, as the log records it). */
  async function delivered(id: string, at?: Date): Promise<void> {
    for (const move of ['accept', 'ready', 'ship'] as const) expect((await shop.owner.browser.post(`/api/orders/${id}/${move}`)).statusCode).toBe(200);
    if (at) {
      const position = await moveOrder(t.system, id, 'complete', { by: 'store' }, { ...systemContext(at), actor: { userId: shop.owner.id, role: 'shopkeeper' } });
      if (position) await t.system.projections.waitFor(position, hangAfter(5000));
    } else expect((await shop.owner.browser.post(`/api/orders/${id}/complete`, {})).statusCode).toBe(200);
  }

  const refundsOf = async (orderId: string) =>
    (
      await t.system.pool.query<{ amount_cents: number; refunded_at: Date | null }>(
        `SELECT r.amount_cents, r.refunded_at FROM payment_refunds r JOIN orders o ON o.payment_id = r.payment_id WHERE o.id = $1 AND r.refund_key = $2`,
        [orderId, `withdrawal-${orderId}`],
      )
    ).rows;
  const eventsOf = async (orderId: string, type: string) => (await t.system.store.readStream(`order-${orderId}`)).filter((e) => e.type === type);

  it('within 14 days of delivery: the lines that allow it, the perishable one stays sold with its reason; the shop takes the goods back and the money goes back once', async () => {
    const { customer, id } = await placed([
      [0, 1],
      [1, 2],
    ]);
    await delivered(id);
    const before = (await customer.browser.get(`/api/orders/${id}`)).json();
    expect(before.withdrawal).toMatchObject({
      possible: true,
      refusal: null,
      state: null,
      refund: 20,
      shippingRefund: 0,
      excludedLines: [{ name: 'Pane di Altamura', article: 'art. 59, lett. d', reason: expect.stringMatching(/^Prodotto deperibile/) }],
    });
    expect(Date.parse(before.withdrawal.until) - Date.parse(before.withdrawal.deliveredAt)).toBe(14 * dayMs);

    // Nobody else withdraws from it: a stranger does not see it, its shop is not its customer.
    const stranger = await loggedIn(t, 'customer');
    expect((await stranger.browser.post(`/api/orders/${id}/withdraw`, {})).statusCode).toBe(404);
    expect((await shop.owner.browser.post(`/api/orders/${id}/withdraw`, {})).statusCode).toBe(403);
    expect((await customer.browser.post(`/api/orders/${id}/withdraw`, { reason: 7 })).statusCode).toBe(400);

    const withdrawn = await customer.browser.post(`/api/orders/${id}/withdraw`, { reason: 'Il colore non è quello della foto' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().withdrawal).toMatchObject({
      possible: false,
      state: 'requested',
      refund: 20,
      reason: 'Il colore non è quello della foto',
      lines: [{ name: 'Vaso di ceramica', quantity: 1 }],
    });
    const again = await customer.browser.post(`/api/orders/${id}/withdraw`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Hai già esercitato il recesso per quest’ordine.');
    // The shop sees it and is told; only the order's shop takes the goods back.
    expect((await shop.owner.browser.get(`/api/orders/${id}`)).json().withdrawal).toMatchObject({ state: 'requested', reason: 'Il colore non è quello della foto' });
    const titles = async (who: Person) => (await who.browser.get('/api/notifications')).json<{ title: string }[]>().map((n) => n.title);
    expect(await titles(shop.owner)).toContain('Recesso dall’ordine');
    const listed = (await shop.owner.browser.get(`/api/orders/store/${shop.store.id}`)).json<{ id: string; withdrawalState: string | null }[]>();
    expect(listed.find((o) => o.id === id)?.withdrawalState).toBe('requested');
    expect((await customer.browser.post(`/api/orders/${id}/withdrawal/return-received`)).statusCode).toBe(403);
    const otherShop = await openShop(t, admin.browser);
    expect((await otherShop.owner.browser.post(`/api/orders/${id}/withdrawal/return-received`)).statusCode).toBe(404);

    // Paid at the door: the shop gives the money back itself as it takes the goods back.
    const returned = await shop.owner.browser.post(`/api/orders/${id}/withdrawal/return-received`);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().withdrawal).toMatchObject({ state: 'refunded', refund: 20, returnedAt: expect.any(String), refundedAt: expect.any(String) });
    expect((await shop.owner.browser.post(`/api/orders/${id}/withdrawal/return-received`)).statusCode).toBe(200);
    expect(await eventsOf(id, 'OrderWithdrawalRefunded')).toHaveLength(1);
    await expect.poll(() => titles(customer), { timeout: hangAfter(10_000) }).toContain('Rimborso del recesso');
    // And by e-mail: the shop when the customer withdrew, the customer when the money was back.
    const mailsTo = async (email: string) =>
      (
        await t.system.pool.query<{ subject: string }>(`SELECT subject FROM email_queue WHERE to_email = $1 AND template_name LIKE 'recesso-%' ORDER BY created_at`, [email])
      ).rows.map((r) => r.subject);
    const number = id.slice(0, 8).toUpperCase();
    const ownerEmail = (await t.system.pool.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [shop.owner.id])).rows[0]!.email;
    await expect.poll(() => mailsTo(ownerEmail), { timeout: hangAfter(10_000) }).toEqual([`Recesso dall’ordine ${number}`]);
    await expect.poll(() => mailsTo('giulia@esempio.it'), { timeout: hangAfter(10_000) }).toContain(`Rimborso del recesso dall’ordine ${number}`);
  });

  it('paid online, the whole order withdrawn: refunded with the shipping through the payment, exactly once however often it is confirmed (the back office for the shop, then the shop)', async () => {
    const { customer, id } = await placed([[0, 1]], 'sandbox');
    await delivered(id);
    const withdrawn = await customer.browser.post(`/api/orders/${id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().withdrawal).toMatchObject({ state: 'requested', refund: 24.5, shippingRefund: 4.5, excludedLines: [] });

    const returned = await admin.browser.post(`/api/orders/${id}/withdrawal/return-received`);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().withdrawal.state).toMatch(/^(returned|refunded)$/);
    const [received] = await eventsOf(id, 'OrderWithdrawalReturnReceived');
    expect(received!.metadata).toMatchObject({ actorUserId: admin.id, actorRole: 'admin' });
    expect((await shop.owner.browser.post(`/api/orders/${id}/withdrawal/return-received`)).statusCode).toBe(200);
    // The provider confirms the refund; the payments' process records it on the order.
    const providers = backgroundProviders(t.system);
    await expect
      .poll(
        async () => {
          await settleOrderPayments({ ...t.system, providers }, new Date());
          return (await customer.browser.get(`/api/orders/${id}`)).json().withdrawal.state;
        },
        { timeout: hangAfter(10_000) },
      )
      .toBe('refunded');
    await settleOrderPayments({ ...t.system, providers }, new Date());
    expect(await refundsOf(id)).toEqual([{ amount_cents: 2450, refunded_at: expect.any(Date) }]);
    expect(await eventsOf(id, 'OrderWithdrawalRefunded')).toHaveLength(1);
    const order = (await customer.browser.get(`/api/orders/${id}`)).json();
    expect(order.money).toMatchObject({ paid: 24.5, refunded: 24.5, left: 0 });
  });

  it('after 14 days from delivery it is refused with the day it ended', async () => {
    const { customer, id } = await placed([[0, 1]]);
    const at = new Date(Date.now() - 15 * dayMs);
    await delivered(id, at);
    const until = new Date(at.getTime() + 14 * dayMs).toISOString();
    expect((await customer.browser.get(`/api/orders/${id}`)).json().withdrawal).toMatchObject({ possible: false, until, refusal: withdrawalExpired(until) });
    const refused = await customer.browser.post(`/api/orders/${id}/withdraw`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(withdrawalExpired(until));
    expect(refused.json().message).toMatch(/^Il periodo di recesso di 14 giorni è scaduto il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/);
  });

  it('each line keeps the category it was sold under: a shop moving its products afterwards changes nothing', async () => {
    const { customer, id } = await placed([
      [0, 1],
      [1, 1],
    ]);
    await delivered(id);
    const { rows } = await t.system.pool.query<{ product_id: string; category: string | null }>('SELECT product_id, category FROM order_items WHERE order_id = $1 ORDER BY line', [
      id,
    ]);
    expect(rows).toEqual([
      { product_id: shop.productIds[0], category: 'casa' },
      { product_id: shop.productIds[1], category: 'panetteria' },
    ]);
    // The vase becomes «fiori» and the bread «casa» in the catalogue: the order reads as sold.
    for (const [product, category] of [
      [0, 'fiori'],
      [1, 'casa'],
    ] as const) {
      const moved = await shop.owner.browser.request('PATCH', `/api/products/${shop.productIds[product]}`, { category });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect((await customer.browser.get(`/api/orders/${id}`)).json().withdrawal).toMatchObject({
      possible: true,
      excludedLines: [{ name: 'Pane di Altamura', reason: expect.stringMatching(/^Prodotto deperibile/) }],
    });
    const withdrawn = await customer.browser.post(`/api/orders/${id}/withdraw`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().withdrawal).toMatchObject({ state: 'requested', refund: 20, lines: [{ name: 'Vaso di ceramica', quantity: 1 }] });
    for (const [product, category] of [
      [0, 'casa'],
      [1, 'panetteria'],
    ] as const)
      expect((await shop.owner.browser.request('PATCH', `/api/products/${shop.productIds[product]}`, { category })).statusCode).toBe(200);
  });

  it('an order of perishable goods only is excluded, each line with its reason; a pickup order has no withdrawal', async () => {
    const { customer, id } = await placed([[1, 1]]);
    await delivered(id);
    const order = (await customer.browser.get(`/api/orders/${id}`)).json();
    expect(order.withdrawal).toMatchObject({
      possible: false,
      refusal: 'Nessun prodotto di quest’ordine ammette il recesso: vedi il motivo accanto a ciascuno.',
      excludedLines: [{ name: 'Pane di Altamura', reason: expect.stringMatching(/^Prodotto deperibile/) }],
    });
    const refused = await customer.browser.post(`/api/orders/${id}/withdraw`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Nessun prodotto di quest’ordine ammette il recesso: vedi il motivo accanto a ciascuno.');

    const pickup = await placed([[0, 1]], 'cash', { deliveryType: 'pickup', pickupTime: pickupSoon() });
    const pickupRefused = await pickup.customer.browser.post(`/api/orders/${pickup.id}/withdraw`, {});
    expect(pickupRefused.statusCode).toBe(422);
    expect(pickupRefused.json().message).toBe('Il diritto di recesso vale per gli ordini spediti: per un ordine ritirato in negozio rivolgiti al negozio.');
  });
});
