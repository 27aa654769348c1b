import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { madeBeforeAll } from '../../../tests/support/made.js';
import { checkout, pickupSoon, stockOf, useLoggedIn, useShop, withCart, type Person } from '../../../tests/support/marketplace.js';
import { startStripePeer } from '../../../tests/support/stripe-peer.js';
import { startPaypalPeer } from '../../../tests/support/paypal-peer.js';
import { backgroundProviders } from '../payments/routes.js';
import { refusedReason, settleOrderPayments, unpaidReason } from './payments-process.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { enabledStripeAccount } from '../../../tests/support/payments.js';
import type { Browser } from '../../../tests/support/app.js';
import { commissionCents } from '../payments/commission.js';
import { paypalAmount } from '../payments/paypal.js';

// Stripe, played by a loopback server speaking its API (the app's and the workers' SDK point at it).
const stripe = madeBeforeAll(
  () => startStripePeer(),
  (peer) => peer.close(),
);
const paypal = madeBeforeAll(
  () => startPaypalPeer(),
  (peer) => peer.close(),
);
const t = useTestApp(async () => ({ config: { STRIPE_API_URL: stripe.url, PAYPAL_API_URL: paypal.url } }));
const admin = useLoggedIn(t, 'admin');

/** The admin switches the sandbox on, and Stripe with the loopback server's keys. */
const paymentsOn = madeBeforeAll(async () => {
  const res = await admin.browser.request('PUT', '/api/admin/payment-settings/current', {
    sandboxEnabled: true,
    stripeSecretKey: 'sk_test_vicino',
    stripeWebhookSecret: stripe.webhookSecret,
    paypalClientId: paypal.clientId,
    paypalClientSecret: paypal.clientSecret,
    paypalWebhookId: paypal.webhookId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { on: true };
});

const online = { onlinePaymentsEnabled: true, stripePaymentsEnabled: true };

/** The shop's Stripe account enabled (issue [20]): cards are paid to it. */
const stripeAccount = (shop: { owner: { browser: Browser } }) => madeBeforeAll(async () => ({ id: await enabledStripeAccount(t, stripe, shop.owner.browser) }));

/** What the order looks like to `who` once the online payments' process caught up (it runs on its own). */
async function orderOnceSettled(who: Person, orderId: string, until: (order: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  const deadline = Date.now() + hangAfter(10_000);
  for (;;) {
    const order = (await who.browser.get(`/api/orders/${orderId}`)).json();
    if (until(order) || Date.now() > deadline) return order;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const paymentOf = async (orderId: string) =>
  (
    await t.system.pool.query<{ id: string; status: string; amount_cents: string; transaction_type: string; payment_provider: string }>(
      `SELECT p.id, p.status, p.amount_cents, p.transaction_type, p.payment_provider FROM payment_transactions p JOIN orders o ON o.payment_id = p.id WHERE o.id = $1`,
      [orderId],
    )
  ).rows[0];

describe('an order paid online', () => {
  const shop = useShop(t, admin, {
    name: 'Forno Carta',
    store: online,
    products: [
      { name: 'Focaccia', price: 4.5, stockQuantity: 10 },
      { name: 'Pizza bianca', price: 3, stockQuantity: 10 },
    ],
  });
  const cashOnly = useShop(t, admin, { name: 'Bottega Contanti', products: [{ name: 'Pane', price: 2, stockQuantity: 10 }] });
  const shopStripe = stripeAccount(shop);

  it('is offered where the shop takes it, and refused with the reason where it does not', async () => {
    expect(paymentsOn.on).toBe(true);
    expect(shopStripe.id).toMatch(/^acct_/);
    const customer = await withCart(t, [
      [shop.productIds[0]!, 1],
      [cashOnly.productIds[0]!, 1],
    ]);
    const cart = (await customer.browser.get('/api/cart')).json();
    const methods = Object.fromEntries(cart.stores.map((s: { id: string; paymentMethods: string[] }) => [s.id, s.paymentMethods]));
    // The shop takes cards, not PayPal (which the platform takes too).
    expect(methods).toEqual({ [shop.store.id]: ['cash', 'stripe', 'sandbox'], [cashOnly.store.id]: ['cash'] });
    const refused = await checkout(
      customer,
      [
        { storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() },
        { storeId: cashOnly.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() },
      ],
      randomUUID(),
      { paymentMethod: 'sandbox' },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'stores.1.paymentMethod': '«Bottega Contanti» non accetta pagamento di prova: accetta solo contanti.' });
    // Each shop its own way: card at one, cash at the other.
    const placed = await checkout(
      customer,
      [
        { storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() },
        { storeId: cashOnly.store.id, deliveryType: 'pickup', pickupTime: pickupSoon(), paymentMethod: 'cash' },
      ],
      randomUUID(),
      { paymentMethod: 'sandbox' },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const [card, cash] = placed.json().orders;
    expect(card).toMatchObject({
      paymentMethod: 'sandbox',
      paymentStatus: 'pending',
      total: 4.5,
      paymentUrl: expect.stringMatching(/^\/pagamenti\/prova\/[0-9a-f-]{36}\?ritorno=/),
    });
    expect(Date.parse(card.paymentDueAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(cash).toMatchObject({ paymentMethod: 'cash', paymentStatus: 'pending' });
    expect(cash.paymentUrl).toBeUndefined();
    expect(placed.json().paymentUrl).toBe(card.paymentUrl);
    expect(await paymentOf(card.id)).toMatchObject({ status: 'pending', amount_cents: 450, transaction_type: 'order_payment', payment_provider: 'sandbox' });
  });

  it('is accepted once paid; cancelled by the shop, it is refunded through the provider and both sides see it', async () => {
    const customer = await withCart(t, [[shop.productIds[0]!, 2]]);
    const key = randomUUID();
    const placed = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], key, { paymentMethod: 'sandbox' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().orders[0];
    // The same key again: the same order and the same payment page.
    expect((await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], key, { paymentMethod: 'sandbox' })).json().orders[0]).toEqual(
      order,
    );

    expect((await shop.owner.browser.get(`/api/orders/${order.id}`)).json().allowedActions).toEqual(['cancel']);
    const early = await shop.owner.browser.post(`/api/orders/${order.id}/accept`);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Il cliente non ha ancora pagato online: si accetta l’ordine quando il pagamento è arrivato.');

    const { id: paymentId } = (await paymentOf(order.id))!;
    const paid = await customer.browser.post(`/api/payments/sandbox/${paymentId}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await orderOnceSettled(customer, order.id, (o) => o.paymentStatus === 'paid')).toMatchObject({ paymentStatus: 'paid', status: 'pending' });
    const reopened = await customer.browser.post(`/api/orders/${order.id}/payment`);
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().message).toBe('L’ordine è già pagato.');

    expect((await shop.owner.browser.post(`/api/orders/${order.id}/accept`)).json()).toMatchObject({ status: 'preparing', paymentStatus: 'paid' });
    const cancelled = await shop.owner.browser.post(`/api/orders/${order.id}/cancel`, { reason: 'Forno guasto' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect(await orderOnceSettled(customer, order.id, (o) => o.paymentStatus === 'refunded')).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect((await shop.owner.browser.get(`/api/orders/${order.id}`)).json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    // The payments' list reads it refunded as well, its read model a moment apart from the refunds'.
    await expect.poll(async () => (await paymentOf(order.id))!.status, { timeout: hangAfter(10_000) }).toBe('refunded');
    expect(await stockOf(t, shop.productIds[0]!)).toBeGreaterThanOrEqual(2);
    // Both were told: the shop that it was paid, the customer that the money is back.
    const titles = async (who: Person) => (await who.browser.get('/api/notifications')).json<{ title: string }[]>().map((n) => n.title);
    expect(await titles(shop.owner)).toContain('Ordine pagato');
    // The refund reads on the order once the provider confirmed it (payment_refunds); the order's own event, and its notice, follow.
    await expect.poll(() => titles(customer), { timeout: hangAfter(10_000) }).toEqual(expect.arrayContaining(['Ordine annullato', 'Rimborso effettuato']));
  });

  it('is cancelled by itself when the payment is refused, and when it is not paid within 30 minutes, its stock given back', async () => {
    const before = await stockOf(t, shop.productIds[1]!);
    const customer = await withCart(t, [[shop.productIds[1]!, 1]]);
    const refusedOrder = (
      await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'sandbox' })
    ).json().orders[0];
    const { id: refusedPayment } = (await paymentOf(refusedOrder.id))!;
    expect((await customer.browser.post(`/api/payments/sandbox/${refusedPayment}/refuse`)).statusCode).toBe(200);
    expect(await orderOnceSettled(customer, refusedOrder.id, (o) => o.paymentStatus === 'failed')).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
      cancelledBy: 'system',
      cancelReason: refusedReason,
    });

    await expect.poll(() => stockOf(t, shop.productIds[1]!), { timeout: hangAfter(10_000) }).toBe(before);
    const late = await withCart(t, [[shop.productIds[1]!, 3]]);
    const unpaid = (await checkout(late, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'sandbox' })).json()
      .orders[0];
    expect(await stockOf(t, shop.productIds[1]!)).toBe(before - 3);
    const providers = backgroundProviders(t.system);
    // 29 minutes on: still waiting.
    await settleOrderPayments({ ...t.system, providers }, new Date(Date.now() + 29 * 60_000));
    expect((await late.browser.get(`/api/orders/${unpaid.id}`)).json()).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    // 31 minutes on: cancelled by the system, its payment closed, the stock back.
    const report = await settleOrderPayments({ ...t.system, providers }, new Date(Date.now() + 31 * 60_000));
    expect(report.cancelled).toBeGreaterThanOrEqual(1);
    const cancelled = await orderOnceSettled(late, unpaid.id, (o) => o.paymentStatus === 'failed');
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'system', cancelReason: unpaidReason, paymentStatus: 'failed' });
    // The payments' read model a moment apart from the orders'.
    await expect.poll(async () => (await paymentOf(unpaid.id))!.status, { timeout: hangAfter(10_000) }).toBe('cancelled');
    await expect.poll(() => stockOf(t, shop.productIds[1]!), { timeout: hangAfter(10_000) }).toBe(before);
    const tooLate = await late.browser.post(`/api/orders/${unpaid.id}/payment`);
    expect(tooLate.statusCode).toBe(422);
  });

  it('paid and then refunded by an admin (a dispute settled by hand): the order says refunded, its state untouched', async () => {
    const customer = await withCart(t, [[shop.productIds[1]!, 1]]);
    const placed = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'sandbox' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().orders[0];
    const { id: paymentId } = (await paymentOf(order.id))!;
    expect((await customer.browser.post(`/api/payments/sandbox/${paymentId}/pay`)).statusCode).toBe(200);
    await orderOnceSettled(customer, order.id, (o) => o.paymentStatus === 'paid');
    expect((await shop.owner.browser.post(`/api/orders/${order.id}/accept`)).json()).toMatchObject({ status: 'preparing', paymentStatus: 'paid' });
    const refund = await admin.browser.post(`/api/admin/payments/${paymentId}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    await expect.poll(async () => (await paymentOf(order.id))!.status, { timeout: hangAfter(10_000) }).toBe('refunded');
    expect(await orderOnceSettled(customer, order.id, (o) => o.paymentStatus === 'refunded')).toMatchObject({ status: 'preparing', paymentStatus: 'refunded' });
    // However often the look runs again, one refund on the order.
    await settleOrderPayments({ ...t.system, providers: backgroundProviders(t.system) }, new Date());
    const refunded = (await t.system.store.readStream(`order-${order.id}`)).filter((e) => e.type === 'OrderRefunded');
    expect(refunded).toHaveLength(1);
  });

  it('goes through Stripe’s Checkout: paid on its signed webhook; cancelled by the customer, refunded by Stripe once', async () => {
    const customer = await withCart(t, [[shop.productIds[0]!, 1]]);
    const placed = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'stripe' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().orders[0];
    const session = [...stripe.sessions.values()].find((s) => s.url === order.paymentUrl)!;
    expect(session).toMatchObject({ amount_total: 450, currency: 'eur' });
    expect(session.success_url).toMatch(new RegExp(`/customer/orders/${order.id}\\?pagamento=1$`));
    // Asked again from the order's page: the same session.
    expect((await customer.browser.post(`/api/orders/${order.id}/payment`)).json()).toEqual({ paymentUrl: order.paymentUrl });
    // Someone else's order does not exist.
    expect((await admin.browser.post(`/api/orders/${order.id}/payment`)).statusCode).toBe(403);

    const webhook = stripe.signed(stripe.paid(session.id));
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: webhook.headers, payload: webhook.body });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderOnceSettled(customer, order.id, (o) => o.paymentStatus === 'paid')).toMatchObject({ paymentStatus: 'paid' });

    expect((await customer.browser.post(`/api/orders/${order.id}/cancel`)).json()).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    await expect.poll(() => stripe.refunds.filter((r) => r.metadata.paymentId === session.metadata.paymentId).length, { timeout: hangAfter(10_000) }).toBe(1);
    const refund = stripe.refunds.find((r) => r.metadata.paymentId === session.metadata.paymentId)!;
    expect(refund.amount).toBe(450);
    const confirmed = stripe.signed(stripe.refundSucceeded(refund.id));
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: confirmed.headers, payload: confirmed.body })).statusCode).toBe(200);
    }
    expect(await orderOnceSettled(customer, order.id, (o) => o.paymentStatus === 'refunded')).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(stripe.refunds.filter((r) => r.metadata.paymentId === session.metadata.paymentId)).toHaveLength(1);
  });

  const paypalShop = useShop(t, admin, {
    name: 'Enoteca PayPal',
    store: { onlinePaymentsEnabled: true, paypalPaymentsEnabled: true },
    products: [{ name: 'Barolo', price: 30, stockQuantity: 5 }],
  });

  it('goes through PayPal to the shop’s own PayPal account: connected by PayPal’s partner referral, the order paid to it with the commission as the platform’s fee; cancelled, refunded from it with the fee given back', async () => {
    expect(paymentsOn.on).toBe(true);
    const owner = paypalShop.owner.browser;
    const customer = await withCart(t, [[paypalShop.productIds[0]!, 1]]);
    const methods = async () => (await customer.browser.get('/api/cart')).json().stores[0].paymentMethods;
    // The shop takes PayPal, but has no PayPal account connected: not offered.
    expect(await methods()).toEqual(['cash', 'sandbox']);
    // Without the platform's own merchant id, PayPal's partner APIs cannot be asked.
    const noPartner = await owner.post('/api/stores/me/payment-accounts/paypal/onboarding');
    expect([noPartner.statusCode, noPartner.json().message]).toEqual([
      422,
      'Per collegare i conti PayPal dei negozi serve l’ID commerciante PayPal della piattaforma nelle impostazioni dei pagamenti.',
    ]);
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { paypalPartnerMerchantId: paypal.partnerMerchantId })).statusCode).toBe(200);

    // The shopkeeper is sent to PayPal's onboarding: a partner referral naming the shop, asking to take payments, refund them and keep the platform's fee.
    const accounts = (await owner.get('/api/stores/me/payment-accounts')).json();
    expect(accounts.providers).toContainEqual({ provider: 'paypal', available: true, account: null });
    const started = await owner.post('/api/stores/me/payment-accounts/paypal/onboarding');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().url).toMatch(/^https:\/\/www\.paypal\.test\/bizsignup\/partner\/entry\?referralToken=/);
    const referral = paypal.referrals.at(-1)!;
    expect(referral.tracking_id).toBe(`store-${paypalShop.store.id}`);
    expect(referral.return_url).toMatch(/\/shopkeeper\/store\/settings\?sezione=pagamenti&conto=paypal$/);
    expect(referral.body).toMatchObject({
      operations: [
        { operation: 'API_INTEGRATION', api_integration_preference: { rest_api_integration: { third_party_details: { features: ['PAYMENT', 'REFUND', 'PARTNER_FEE'] } } } },
      ],
      products: ['EXPRESS_CHECKOUT'],
      legal_consents: [{ type: 'SHARE_DATA_CONSENT', granted: true }],
    });
    // Back before finishing on PayPal: nothing to connect yet, said in Italian.
    const early = await owner.post('/api/stores/me/payment-accounts/paypal/refresh');
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toContain('completa i passaggi sulla pagina del fornitore');

    // Onboarded, the e-mail not confirmed yet: back on the settings, the account and what is missing, in Italian.
    const { merchantId } = paypal.onboard(referral.tracking_id, { emailConfirmed: false });
    const back = (await owner.post('/api/stores/me/payment-accounts/paypal/refresh')).json();
    expect(back.providers.find((p: { provider: string }) => p.provider === 'paypal').account).toMatchObject({
      accountId: merchantId,
      status: 'details_missing',
      missing: ['la conferma dell’indirizzo e-mail del conto PayPal'],
    });
    expect(await methods()).toEqual(['cash', 'sandbox']);
    // PayPal's webhook once the e-mail is confirmed: the account takes payments, and PayPal is offered.
    paypal.onboard(referral.tracking_id);
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/paypal/webhook', ...asInject(paypal.signed(paypal.merchantOnboarded(merchantId))) })).statusCode).toBe(200);
    await expect.poll(methods, { timeout: hangAfter(10_000) }).toEqual(['cash', 'paypal', 'sandbox']);
    const feeCents = commissionCents(3000, accounts.commissionPercentage);

    const card = await checkout(customer, [{ storeId: paypalShop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'stripe' });
    expect(card.statusCode).toBe(422);
    const placed = await checkout(customer, [{ storeId: paypalShop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'paypal' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().orders[0];
    const paypalOrder = [...paypal.orders.values()].find((o) => order.paymentUrl.includes(o.id))!;
    // Paid to the shop's PayPal account, the commission kept by the platform on the way.
    expect(paypalOrder.purchase_units[0]).toMatchObject({
      amount: { currency_code: 'EUR', value: '30.00' },
      payee: { merchant_id: merchantId },
      payment_instruction: { platform_fees: [{ amount: { currency_code: 'EUR', value: paypalAmount(feeCents) } }] },
    });

    expect((await t.app.inject({ method: 'POST', url: '/api/payments/paypal/webhook', ...asInject(paypal.signed(paypal.approved(paypalOrder.id))) })).statusCode).toBe(200);
    expect(await orderOnceSettled(customer, order.id, (o) => o.paymentStatus === 'paid')).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'paypal' });
    expect((await paypalShop.owner.browser.post(`/api/orders/${order.id}/cancel`, { reason: 'Annata esaurita' })).json()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'paid',
    });
    await expect.poll(() => paypal.refunds.filter((r) => r.custom_id === paypalOrder.purchase_units[0]!.custom_id).length, { timeout: hangAfter(10_000) }).toBe(1);
    const refund = paypal.refunds.find((r) => r.custom_id === paypalOrder.purchase_units[0]!.custom_id)!;
    // Refunded from the shop's own balance (PayPal-Auth-Assertion naming the merchant), the whole fee given back.
    const asked = paypal.requests.find((r) => r.path.endsWith('/refund') && (r.body as { custom_id?: string } | null)?.custom_id === paypalOrder.purchase_units[0]!.custom_id)!;
    expect(JSON.parse(Buffer.from(asked.authAssertion!.split('.')[1]!, 'base64url').toString())).toEqual({ iss: paypal.clientId, payer_id: merchantId });
    expect(asked.body).toMatchObject({ payment_instruction: { platform_fees: [{ amount: { currency_code: 'EUR', value: paypalAmount(feeCents) } }] } });
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/paypal/webhook', ...asInject(paypal.signed(paypal.refunded(refund.id))) })).statusCode).toBe(200);
    expect(await orderOnceSettled(paypalShop.owner, order.id, (o) => o.paymentStatus === 'refunded')).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    // The shop's takings: the sale with its fee, then the refund giving both back.
    await expect.poll(async () => (await owner.get('/api/earnings/mine')).json().totals, { timeout: hangAfter(10_000) }).toMatchObject({ sales: 1, fees: 0, net: 0, refunds: 30 });

    // The shop withdraws its consent on PayPal: the account no longer takes payments, and PayPal is no longer offered.
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/paypal/webhook', ...asInject(paypal.signed(paypal.consentRevoked(merchantId))) })).statusCode).toBe(200);
    const another = await withCart(t, [[paypalShop.productIds[0]!, 1]]);
    await expect.poll(async () => (await another.browser.get('/api/cart')).json().stores[0].paymentMethods, { timeout: hangAfter(10_000) }).toEqual(['cash', 'sandbox']);
    expect((await owner.get('/api/stores/me/payment-accounts')).json().providers.find((p: { provider: string }) => p.provider === 'paypal').account).toMatchObject({
      accountId: merchantId,
      missing: [
        'lo sblocco del conto PayPal per ricevere pagamenti (controlla i messaggi di PayPal)',
        'il consenso alla piattaforma a ricevere pagamenti per il negozio (ripeti il collegamento)',
      ],
    });
  });
});

/** A signed webhook as app.inject takes it. */
const asInject = ({ body, headers }: { body: string; headers: Record<string, string> }) => ({ headers, payload: body });
