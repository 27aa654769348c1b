import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aPayment, openedThrough, paymentEventTypes, paymentStatus, refundAskedTwice } from '../../../tests/support/payments.js';
import { useTestApp } from '../../../tests/support/app.js';
import { madeBeforeAll } from '../../../tests/support/made.js';
import { createdPlan, openShop, shippingAndPayments, useLoggedIn, type Person } from '../../../tests/support/marketplace.js';
import { startPaypalPeer } from '../../../tests/support/paypal-peer.js';
import { systemContext } from '../../platform/domain/context.js';
import { maskSecret } from '../../platform/domain/secrets.js';
import { refundPart, type ProviderOf } from './commands.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { paypalNotConfigured } from './paypal.js';
import { providersOf, sandboxDelivery } from './routes.js';

// PayPal, played by a loopback server speaking its REST API; the app's official SDK is pointed at it.
const paypal = madeBeforeAll(
  () => startPaypalPeer(),
  (peer) => peer.close(),
);
const t = useTestApp(async () => ({ config: { PAYPAL_API_URL: paypal.url } }));
const admin = useLoggedIn(t, 'admin');
const payer = useLoggedIn(t, 'shopkeeper');

const settings = (changes: Record<string, unknown>) => admin.browser.request('PUT', '/api/admin/payment-settings/current', changes);
const configure = async () => {
  const res = await settings({ paypalClientId: paypal.clientId, paypalClientSecret: paypal.clientSecret, paypalWebhookId: paypal.webhookId, paypalMode: 'sandbox' });
  expect(res.statusCode, res.body).toBe(200);
};

let providers: ProviderOf | undefined;

/** A payment through PayPal, opened with the module's command as a purchase opens it (the providers made once, as the app makes them). */
async function opened(who: Person) {
  await configure();
  providers ??= providersOf(t.system.db, sandboxDelivery(t.app), { paypal: paypal.url });
  const payment = await openedThrough(t, providers, aPayment(who.id, { paymentMethod: 'paypal', paymentProvider: 'paypal' }));
  const order = [...paypal.orders.values()].find((o) => o.purchase_units[0]!.custom_id === payment.id)!;
  return { ...payment, order };
}

