import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { aPayment, openedThrough, paymentEventTypes, paymentStatus, refundAskedTwice } from '../../../tests/support/payments.js';
import { useTestApp } from '../../../tests/support/app.js';
import { madeBeforeAll } from '../../../tests/support/made.js';
import { useLoggedIn, type Person } from '../../../tests/support/marketplace.js';
import { startStripePeer } from '../../../tests/support/stripe-peer.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { systemContext } from '../../platform/domain/context.js';
import { hostedPaymentFor, openPayment, refundPart } from './commands.js';
import type { PaymentFields } from './payment.js';
import { providersOf, sandboxDelivery } from './routes.js';
import { stripeEndpointOf } from './stripe.js';

// Stripe, played by a loopback server speaking its API; the app's official SDK is pointed at it.
const stripe = madeBeforeAll(
  () => startStripePeer(),
  (peer) => peer.close(),
);
const t = useTestApp(async () => ({ config: { STRIPE_API_URL: stripe.url } }));
const admin = useLoggedIn(t, 'admin');
const payer = useLoggedIn(t, 'shopkeeper');

const configure = async () => {
  const res = await admin.browser.request('PUT', '/api/admin/payment-settings/current', { stripeSecretKey: 'sk_test_vicino', stripeWebhookSecret: stripe.webhookSecret });
  expect(res.statusCode, res.body).toBe(200);
};

/** A payment by card through Stripe, opened with the module's command as a purchase opens it. */
async function opened(who: Person) {
  await configure();
  const providers = providersOf(t.system.db, sandboxDelivery(t.app), { stripe: stripeEndpointOf(stripe.url) });
  const payment = await openedThrough(t, providers, aPayment(who.id, { paymentProvider: 'stripe' }));
  const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === payment.id)!;
  return { ...payment, session };
}

const post = (signed: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: signed.headers, payload: signed.body });
const statusOf = (id: string) => paymentStatus(admin.browser, id);

