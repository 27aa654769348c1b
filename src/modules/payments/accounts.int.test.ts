import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { madeBeforeAll } from '../../../tests/support/made.js';
import { checkout, pickupSoon, useLoggedIn, useShop, withCart } from '../../../tests/support/marketplace.js';
import { startStripePeer } from '../../../tests/support/stripe-peer.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { commissionCents } from './commission.js';

/*
 * Issue [20]: a shop connects its own payment account (Stripe Connect, the test payments the same
 * way), card payments are offered only once the account takes them, and an order paid by card is a
 * destination charge to the shop with the plan's commission as the application fee.
 */

const stripe = madeBeforeAll(
  () => startStripePeer(),
  (peer) => peer.close(),
);
const t = useTestApp(async () => ({ config: { STRIPE_API_URL: stripe.url } }));
const admin = useLoggedIn(t, 'admin');

const paymentsOn = madeBeforeAll(async () => {
  const res = await admin.browser.request('PUT', '/api/admin/payment-settings/current', {
    sandboxEnabled: true,
    stripeSecretKey: 'sk_test_vicino',
    stripeWebhookSecret: stripe.webhookSecret,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { on: true };
});

const postWebhook = async (webhook: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: webhook.headers, payload: webhook.body });

describe('a shop’s payment account', () => {
  const shop = useShop(t, admin, {
    name: 'Forno del Conto',
    store: { onlinePaymentsEnabled: true, stripePaymentsEnabled: true },
    testAccount: false,
    products: [{ name: 'Focaccia', price: 4.55, stockQuantity: 10 }],
  });
  const other = useShop(t, admin, { name: 'Altra Bottega' });

  it('is connected to Stripe through its hosted onboarding; cards are offered only once Stripe says it takes them', async () => {
    expect(paymentsOn.on).toBe(true);
    const owner = shop.owner.browser;
    const before = (await owner.get('/api/stores/me/payment-accounts')).json();
    expect(before.providers).toEqual([
      { provider: 'stripe', available: true, account: null },
      { provider: 'sandbox', available: true, account: null },
    ]);
    // The Premium plan's commission (the seed's), or 20 %.
    expect(before.commissionPercentage).toBeGreaterThanOrEqual(0);

    // No account yet: the shop takes cash alone, though it switched cards on.
    const customer = await withCart(t, [[shop.productIds[0]!, 1]]);
    expect((await customer.browser.get('/api/cart')).json().stores[0].paymentMethods).toEqual(['cash']);
    const refused = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'stripe' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('«Forno del Conto» non accetta la carta: accetta solo contanti.');

    // The shopkeeper opens Stripe's onboarding: an Express account in Italy, ours by its metadata.
    const started = await owner.post('/api/stores/me/payment-accounts/stripe/onboarding');
    expect(started.statusCode, started.body).toBe(200);
    const link = stripe.accountLinks.at(-1)!;
    expect(started.json()).toEqual({ url: link.url });
    expect(link.return_url).toMatch(/\/shopkeeper\/store\/settings\?sezione=pagamenti&conto=stripe$/);
    const account = stripe.accounts.get(link.account)!;
    expect(account).toMatchObject({ type: 'express', country: 'IT', business_profile: { name: 'Forno del Conto' }, metadata: { holderKind: 'store', holderId: shop.store.id } });
    // Pressed again (the link expired): the same account, a new link.
    expect((await owner.post('/api/stores/me/payment-accounts/stripe/onboarding')).statusCode).toBe(200);
    expect([...stripe.accounts.values()].filter((a) => a.metadata.holderId === shop.store.id)).toHaveLength(1);
    // Another shopkeeper's session sees its own shop's accounts, never this one's.
    expect((await other.owner.browser.get('/api/stores/me/payment-accounts')).json().providers.every((p: { account: unknown }) => p.account === null)).toBe(true);
    expect((await customer.browser.get('/api/stores/me/payment-accounts')).statusCode).toBe(403);

    // Back from Stripe's page before finishing: what is missing, in Italian.
    const back = (await owner.post('/api/stores/me/payment-accounts/stripe/refresh')).json();
    const stripeAccount = back.providers.find((p: { provider: string }) => p.provider === 'stripe').account;
    expect(stripeAccount).toMatchObject({ accountId: account.id, status: 'details_missing', chargesEnabled: false });
    expect(stripeAccount.missing).toContain('il conto bancario su cui ricevere gli accrediti (IBAN)');
    expect(stripeAccount.missing).toContain('un documento d’identità del titolare');

    // Stripe checks the details, then enables the account: its webhooks, one delivered twice, an old one late.
    // (Said after the account was read back: Stripe's `created` is in seconds.)
    const submitted = stripe.onboarded(account.id, false);
    (submitted as { created: number }).created += 2;
    const enabled = stripe.onboarded(account.id, true);
    (enabled as { created: number }).created = submitted.created + 60;
    for (const event of [submitted, enabled, enabled, submitted]) expect((await postWebhook(stripe.signed(event))).statusCode).toBe(200);
    const after = (await owner.get('/api/stores/me/payment-accounts')).json().providers.find((p: { provider: string }) => p.provider === 'stripe').account;
    expect(after).toMatchObject({ status: 'enabled', chargesEnabled: true, payoutsEnabled: true, missing: [] });
    const updates = (await t.system.store.readStream(`payment-account-store-${shop.store.id}`)).filter((e) => e.type === 'PaymentAccountUpdated');
    // The read back, the "verifying" and the "enabled": the repeat and the late one changed nothing.
    expect(updates.map((e) => (e.data as { chargesEnabled: boolean }).chargesEnabled)).toEqual([false, false, true]);

    // A forged webhook is refused; one about an account that is none of ours is not found (Stripe retries it).
    expect((await postWebhook(stripe.signed(enabled, 'whsec_altro'))).statusCode).toBe(400);
    const strangers = stripe.accountUpdated((await stripeAccountOfNobody()).id);
    expect((await postWebhook(stripe.signed(strangers))).statusCode).toBe(404);

    expect((await customer.browser.get('/api/cart')).json().stores[0].paymentMethods).toEqual(['cash', 'stripe']);
  });

  /** An account made at Stripe for no shop of ours (someone's dashboard). */
  async function stripeAccountOfNobody() {
    const res = await fetch(`${stripe.url}/v1/accounts`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_vicino' },
      body: new URLSearchParams({ type: 'express', country: 'IT' }),
    });
    return (await res.json()) as { id: string };
  }

  it('is paid by card as a destination charge: the shop’s account, the plan’s commission as the fee; a refund takes back the transfer and the fee', async () => {
    const customer = await withCart(t, [[shop.productIds[0]!, 2]]);
    const placed = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'stripe' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().orders[0];
    const session = [...stripe.sessions.values()].find((s) => s.url === order.paymentUrl)!;
    const { commissionPercentage } = (await shop.owner.browser.get('/api/stores/me/payment-accounts')).json();
    const account = [...stripe.accounts.values()].find((a) => a.metadata.holderId === shop.store.id)!;
    expect(session.amount_total).toBe(910);
    expect(session.payment_intent_data).toEqual({
      transfer_data: { destination: account.id },
      on_behalf_of: account.id,
      application_fee_amount: commissionCents(910, commissionPercentage),
    });
    // The order keeps what was agreed: the account and the commission.
    const placedEvent = (await t.system.store.readStream(`order-${order.id}`)).find((e) => e.type === 'OrderPlaced')!;
    expect((placedEvent.data as { payee: unknown }).payee).toEqual({ accountId: account.id, commissionPercentage, feeCents: commissionCents(910, commissionPercentage) });

    expect((await postWebhook(stripe.signed(stripe.paid(session.id)))).statusCode).toBe(200);
    await expect.poll(async () => (await customer.browser.get(`/api/orders/${order.id}`)).json().paymentStatus, { timeout: hangAfter(10_000) }).toBe('paid');
    expect((await customer.browser.post(`/api/orders/${order.id}/cancel`)).statusCode).toBe(200);
    await expect.poll(() => stripe.refunds.filter((r) => r.metadata.paymentId === session.metadata.paymentId).length, { timeout: hangAfter(10_000) }).toBe(1);
    expect(stripe.refunds.find((r) => r.metadata.paymentId === session.metadata.paymentId)).toMatchObject({ amount: 910, reverse_transfer: true, refund_application_fee: true });
  });

  it('is disputed by the payer’s bank: the chargeback taken from the shop’s takings while it decides, given back when the shop wins', async () => {
    const customer = await withCart(t, [[shop.productIds[0]!, 1]]);
    const placed = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'stripe' });
    expect(placed.statusCode, placed.body).toBe(201);
    const session = [...stripe.sessions.values()].find((s) => s.url === placed.json().orders[0].paymentUrl)!;
    expect((await postWebhook(stripe.signed(stripe.paid(session.id)))).statusCode).toBe(200);
    const takings = async () => (await shop.owner.browser.get('/api/earnings/mine')).json().totals;
    const before = await takings();

    const opened = stripe.disputed(session.id);
    // Delivered twice: one chargeback.
    for (let i = 0; i < 2; i++) expect((await postWebhook(stripe.signed(opened))).statusCode).toBe(200);
    await expect.poll(async () => (await takings()).chargebacks, { timeout: hangAfter(10_000) }).toBe(4.55);
    // While the bank decides, the shop's part of it is taken back (the platform gives back its fee's share).
    const { commissionPercentage } = (await shop.owner.browser.get('/api/stores/me/payment-accounts')).json();
    expect(Math.round((await takings()).net * 100)).toBe(Math.round(before.net * 100) - (455 - commissionCents(455, commissionPercentage)));
    const disputeId = (opened.data.object as { id: string }).id;
    expect((await postWebhook(stripe.signed(stripe.disputeClosed(disputeId, 'won')))).statusCode).toBe(200);
    await expect.poll(async () => (await takings()).chargebacks, { timeout: hangAfter(10_000) }).toBe(0);
    // Won: the takings are as they were before the dispute, to the cent.
    expect(await takings()).toEqual(before);
    // The order's page says it, to the customer and to the shop: what the bank took back, why, how it ended.
    const orderId = placed.json().orders[0].id;
    for (const who of [customer, shop.owner]) {
      await expect
        .poll(async () => (await who.browser.get(`/api/orders/${orderId}`)).json().money?.disputes, { timeout: hangAfter(10_000) })
        .toMatchObject([{ amount: 4.55, status: 'won', reason: 'Prodotto non ricevuto' }]);
    }
    const events = (await t.system.store.readStream(`payment-${session.metadata.paymentId}`)).map((e) => e.type);
    expect(events.filter((type) => type.startsWith('PaymentDispute'))).toEqual(['PaymentDisputeOpened', 'PaymentDisputeClosed']);
  });

  it('is paid out to the shop’s bank by Stripe (payout.paid on the Connect endpoint, its own secret); a payout that fails puts the money back, once', async () => {
    const connectSecret = 'whsec_connect_vicino';
    const set = await admin.browser.request('PUT', '/api/admin/payment-settings/current', { stripeConnectWebhookSecret: connectSecret });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ stripeConnectWebhookSecretSet: true });
    expect(set.json().stripeConnectWebhookSecret).not.toContain('vicino');
    const account = [...stripe.accounts.values()].find((a) => a.metadata.holderId === shop.store.id)!;
    const read = async () => (await shop.owner.browser.get('/api/earnings/mine')).json();
    const before = await read();

    const paid = stripe.payout(account.id, 500, 'paid', 'po_1Vicino');
    // Signed with the Connect endpoint's secret, delivered twice: one payout.
    for (let i = 0; i < 2; i++) expect((await postWebhook(stripe.signed(paid, connectSecret))).statusCode).toBe(200);
    await expect.poll(async () => (await read()).payouts.length, { timeout: hangAfter(10_000) }).toBe(1);
    const afterPaid = await read();
    expect(afterPaid.payouts[0]).toMatchObject({ provider: 'stripe', payoutId: 'po_1Vicino', amount: 5, status: 'paid', failure: null });
    expect(afterPaid.totals.payouts).toBe(before.totals.payouts + 5);
    expect(Math.round(afterPaid.balance.total * 100)).toBe(Math.round(before.balance.total * 100) - 500);
    expect(afterPaid.movements[0]).toMatchObject({ kind: 'payout', gross: -5, fee: 0, net: -5, paymentId: null, payoutId: 'po_1Vicino', orderId: null });

    // The bank refuses it after all: the money is back in the balance; told again, or paid again late, nothing more.
    const failed = stripe.payout(account.id, 500, 'failed', 'po_1Vicino');
    for (const event of [failed, failed, paid]) expect((await postWebhook(stripe.signed(event, connectSecret))).statusCode).toBe(200);
    await expect.poll(async () => (await read()).payouts[0].status, { timeout: hangAfter(10_000) }).toBe('failed');
    const afterFailed = await read();
    expect(afterFailed.payouts[0]).toMatchObject({ failure: 'Il conto bancario è chiuso', failureMessage: 'The bank account has been closed.' });
    expect(afterFailed.balance.total).toBe(before.balance.total);
    expect(afterFailed.totals.payouts).toBe(before.totals.payouts);
    expect(afterFailed.movements.filter((m: { payoutId: string | null }) => m.payoutId === 'po_1Vicino').map((m: { kind: string }) => m.kind)).toEqual([
      'payout_reversal',
      'payout',
    ]);
    const stream = (await t.system.store.readStream(`payment-account-store-${shop.store.id}`)).map((e) => e.type);
    expect(stream.filter((type) => type.startsWith('PaymentAccountPayout'))).toEqual(['PaymentAccountPayoutPaid', 'PaymentAccountPayoutFailed']);

    // A payout of an account that is none of ours is not found (Stripe retries it); a forged one is refused.
    const nobody = await stripeAccountOfNobody();
    expect((await postWebhook(stripe.signed(stripe.payout(nobody.id, 100, 'paid'), connectSecret))).statusCode).toBe(404);
    expect((await postWebhook(stripe.signed(stripe.payout(nobody.id, 100, 'paid'), 'whsec_altro'))).statusCode).toBe(400);
    // Another shop sees none of it.
    expect((await other.owner.browser.get('/api/earnings/mine')).json().payouts).toEqual([]);
  });

  it('is reconciled by the admin with Stripe’s balance of the account: a payout whose webhook never came is the difference, until it comes', async () => {
    const account = [...stripe.accounts.values()].find((a) => a.metadata.holderId === shop.store.id)!;
    const reconcile = async () => (await admin.browser.get(`/api/admin/stores/${shop.store.id}/payment-accounts/stripe/reconciliation`)).json();
    // A refund Stripe made (the transfer reversed at once) that it has not confirmed yet is a difference until it does.
    const unconfirmed = stripe.refunds.filter((r) => r.status !== 'succeeded');
    expect(unconfirmed.length).toBeGreaterThan(0);
    expect((await reconcile()).difference).toBeLessThan(0);
    for (const refund of unconfirmed) expect((await postWebhook(stripe.signed(stripe.refundSucceeded(refund.id)))).statusCode).toBe(200);
    await expect.poll(async () => (await reconcile()).difference, { timeout: hangAfter(10_000) }).toBe(0);
    const agreed = await reconcile();
    expect(agreed).toMatchObject({ provider: 'stripe', accountId: account.id, difference: 0 });
    expect(agreed.providerBalance.total).toBe(agreed.ledger.total);
    expect(agreed.ledger.total).toBeGreaterThan(0);

    // Stripe pays 2 € out; its webhook is late: Stripe holds 2 € less than the ledger says.
    const missed = stripe.payout(account.id, 200, 'paid', 'po_2Ritardo');
    expect(await reconcile()).toMatchObject({ difference: -2 });
    expect((await postWebhook(stripe.signed(missed, 'whsec_connect_vicino'))).statusCode).toBe(200);
    await expect.poll(async () => (await reconcile()).difference, { timeout: hangAfter(10_000) }).toBe(0);

    // The test payments keep no balance of their own; a shop without an account there, another provider: not found; a shopkeeper: refused.
    expect((await admin.browser.get(`/api/admin/stores/${other.store.id}/payment-accounts/stripe/reconciliation`)).statusCode).toBe(404);
    expect((await admin.browser.get(`/api/admin/stores/${shop.store.id}/payment-accounts/paypal/reconciliation`)).statusCode).toBe(400);
    expect((await shop.owner.browser.get(`/api/admin/stores/${shop.store.id}/payment-accounts/stripe/reconciliation`)).statusCode).toBe(403);
  });

  it('is opened for the test payments on the app’s own page, the shopkeeper’s only, and activated by the sandbox’s signed webhook', async () => {
    const owner = shop.owner.browser;
    const started = await owner.post('/api/stores/me/payment-accounts/sandbox/onboarding');
    expect(started.statusCode, started.body).toBe(200);
    const accountId = `sbxacct_${shop.store.id}`;
    expect(started.json().url).toBe(`/pagamenti/prova/conto/${accountId}?ritorno=${encodeURIComponent('/shopkeeper/store/settings?sezione=pagamenti&conto=sandbox')}`);
    expect((await owner.get(`/api/payments/sandbox/accounts/${accountId}`)).json()).toEqual({
      accountId,
      holderKind: 'store',
      holderName: 'Forno del Conto',
      chargesEnabled: false,
      status: 'details_missing',
    });
    // Someone else's test account does not exist for them.
    expect((await other.owner.browser.get(`/api/payments/sandbox/accounts/${accountId}`)).statusCode).toBe(404);
    expect((await other.owner.browser.post(`/api/payments/sandbox/accounts/${accountId}/activate`)).statusCode).toBe(404);
    expect((await owner.get('/api/payments/sandbox/accounts/acct_123')).statusCode).toBe(400);

    for (let i = 0; i < 2; i++) {
      const activated = await owner.post(`/api/payments/sandbox/accounts/${accountId}/activate`);
      expect(activated.json()).toEqual({ accountId, holderKind: 'store', holderName: 'Forno del Conto', chargesEnabled: true, status: 'enabled' });
    }
    const updates = (await t.system.store.readStream(`payment-account-store-${shop.store.id}`)).filter(
      (e) => e.type === 'PaymentAccountUpdated' && (e.data as { provider: string }).provider === 'sandbox',
    );
    expect(updates).toHaveLength(1);
    const customer = await withCart(t, [[shop.productIds[0]!, 1]]);
    expect((await customer.browser.get('/api/cart')).json().stores[0].paymentMethods).toEqual(['cash', 'stripe', 'sandbox']);
    const placed = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'sandbox' });
    expect(placed.statusCode, placed.body).toBe(201);
    const payment = await t.system.pool.query<{ id: string }>(`SELECT payment_id AS id FROM orders WHERE id = $1`, [placed.json().orders[0].id]);
    const created = (await t.system.store.readStream(`payment-${payment.rows[0]!.id}`)).find((e) => e.type === 'PaymentCreated')!;
    expect((created.data as { payee: unknown }).payee).toMatchObject({ holderKind: 'store', holderId: shop.store.id, accountId, feeCents: expect.any(Number) });
  });
});
