import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { createdPlan, openShop, shippingAndPayments, useLoggedIn } from '../../../tests/support/marketplace.js';
import { activatePaidPackages } from './purchase-process.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

/** A premium plan at 29.90 € (shipping within 30 km, online payments) unless `changes` say otherwise. */
const newPlan = (changes: Record<string, unknown> = {}) => createdPlan(admin.browser, { ...shippingAndPayments, ...changes });
/** What an AI credit pack allows: neither shipping nor online payments. */
const creditsOnly = { type: 'ai', enablesShipping: false, shippingRadius: null, enablesOnlinePayments: false };

/** Until the shop's plan is `name` (the activation runs on its own once the payment's read model moves on). */
async function planBecomes(browser: Awaited<ReturnType<typeof openShop>>['owner']['browser'], name: string | null) {
  for (let tries = 0; tries < 100; tries++) {
    const mine = (await browser.get('/api/packages/mine')).json<{ current: { name: string } | null }>();
    if ((mine.current?.name ?? null) === name) return mine;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the plan did not become ${name}`);
}

describe('buying a package', () => {
  it('opens a payment at the price of the moment; once paid on the sandbox’s page the plan is the shop’s, once, however often the purchase is retried', async () => {
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
    const plan = await newPlan({ isPromotional: true, discountPercentage: 10, promotionEndDate: '2099-01-01T00:00:00.000Z' });
    const shop = await openShop(t, admin.browser, { name: 'Bottega Acquisti' });
    const key = randomUUID();
    const buy = () => shop.owner.browser.request('POST', `/api/packages/${plan.id}/purchase`, { paymentMethod: 'sandbox' }, { 'idempotency-key': key });
    const first = await buy();
    expect(first.statusCode, first.body).toBe(201);
    const { paymentId, paymentUrl } = first.json<{ paymentId: string; paymentUrl: string }>();
    expect(paymentUrl).toBe(`/pagamenti/prova/${paymentId}?ritorno=${encodeURIComponent(`/shopkeeper/packages?acquisto=${plan.id}`)}`);
    // Retried (a lost answer): the same payment.
    expect((await buy()).json()).toEqual({ paymentId, paymentUrl });
    const page = (await shop.owner.browser.get(`/api/payments/sandbox/${paymentId}`)).json();
    expect(page).toMatchObject({ amount: 26.91, status: 'pending', transactionType: 'package_purchase' });
    expect((await shop.owner.browser.get('/api/packages/mine')).json().current).toBeNull();

    expect((await shop.owner.browser.post(`/api/payments/sandbox/${paymentId}/pay`)).statusCode).toBe(200);
    const mine = await planBecomes(shop.owner.browser, plan.name);
    expect(mine).toMatchObject({ current: { packageId: plan.id, type: 'premium' } });
    // However often the activation looks again, one purchase.
    await activatePaidPackages(t.system, new Date());
    await activatePaidPackages(t.system, new Date());
    const after = (await shop.owner.browser.get('/api/packages/mine')).json<{ purchases: { transactionId: string; amount: number }[] }>();
    expect(after.purchases.filter((p) => p.transactionId === paymentId)).toEqual([expect.objectContaining({ amount: 26.91 })]);
    expect(after.purchases).toHaveLength(1);
  });

  it('an AI credit pack, once paid, is a lot of credits for 12 months, added once however often the activation looks', async () => {
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
    const pack = await newPlan({ ...creditsOnly, credits: 100, price: 9.9 });
    const shop = await openShop(t, admin.browser, { name: 'Bottega Crediti' });
    const buy = await shop.owner.browser.request('POST', `/api/packages/${pack.id}/purchase`, { paymentMethod: 'sandbox' }, { 'idempotency-key': randomUUID() });
    expect(buy.statusCode, buy.body).toBe(201);
    const { paymentId } = buy.json<{ paymentId: string }>();
    expect((await shop.owner.browser.post(`/api/payments/sandbox/${paymentId}/pay`)).statusCode).toBe(200);
    const balance = async () =>
      (await t.system.pool.query<{ balance: number; total_purchased: number }>('SELECT balance, total_purchased FROM ai_credits WHERE user_id = $1', [shop.owner.id])).rows[0];
    await expect.poll(balance, { timeout: hangAfter(10_000) }).toEqual({ balance: 100, total_purchased: 100 });
    await activatePaidPackages(t.system, new Date());
    const lots = (await t.system.store.readStream(`credits-${shop.owner.id}`)).filter((e) => e.type === 'CreditsAdded');
    expect(lots).toHaveLength(1);
    const expiresAt = new Date((lots[0]!.data as { expiresAt: string }).expiresAt);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);
    expect(await balance()).toEqual({ balance: 100, total_purchased: 100 });
    // The shopkeeper's own view of it.
    const mine = await shop.owner.browser.get('/api/credits');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      balance: 100,
      totalPurchased: 100,
      totalUsed: 0,
      expiringSoon: [],
      movements: [{ kind: 'purchase', credits: 100, description: `Crediti del pacchetto «${pack.name}»`, relatedEntity: { type: 'payment', id: paymentId } }],
    });
    const page = await shop.owner.browser.get('/api/credits/movements?pageSize=5');
    expect([page.statusCode, page.headers['x-total-count'], page.json().length]).toEqual([200, '1', 1]);
    expect((await admin.browser.get('/api/credits')).statusCode).toBe(403);
  });

  it('refuses a purchase without its Idempotency-Key, of an unknown package, or by another role, in Italian', async () => {
    const plan = await newPlan();
    const shop = await openShop(t, admin.browser, { name: 'Bottega Rifiuti' });
    const noKey = await shop.owner.browser.post(`/api/packages/${plan.id}/purchase`, { paymentMethod: 'sandbox' });
    expect([noKey.statusCode, noKey.json().message]).toEqual([400, 'Manca l’intestazione Idempotency-Key: serve a non pagare due volte lo stesso acquisto.']);
    const unknown = await shop.owner.browser.request('POST', `/api/packages/${randomUUID()}/purchase`, { paymentMethod: 'sandbox' }, { 'idempotency-key': randomUUID() });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Pacchetto non trovato.']);
    const badMethod = await shop.owner.browser.request('POST', `/api/packages/${plan.id}/purchase`, { paymentMethod: 'contanti' }, { 'idempotency-key': randomUUID() });
    expect(badMethod.statusCode).toBe(400);
    const byAdmin = await admin.browser.request('POST', `/api/packages/${plan.id}/purchase`, { paymentMethod: 'sandbox' }, { 'idempotency-key': randomUUID() });
    expect(byAdmin.statusCode).toBe(403);
  });

  it('refuses the key of an earlier purchase for another package with a 409 naming it, paying nothing new (issue [16])', async () => {
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
    const small = await newPlan({ ...creditsOnly, name: `Crediti AI 100 ${randomUUID().slice(0, 6)}`, credits: 100, price: 9.9 });
    const large = await newPlan({ ...creditsOnly, name: `Crediti AI 500 ${randomUUID().slice(0, 6)}`, credits: 500, price: 39.9 });
    const shop = await openShop(t, admin.browser, { name: 'Bottega Chiavi' });
    const key = `acquisto-${randomUUID()}`;
    const buy = (id: string, paymentMethod = 'sandbox') => shop.owner.browser.request('POST', `/api/packages/${id}/purchase`, { paymentMethod }, { 'idempotency-key': key });
    const first = await buy(small.id);
    expect(first.statusCode, first.body).toBe(201);

    const other = await buy(large.id);
    expect([other.statusCode, other.json().message]).toEqual([409, `La chiave Idempotency-Key «${key}» è già stata usata per una richiesta diversa: usane una nuova.`]);
    const payments = async () =>
      (await t.system.pool.query<{ amount_cents: string }>('SELECT amount_cents FROM payment_transactions WHERE user_id = $1', [shop.owner.id])).rows.map((r) =>
        Number(r.amount_cents),
      );
    expect(await payments()).toEqual([990]);
    // The same request again: the first payment, once.
    expect([(await buy(small.id)).statusCode, (await buy(small.id)).json()]).toEqual([201, first.json()]);
    expect(await payments()).toEqual([990]);

    // A purchase refused by what is only read (no such package) does not take its key.
    const fresh = randomUUID();
    expect((await shop.owner.browser.request('POST', `/api/packages/${randomUUID()}/purchase`, { paymentMethod: 'sandbox' }, { 'idempotency-key': fresh })).statusCode).toBe(404);
    expect((await shop.owner.browser.request('POST', `/api/packages/${large.id}/purchase`, { paymentMethod: 'sandbox' }, { 'idempotency-key': fresh })).statusCode).toBe(201);
    expect((await payments()).sort((a, b) => a - b)).toEqual([990, 3990]);
  });

  it('activates a free package at once, without a payment', async () => {
    const free = await newPlan({ price: 0, type: 'free', enablesShipping: false, enablesOnlinePayments: false });
    const shop = await openShop(t, admin.browser, { name: 'Bottega Gratis' });
    const res = await shop.owner.browser.request('POST', `/api/packages/${free.id}/purchase`, { paymentMethod: 'sandbox' }, { 'idempotency-key': randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ paymentId: null, paymentUrl: null });
    expect((await shop.owner.browser.get('/api/packages/mine')).json().current).toMatchObject({ packageId: free.id });
  });
});

describe('the ways to pay (GET /api/payments/methods)', () => {
  it('names what the admin switched on, to whoever is logged in; a visitor is told to log in', async () => {
    expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
    const shop = await openShop(t, admin.browser, { name: 'Bottega Metodi' });
    const res = await shop.owner.browser.get('/api/payments/methods');
    expect([res.statusCode, res.json()]).toEqual([200, { methods: ['sandbox'] }]);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/payments/methods' });
    expect(visitor.statusCode).toBe(401);
  });
});