const post = (signed: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/paypal/webhook', headers: signed.headers, payload: signed.body });
const statusOf = (id: string) => paymentStatus(admin.browser, id);
const captureRequests = (orderId: string) => paypal.requests.filter((r) => r.path === `/v2/checkout/orders/${orderId}/capture`);

describe('PayPal, through its official SDK', () => {
  it('without its keys in the settings, a purchase by PayPal and PayPal’s webhooks are a 422 in Italian, and PayPal is not offered', async () => {
    expect((await settings({ paypalClientId: '', clearPaypalClientSecret: true, paypalWebhookId: '', sandboxEnabled: true })).statusCode).toBe(200);
    const plan = await createdPlan(admin.browser, { type: 'premium', enablesShipping: true, shippingRadius: 30 });
    const shop = await openShop(t, admin.browser);
    const buy = await shop.owner.browser.request('POST', `/api/packages/${plan.id}/purchase`, { paymentMethod: 'paypal' }, { 'idempotency-key': randomUUID() });
    expect([buy.statusCode, buy.json().message]).toEqual([422, paypalNotConfigured]);
    const webhook = await post({ body: '{}', headers: { 'content-type': 'application/json' } });
    expect([webhook.statusCode, webhook.json().message]).toEqual([422, paypalNotConfigured]);
    expect((await shop.owner.browser.get('/api/payments/methods')).json()).toEqual({ methods: ['sandbox'] });
  });

  it('keeps the client secret masked in the admin’s settings, and offers PayPal once its keys are set', async () => {
    await configure();
    const res = await admin.browser.get('/api/admin/payment-settings/current');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(paypal.clientSecret);
    expect(res.json()).toMatchObject({ paypalClientId: paypal.clientId, paypalClientSecretSet: true, paypalWebhookId: paypal.webhookId, paypalMode: 'sandbox' });
    expect(res.json().paypalClientSecret).toBe(maskSecret(paypal.clientSecret));
    expect((await payer.browser.get('/api/payments/methods')).json().methods).toContain('paypal');
  });

  it('opens an order for the amount, in euros, naming our payment, with the payment’s own PayPal-Request-Id (its id and terms); its page is PayPal’s', async () => {
    const payment = await opened(payer);
    expect(payment.paymentUrl).toBe(payment.order.links.find((l) => l.rel === 'payer-action')!.href);
    expect(payment.order).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: payment.id, custom_id: payment.id, description: 'Piano Premium, 30 giorni', amount: { currency_code: 'EUR', value: '29.90' } }],
      payment_source: { paypal: { experience_context: { brand_name: 'Vicino', locale: 'it-IT', return_url: 'http://127.0.0.1/ok', cancel_url: 'http://127.0.0.1/annullato' } } },
    });
    const create = paypal.requests.filter((r) => r.path === '/v2/checkout/orders');
    expect(create.at(-1)).toMatchObject({
      method: 'POST',
      requestId: expect.stringMatching(new RegExp(`^payment-${payment.id}-[\\w-]{16}$`)),
      authorization: expect.stringMatching(/^Bearer /),
    });
    expect(await statusOf(payment.id)).toBe('pending');
  });

  it('captures the order once the payer approved it, once however often PayPal’s webhook comes; a forged or altered one is a 400 and changes nothing', async () => {
    const payment = await opened(payer);
    const approved = paypal.approved(payment.order.id);
    const genuine = paypal.signed(approved);
    const refused = [
      paypal.signed(approved, 'WH-ALTRO'),
      { ...genuine, body: genuine.body.replace('"29.90"', '"0.01"') },
      { ...genuine, headers: { ...genuine.headers, 'paypal-transmission-sig': paypal.signed(approved).headers['paypal-transmission-sig']! } },
      { body: genuine.body, headers: { 'content-type': 'application/json' } },
      { ...genuine, body: 'non è JSON' },
    ];
    for (const webhook of refused) {
      const res = await post(webhook);
      expect([res.statusCode, res.json().message]).toEqual([400, 'Firma del webhook non valida.']);
    }
    expect(captureRequests(payment.order.id)).toHaveLength(0);
    expect(await statusOf(payment.id)).toBe('pending');

    const answers = await Promise.all(Array.from({ length: 10 }, () => post(genuine)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await statusOf(payment.id)).toBe('completed');
    // Asked as often as the webhook came, always with the capture's own key: PayPal captured once.
    expect(new Set(captureRequests(payment.order.id).map((r) => r.requestId))).toEqual(new Set([`capture-${payment.id}`]));
    expect(paypal.orders.get(payment.order.id)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
    // The capture's own event, named by the order alone, changes nothing more.
    const completed = paypal.captureCompleted(payment.order.id);
    delete completed.resource.custom_id;
    expect((await post(paypal.signed(completed))).statusCode).toBe(200);
    expect((await paymentEventTypes(t.system.store, payment.id)).filter((type) => type === 'PaymentCompleted')).toHaveLength(1);
  });

  it('refunds the capture through PayPal with the refund’s own key, once, and is refunded on PayPal’s PAYMENT.CAPTURE.REFUNDED', async () => {
    const payment = await opened(payer);
    expect((await post(paypal.signed(paypal.approved(payment.order.id)))).statusCode).toBe(200);
    await refundAskedTwice(admin.browser, payment.id);
    const capture = paypal.orders.get(payment.order.id)!.purchase_units[0]!.payments!.captures[0]!;
    const asked = paypal.requests.filter((r) => r.path === `/v2/payments/captures/${capture.id}/refund`);
    expect(asked).toHaveLength(2);
    expect(new Set(asked.map((r) => r.requestId))).toEqual(new Set([`refund-${payment.id}`]));
    const refunds = paypal.refunds.filter((r) => r.custom_id === payment.id);
    expect(refunds).toEqual([expect.objectContaining({ amount: { currency_code: 'EUR', value: '29.90' } })]);
    expect(await statusOf(payment.id)).toBe('completed');
    expect((await post(paypal.signed(paypal.refunded(refunds[0]!.id)))).statusCode).toBe(200);
    expect(await statusOf(payment.id)).toBe('refunded');
  });

  it('refunds parts of the capture under the caller’s keys: the same key twice is one refund, two keys up to the total, past it refused; each confirmed by PAYMENT.CAPTURE.REFUNDED', async () => {
    const payment = await opened(payer);
    expect((await post(paypal.signed(paypal.approved(payment.order.id)))).statusCode).toBe(200);
    const deps = { store: t.system.store, providers: providers! };
    const part = (refundKey: string, amountCents: number) => refundPart(deps, payment.id, { refundKey, amountCents, reason: 'Segnalazione' }, systemContext());
    const record = async () => (await admin.browser.get(`/api/admin/payments/${payment.id}`)).json<{ status: string; refundedAmount: number }>();

    await part(`report-a-${payment.id}`, 990);
    await part(`report-a-${payment.id}`, 990);
    const refunds = () => paypal.refunds.filter((r) => r.custom_id === payment.id);
    expect(refunds()).toEqual([expect.objectContaining({ amount: { currency_code: 'EUR', value: '9.90' }, invoice_id: `report-a-${payment.id}` })]);
    expect((await post(paypal.signed(paypal.refunded(refunds()[0]!.id)))).statusCode).toBe(200);
    await readModelsCaughtUp(t.system);
    expect(await record()).toMatchObject({ status: 'completed', refundedAmount: 9.9 });

    await expect(part(`report-b-${payment.id}`, 2001)).rejects.toMatchObject({
      kind: 'rule',
      message: 'Il rimborso di € 20,01 supera quanto resta da rimborsare di questo pagamento (€ 20,00).',
    });
    await part(`report-b-${payment.id}`, 2000);
    expect(refunds().map((r) => r.amount.value)).toEqual(['9.90', '20.00']);
    expect((await post(paypal.signed(paypal.refunded(refunds()[1]!.id)))).statusCode).toBe(200);
    await readModelsCaughtUp(t.system);
    expect(await record()).toMatchObject({ status: 'refunded', refundedAmount: 29.9 });
  });

  it('a late approval after PayPal forgot the capture’s key (the order captured already) is answered and changes nothing', async () => {
    const payment = await opened(payer);
    const approved = paypal.approved(payment.order.id);
    expect((await post(paypal.signed(approved))).statusCode).toBe(200);
    paypal.forgetRequestIds();
    const late = await post(paypal.signed({ ...approved, id: `${approved.id}-2` }));
    expect(late.statusCode, late.body).toBe(200);
    expect(await statusOf(payment.id)).toBe('completed');
    expect(paypal.orders.get(payment.order.id)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
  });

  it('a capture PayPal holds for review is processing until PayPal’s word on it: completed, or denied and failed', async () => {
    paypal.captureStatus = 'PENDING';
    try {
      const held = await opened(payer);
      const denied = await opened(payer);
      for (const payment of [held, denied]) {
        expect((await post(paypal.signed(paypal.approved(payment.order.id)))).statusCode).toBe(200);
        expect(await statusOf(payment.id)).toBe('processing');
      }
      expect((await post(paypal.signed(paypal.captureCompleted(held.order.id)))).statusCode).toBe(200);
      expect(await statusOf(held.id)).toBe('completed');
      expect((await post(paypal.signed(paypal.captureDenied(denied.order.id)))).statusCode).toBe(200);
      expect(await statusOf(denied.id)).toBe('failed');
      expect((await admin.browser.get(`/api/admin/payments/${denied.id}`)).json().failureReason).toBe('PayPal ha rifiutato il pagamento.');
    } finally {
      paypal.captureStatus = 'COMPLETED';
    }
  });

  it('fails a payment whose PayPal order was voided', async () => {
    const payment = await opened(payer);
    expect((await post(paypal.signed(paypal.voided(payment.order.id)))).statusCode).toBe(200);
    expect(await statusOf(payment.id)).toBe('failed');
  });

  it('asks PayPal for its OAuth2 token once, not for every payment and webhook', async () => {
    const tokens = () => paypal.requests.filter((r) => r.path === '/v1/oauth2/token').length;
    expect((await post(paypal.signed(paypal.voided((await opened(payer)).order.id)))).statusCode).toBe(200);
    const before = tokens();
    for (let i = 0; i < 3; i++) expect((await post(paypal.signed(paypal.voided((await opened(payer)).order.id)))).statusCode).toBe(200);
    expect(tokens()).toBe(before);
  });
});

describe('a package bought with PayPal, through the API', () => {
  it('answers PayPal’s page; once the payer approved there, the order is captured and the plan is the shop’s', async () => {
    await configure();
    const plan = await createdPlan(admin.browser, shippingAndPayments);
    const shop = await openShop(t, admin.browser);
    const buy = await shop.owner.browser.request('POST', `/api/packages/${plan.id}/purchase`, { paymentMethod: 'paypal' }, { 'idempotency-key': randomUUID() });
    expect(buy.statusCode, buy.body).toBe(201);
    const { paymentId, paymentUrl } = buy.json<{ paymentId: string; paymentUrl: string }>();
    const order = [...paypal.orders.values()].find((o) => o.purchase_units[0]!.custom_id === paymentId)!;
    expect(paymentUrl).toBe(order.links.find((l) => l.rel === 'payer-action')!.href);
    expect(order.purchase_units[0]!.amount).toEqual({ currency_code: 'EUR', value: '29.90' });
    expect(order.payment_source.paypal.experience_context.return_url).toMatch(new RegExp(`/shopkeeper/packages\\?acquisto=${plan.id}$`));

    expect((await post(paypal.signed(paypal.approved(order.id)))).statusCode).toBe(200);
    for (let tries = 0; tries < 100; tries++) {
      const mine = (await shop.owner.browser.get('/api/packages/mine')).json<{ current: { packageId: string } | null }>();
      if (mine.current?.packageId === plan.id) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const mine = (await shop.owner.browser.get('/api/packages/mine')).json();
    expect(mine.current).toMatchObject({ packageId: plan.id });
    expect(mine.purchases).toEqual([expect.objectContaining({ transactionId: paymentId, amount: 29.9, paymentMethod: 'paypal' })]);
  });
});
