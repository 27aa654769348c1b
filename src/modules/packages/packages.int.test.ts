import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn, openShop, useLoggedIn } from '../../../tests/support/marketplace.js';
import { systemContext } from '../../platform/domain/context.js';
import { activatePackage } from './commands.js';
import { openStore } from '../stores/commands.js';
import { storeProfileSchema } from '../stores/contract.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { committedHead } from '../../../tests/support/caught-up.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const visitor = () => new Browser(t.app);
const day = 24 * 60 * 60 * 1000;

const newPackage = (changes: Record<string, unknown> = {}) => ({
  name: `Piano ${randomUUID().slice(0, 6)}`,
  price: 19.9,
  type: 'shipping',
  enablesShipping: true,
  shippingRadius: 12,
  ...changes,
});
const created = async (changes: Record<string, unknown> = {}) => {
  const res = await admin.browser.post('/api/admin/packages', newPackage(changes));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; [field: string]: unknown }>();
};
const list = async (query: Record<string, unknown>) => {
  const res = await admin.browser.get(`/api/admin/packages?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json<{ id: string; name: string }[]>(), range: res.headers['content-range'] };
};

describe('the admin’s packages (/api/admin/packages)', () => {
  it('creates a package with spec §9’s defaults, in euros at the API', async () => {
    const pkg = await created();
    expect(pkg).toMatchObject({
      price: 19.9,
      currentPrice: 19.9,
      durationDays: 30,
      durationMonths: 1,
      commissionPercentage: 20,
      status: 'active',
      purchases: 0,
      shippingRadius: 12,
    });
    expect((await admin.browser.get(`/api/admin/packages/${pkg.id}`)).json()).toEqual(pkg);
  });

  it('lists with filters, sort and range (Content-Range), searched by name', async () => {
    const name = `Crediti ${randomUUID().slice(0, 6)}`;
    const a = await created({ name, type: 'ai', credits: 100, price: 9.9 });
    const { rows, range } = await list({ filter: { type: 'ai', q: name }, sort: ['price', 'DESC'], range: [0, 9] });
    expect(rows.map((r) => r.id)).toEqual([a.id]);
    expect(range).toBe('packages 0-0/1');
    const bad = await admin.browser.get(`/api/admin/packages?filter=${encodeURIComponent(JSON.stringify({ type: 'gold' }))}`);
    expect(bad.statusCode).toBe(400);
  });

  it('changes a package with its history naming the admin, refuses bad input in Italian', async () => {
    const pkg = await created();
    const res = await admin.browser.request('PUT', `/api/admin/packages/${pkg.id}`, { ...pkg, price: 24.9, currentPrice: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price: 24.9, currentPrice: 24.9 });
    const history = (await admin.browser.get(`/api/admin/history/package/${pkg.id}`)).json();
    expect(history.at(-1)).toMatchObject({ type: 'PackageChanged', actor: { userId: admin.id, role: 'admin' }, changes: { changes: { price: 24.9 } } });
    const bad = await admin.browser.request('PUT', `/api/admin/packages/${pkg.id}`, { discountPercentage: 150 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Sconto (%): un numero intero da 0 a 100.');
    const missing = await admin.browser.post('/api/admin/packages', { type: 'free' });
    expect(missing.statusCode).toBe(400);
    expect((await admin.browser.get(`/api/admin/packages/${randomUUID()}`)).json()).toEqual({ message: 'Pacchetto non trovato.' });
  });

  it('deletes a package never bought; one bought is archived, never deleted', async () => {
    const never = await created();
    expect((await admin.browser.request('DELETE', `/api/admin/packages/${never.id}`)).json()).toMatchObject({ id: never.id });
    expect((await admin.browser.get(`/api/admin/packages/${never.id}`)).statusCode).toBe(404);

    const bought = await created();
    const shopkeeper = await loggedIn(t, 'shopkeeper');
    const { position } = await activatePackage(
      t.system,
      { userId: shopkeeper.id, packageId: bought.id, transactionId: randomUUID(), amountCents: 1990, paymentMethod: 'sandbox' },
      systemContext(),
    );
    expect(await t.system.projections.waitFor(position!, hangAfter(5000))).toBe(true);
    const refused = await admin.browser.request('DELETE', `/api/admin/packages/${bought.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Questo pacchetto è stato acquistato: non si può eliminare, si archivia.' });
    const archived = await admin.browser.request('PUT', `/api/admin/packages/${bought.id}`, { ...bought, status: 'archived' });
    expect(archived.json()).toMatchObject({ status: 'archived', purchases: 1 });
    expect((await visitor().get(`/api/packages/${bought.id}`)).json()).toEqual({ message: 'Pacchetto non trovato.' });
  });

  it('is for the admin only', async () => {
    expect((await visitor().get('/api/admin/packages')).statusCode).toBe(401);
    const shopkeeper = await loggedIn(t, 'shopkeeper');
    expect((await shopkeeper.browser.post('/api/admin/packages', newPackage())).statusCode).toBe(403);
  });
});