describe('Stripe, through its official SDK', () => {
  it('opens a Checkout Session for the amount, in euros, naming our payment, with the payment’s own idempotency key (its id and terms)', async () => {
    const payment = await opened(payer);
    expect(payment.paymentUrl).toBe(payment.session.url);
    expect(payment.session).toMatchObject({
      amount_total: 2990,
      currency: 'eur',
      client_reference_id: payment.id,
      line_items_name: 'Piano Premium, 30 giorni',
      success_url: 'http://127.0.0.1/ok',
    });
    const create = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(create.at(-1)).toMatchObject({
      method: 'POST',
      idempotencyKey: expect.stringMatching(new RegExp(`^payment-${payment.id}-[\\w-]{16}$`)),
      authorization: 'Bearer sk_test_vicino',
    });
    expect(await statusOf(payment.id)).toBe('pending');
  });

  it('asks for a page by the payment and its terms: the same terms again are the same session, other terms (a price changed between two tries of a checkout) a session of their own', async () => {
    await configure();
    const providers = providersOf(t.system.db, sandboxDelivery(t.app), { stripe: stripeEndpointOf(stripe.url) });
    const payment = { id: randomUUID(), fields: aPayment(payer.id, { paymentProvider: 'stripe' }), returnUrl: 'http://127.0.0.1/ok', cancelUrl: 'http://127.0.0.1/ko' };
    const first = await hostedPaymentFor(providers, payment);
    expect(await hostedPaymentFor(providers, payment)).toEqual(first);
    const dearer = await hostedPaymentFor(providers, { ...payment, fields: { ...payment.fields, amountCents: payment.fields.amountCents + 50 } });
    expect(dearer.providerTransactionId).not.toBe(first.providerTransactionId);
    expect(stripe.sessions.get(dearer.providerTransactionId)).toMatchObject({ amount_total: payment.fields.amountCents + 50, client_reference_id: payment.id });
  });

  it('completes the payment on Stripe’s signed webhook, once however often it comes; a forged or altered one is a 400 and changes nothing', async () => {
    const payment = await opened(payer);
    const completed = stripe.paid(payment.session.id);
    const forged = stripe.signed(completed, 'whsec_falso');
    const res = await post(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Firma del webhook non valida.');
    const genuine = stripe.signed(completed);
    expect((await post({ ...genuine, body: genuine.body.replace('"paid"', '"unpaid"') })).statusCode).toBe(400);
    expect(await statusOf(payment.id)).toBe('pending');

    const answers = await Promise.all(Array.from({ length: 10 }, () => post(genuine)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await statusOf(payment.id)).toBe('completed');
    expect((await paymentEventTypes(t.system.store, payment.id)).filter((type) => type === 'PaymentCompleted')).toHaveLength(1);
  });

  it('refunds through Stripe with the refund’s own key, once, and is refunded on Stripe’s confirmation', async () => {
    const payment = await opened(payer);
    expect((await post(stripe.signed(stripe.paid(payment.session.id)))).statusCode).toBe(200);
    await refundAskedTwice(admin.browser, payment.id);
    const asked = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(asked).toHaveLength(2);
    expect(new Set(asked.map((r) => r.idempotencyKey)).size).toBe(1);
    const refunds = stripe.refunds.filter((r) => r.metadata.paymentId === payment.id);
    expect(refunds).toEqual([expect.objectContaining({ amount: 2990, payment_intent: stripe.sessions.get(payment.session.id)!.payment_intent })]);
    expect(await statusOf(payment.id)).not.toBe('refunded');
    expect((await post(stripe.signed(stripe.refundSucceeded(refunds[0]!.id)))).statusCode).toBe(200);
    expect(await statusOf(payment.id)).toBe('refunded');
  });

  it('refunds parts through Stripe under the caller’s keys: the same key twice is one refund, two keys up to the total, past it refused; each confirmed by its own webhook', async () => {
    const payment = await opened(payer);
    expect((await post(stripe.signed(stripe.paid(payment.session.id)))).statusCode).toBe(200);
    const deps = { store: t.system.store, providers: providersOf(t.system.db, sandboxDelivery(t.app), { stripe: stripeEndpointOf(stripe.url) }) };
    const part = (refundKey: string, amountCents: number) => refundPart(deps, payment.id, { refundKey, amountCents, reason: 'Segnalazione' }, systemContext());
    const record = async () => (await admin.browser.get(`/api/admin/payments/${payment.id}`)).json<{ status: string; refundedAmount: number }>();

    await part(`report-${payment.id}-a`, 1000);
    await part(`report-${payment.id}-a`, 1000);
    const refunds = () => stripe.refunds.filter((r) => r.metadata.paymentId === payment.id);
    expect(refunds()).toEqual([expect.objectContaining({ amount: 1000, metadata: { paymentId: payment.id, refundKey: `report-${payment.id}-a` } })]);
    // The webhook, twice (created, then updated): one refund of € 10,00.
    expect((await post(stripe.signed(stripe.refundSucceeded(refunds()[0]!.id)))).statusCode).toBe(200);
    expect((await post(stripe.signed(stripe.refundSucceeded(refunds()[0]!.id)))).statusCode).toBe(200);
    await readModelsCaughtUp(t.system);
    expect(await record()).toMatchObject({ status: 'completed', refundedAmount: 10 });

    await expect(part(`report-${payment.id}-b`, 2000)).rejects.toMatchObject({ kind: 'rule' });
    await part(`report-${payment.id}-b`, 1990);
    expect(refunds().map((r) => r.amount)).toEqual([1000, 1990]);
    expect((await post(stripe.signed(stripe.refundSucceeded(refunds()[1]!.id)))).statusCode).toBe(200);
    await readModelsCaughtUp(t.system);
    expect(await record()).toMatchObject({ status: 'refunded', refundedAmount: 29.9 });
  });

  it('fails a payment whose Stripe page expired unpaid', async () => {
    const payment = await opened(payer);
    expect((await post(stripe.signed(stripe.expired(payment.session.id)))).statusCode).toBe(200);
    expect(await statusOf(payment.id)).toBe('failed');
  });

  it('tells in Italian, with a 502 and nothing recorded, when Stripe does not answer', async () => {
    await configure();
    // A port nobody listens on: Stripe is down, or unreachable.
    const dead = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const providers = providersOf(t.system.db, sandboxDelivery(t.app), { stripe: stripeEndpointOf(`http://127.0.0.1:${dead}`) });
    const id = randomUUID();
    const fields: PaymentFields = aPayment(payer.id, { paymentProvider: 'stripe' });
    await expect(openPayment({ store: t.system.store, providers }, { id, fields, returnUrl: '/', cancelUrl: '/' }, systemContext())).rejects.toMatchObject({
      kind: 'upstream',
      message: 'Il servizio di pagamento non risponde: riprova tra poco, oppure scegli un altro metodo di pagamento.',
    });
    expect(await t.system.store.readStream(`payment-${id}`)).toEqual([]);
  });
});