describe('the public catalogue (/api/packages)', () => {
  it('shows the price of the moment: discounted until the promotion ends, then the list price', async () => {
    const running = await created({
      type: 'price_comparison',
      price: 10,
      isPromotional: true,
      discountPercentage: 30,
      promotionEndDate: new Date(Date.now() + 5 * day).toISOString(),
      isPopular: true,
      features: ['Confronto prezzi'],
    });
    const ended = await created({ type: 'price_comparison', price: 10, isPromotional: true, discountPercentage: 30, promotionEndDate: new Date(Date.now() - day).toISOString() });
    const res = await visitor().get('/api/packages?type=price_comparison');
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json<{ id: string }[]>().map((p) => [p.id, p]));
    expect(byId.get(running.id)).toMatchObject({
      price: 7,
      originalPrice: 10,
      isPromotional: true,
      discountPercentage: 30,
      promotionEndDate: running.promotionEndDate,
      isPopular: true,
      features: ['Confronto prezzi'],
    });
    expect(byId.get(ended.id)).toMatchObject({ price: 10, originalPrice: 10, isPromotional: false, promotionEndDate: null });
    expect((await visitor().get(`/api/packages/${running.id}`)).json()).toMatchObject({ id: running.id, price: 7 });
    expect((await visitor().get(`/api/packages/${randomUUID()}`)).statusCode).toBe(404);
    expect((await visitor().get('/api/packages?type=gold')).statusCode).toBe(400);
  });

  it('starts with the seeded catalogue: a free plan, shipping, premium, AI credits, a collaboration', async () => {
    const types = new Set((await visitor().get('/api/packages')).json().map((p: { type: string }) => p.type));
    for (const type of ['free', 'shipping', 'premium', 'ai', 'ai_collaborator']) expect(types).toContain(type);
    const premium = (await visitor().get('/api/packages?type=premium')).json().find((p: { name: string }) => p.name === 'Premium');
    expect(premium).toMatchObject({ enablesShipping: true, enablesOnlinePayments: true, enablesPriceComparison: true, isPopular: true });
  });
});

describe('activation (activatePackage)', () => {
  it('makes a paid plan the store’s until purchaseDate + durationDays; a renewal before expiry extends from the current expiry; once a transaction', async () => {
    const plan = await created({ durationDays: 30 });
    const shop = await openShop(t, admin.browser);
    const bought = new Date('2030-01-01T10:00:00.000Z');
    const pay = (transactionId: string, now: Date) =>
      activatePackage(t.system, { userId: shop.owner.id, packageId: plan.id, transactionId, amountCents: 1990, paymentMethod: 'sandbox' }, systemContext(now));
    const first = await pay('tx-1', bought);
    expect(first.expiresAt).toBe('2030-01-31T10:00:00.000Z');
    expect((await pay('tx-1', bought)).position).toBeNull();
    const renewed = await pay('tx-2', new Date('2030-01-20T10:00:00.000Z'));
    expect(renewed.expiresAt).toBe('2030-03-02T10:00:00.000Z');
    expect(await t.system.projections.waitFor(renewed.position!, hangAfter(5000))).toBe(true);

    const mine = (await shop.owner.browser.get('/api/packages/mine')).json();
    expect(mine.current).toEqual({ packageId: plan.id, name: plan.name, type: 'shipping', expiresAt: '2030-03-02T10:00:00.000Z' });
    expect(mine.purchases.map((p: { transactionId: string; isActive: boolean; amount: number }) => [p.transactionId, p.isActive, p.amount])).toEqual([
      ['tx-2', true, 19.9],
      ['tx-1', false, 19.9],
    ]);
    const { rows } = await t.db.pool.query('SELECT current_package_id, package_expires_at FROM stores WHERE id = $1', [shop.store.id]);
    expect(rows[0]).toEqual({ current_package_id: plan.id, package_expires_at: new Date('2030-03-02T10:00:00.000Z') });
  });

  it('makes the plan its store’s while the stores’ read model has not caught up with the store yet; the owner reads it in force from its purchase', async () => {
    const plan = await created({ durationDays: 30 });
    const owner = await loggedIn(t, 'shopkeeper');
    // The stores' read model held back (its table locked): the store is in the log only.
    const hold = await t.db.pool.connect();
    await hold.query('BEGIN');
    await hold.query('LOCK TABLE stores IN EXCLUSIVE MODE');
    let storeId: string;
    try {
      const profile = storeProfileSchema.parse({ name: 'Bottega in arrivo', address: 'Via di Prova 2, Roma', latitude: 41.9, longitude: 12.49 });
      ({ storeId } = await openStore(t.system, owner.id, profile, systemContext()));
      expect((await t.db.pool.query('SELECT id FROM stores WHERE id = $1', [storeId])).rows).toEqual([]);
      await activatePackage(t.system, { userId: owner.id, packageId: plan.id, transactionId: randomUUID(), amountCents: 1990, paymentMethod: 'sandbox' }, systemContext());
    } finally {
      await hold.query('ROLLBACK');
      hold.release();
    }
    expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(10_000))).toBe(true);
    const { rows } = await t.db.pool.query('SELECT current_package_id FROM stores WHERE id = $1', [storeId]);
    expect(rows).toEqual([{ current_package_id: plan.id }]);
    expect((await owner.browser.get('/api/packages/mine')).json().current).toMatchObject({ packageId: plan.id, name: plan.name, type: 'shipping' });
  });

  it('shows a plan in force from its purchase, before the owner has a store', async () => {
    const plan = await created({ durationDays: 30 });
    const owner = await loggedIn(t, 'shopkeeper');
    const { position, expiresAt } = await activatePackage(
      t.system,
      { userId: owner.id, packageId: plan.id, transactionId: randomUUID(), amountCents: 1990, paymentMethod: 'sandbox' },
      systemContext(),
    );
    expect(await t.system.projections.waitFor(position!, hangAfter(5000))).toBe(true);
    expect((await owner.browser.get('/api/packages/mine')).json().current).toEqual({ packageId: plan.id, name: plan.name, type: 'shipping', expiresAt });
  });

  it('refuses an unknown package', async () => {
    const shopkeeper = await loggedIn(t, 'shopkeeper');
    await expect(
      activatePackage(t.system, { userId: shopkeeper.id, packageId: randomUUID(), transactionId: 'x', amountCents: 1, paymentMethod: 'sandbox' }, systemContext()),
    ).rejects.toMatchObject({ kind: 'not-found' });
  });
});
