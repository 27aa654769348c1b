import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp, type Browser } from '../../../tests/support/app.js';
import { givePlan, loggedIn, openShop, places, useLoggedIn } from '../../../tests/support/marketplace.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

/** `km` north of Rome's centre, on distance_km()'s sphere (a degree is 111.32 km). */
const north = (km: number) => ({ latitude: places.rome.latitude + km / 111.32, longitude: places.rome.longitude });
const barcodeOf = () => `PC-${randomUUID().slice(0, 12)}`;
const compare = (who: Browser, productId: string, query = '') => who.get(`/api/price-comparison/products/${productId}${query}`);

/** A shop `km` north of Rome with one product of `barcode` at `price` (and what else it is told). */
async function seller(km: number, price: number, barcode: string | null, product: Record<string, unknown> = {}) {
  return openShop(t, admin.browser, { where: north(km), products: [{ name: 'Caffè macinato 250 g', price, barcode, ...product }] });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('GET /api/price-comparison/products/:id', () => {
  it('ranks a shop among the other active shops selling the same barcode within the radius, each shop once at its lowest price', async () => {
    const barcode = barcodeOf();
    const here = await seller(0, 3.2, barcode);
    await givePlan(t, here.owner.id, 'Premium');
    const a = await seller(1, 2.9, barcode);
    const b = await seller(2.5, 3.2, barcode);
    // Two offers of one shop: it counts once, at 2.50.
    const c = await openShop(t, admin.browser, {
      where: north(4),
      products: [
        { price: 4, barcode },
        { price: 2.5, barcode },
      ],
    });
    const d = await seller(6, 4.1, barcode);
    const far = await seller(15, 1, barcode);
    // None of these counts: a product off sale, a suspended shop, another barcode, no barcode.
    await seller(1.5, 1.5, barcode, { status: 'inactive' });
    const suspended = await seller(2, 1.2, barcode);
    expect((await admin.browser.post(`/api/admin/stores/${suspended.store.id}/suspend`, { reason: 'Controllo' })).statusCode).toBe(200);
    await seller(1, 0.9, barcodeOf());
    await seller(1, 0.5, null);

    const res = await compare(here.owner.browser, here.productIds[0]!, '?radius=10');
    expect(res.statusCode, res.body).toBe(200);
    // 2,50 · 2,90 · 3,20 (here) · 3,20 · 4,10: third, sharing the price with one shop.
    expect(res.json()).toMatchObject({ productId: here.productIds[0], radiusKm: 10, shops: 5, lowest: 2.5, median: 3.2, highest: 4.1, price: 3.2, rank: 3, tiedWith: 1 });
    const cheapest = res.json().cheapest as { storeSlug: string; price: number; distanceKm: number; isThisShop: boolean; productId: string }[];
    // By price, then the nearest first: this shop before the other at 3,20.
    expect(cheapest.map((s) => [s.storeSlug, s.price, s.isThisShop])).toEqual([
      [c.store.slug, 2.5, false],
      [a.store.slug, 2.9, false],
      [here.store.slug, 3.2, true],
      [b.store.slug, 3.2, false],
      [d.store.slug, 4.1, false],
    ]);
    expect(cheapest[0]!.productId).toBe(c.productIds[1]);
    expect(cheapest[0]!.distanceKm).toBeCloseTo(4, 1);
    expect(cheapest[1]!.distanceKm).toBeCloseTo(1, 1);

    // The radius moves the circle: 20 km takes the far shop in (an even count: the median between the middle two).
    expect((await compare(here.owner.browser, here.productIds[0]!, '?radius=20')).json()).toMatchObject({ shops: 6, lowest: 1, median: 3.05, highest: 4.1, rank: 4 });
    expect((await compare(here.owner.browser, here.productIds[0]!, '?radius=3')).json()).toMatchObject({ shops: 3, lowest: 2.9, median: 3.2, highest: 3.2, rank: 2, tiedWith: 1 });
    // Unsaid, the radius is the search's (10 km until the admin changes it).
    expect((await compare(here.owner.browser, here.productIds[0]!)).json()).toMatchObject({ radiusKm: 10, shops: 5, rank: 3 });
    expect(far.productIds).toHaveLength(1);
  });

  it('a shop alone with its barcode is first of one, its price the lowest, median and highest', async () => {
    const here = await seller(0, 7.5, barcodeOf());
    await givePlan(t, here.owner.id, 'Premium');
    const res = await compare(here.owner.browser, here.productIds[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ shops: 1, lowest: 7.5, median: 7.5, highest: 7.5, price: 7.5, rank: 1, tiedWith: 0 });
    expect(res.json().cheapest).toEqual([
      { productId: here.productIds[0], storeName: expect.any(String), storeSlug: here.store.slug, price: 7.5, distanceKm: 0, isThisShop: true },
    ]);
  });

  it('a shopkeeper needs a plan with it, and sees only their own products; others may not ask', async () => {
    const barcode = barcodeOf();
    const here = await seller(0, 3, barcode);
    const other = await seller(1, 2, barcode);
    const noPlan = await compare(here.owner.browser, here.productIds[0]!);
    expect(noPlan.statusCode).toBe(403);
    expect(noPlan.json()).toEqual({ message: 'Il confronto prezzi è incluso nel piano «Premium»: lo trovi nella pagina Pacchetti.' });
    // A plan without it does not do.
    await givePlan(t, here.owner.id, 'Spedizioni');
    expect((await compare(here.owner.browser, here.productIds[0]!)).statusCode).toBe(403);
    await givePlan(t, here.owner.id, 'Premium');
    expect((await compare(here.owner.browser, here.productIds[0]!)).json()).toMatchObject({ shops: 2, rank: 2 });
    // Another shop's product, even with the plan: not there for this shopkeeper.
    const stranger = await compare(here.owner.browser, other.productIds[0]!);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: 'Prodotto non trovato.' });
    expect((await compare(admin.browser, other.productIds[0]!)).json()).toMatchObject({ shops: 2, rank: 1 });
    const collaborator = await loggedIn(t, 'collaborator');
    expect((await compare(collaborator.browser, here.productIds[0]!)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/price-comparison/products/${here.productIds[0]}` })).statusCode).toBe(401);
    expect((await compare(admin.browser, randomUUID())).statusCode).toBe(404);
  });

  it('a customer sees it while the admin has it on for them, until its expiry', async () => {
    const barcode = barcodeOf();
    const here = await seller(0, 3, barcode);
    await seller(2, 2.4, barcode);
    const customer = await loggedIn(t, 'customer');
    const off = await compare(customer.browser, here.productIds[0]!);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ message: 'Il confronto prezzi non è attivo sul tuo account.' });

    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T10:00:00Z'), shouldAdvanceTime: true });
    const user = (await admin.browser.get(`/api/admin/users/${customer.id}`)).json();
    expect(user).toMatchObject({ priceComparisonEnabled: false, priceComparisonExpiresAt: null });
    const set = await admin.browser.request('PUT', `/api/admin/users/${customer.id}`, {
      ...user,
      priceComparisonEnabled: true,
      priceComparisonExpiresAt: '2026-11-30T22:59:00.000Z',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ priceComparisonEnabled: true, priceComparisonExpiresAt: '2026-11-30T22:59:00.000Z' });
    const on = await compare(customer.browser, here.productIds[0]!);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ shops: 2, lowest: 2.4, rank: 2 });
    expect(on.json().cheapest[0]).toMatchObject({ price: 2.4, isThisShop: false });

    vi.setSystemTime(new Date('2026-12-01T08:00:00Z'));
    const expired = await compare(customer.browser, here.productIds[0]!);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ message: 'Il tuo confronto prezzi è scaduto il 30 novembre 2026.' });
    // The admin's history says what happened to the account.
    const events = (await t.system.store.readStream(`user-${customer.id}`)).map((e) => e.type);
    expect(events).toContain('UserPriceComparisonSet');
  });

  it('a customer never sees a product off sale', async () => {
    const barcode = barcodeOf();
    const hidden = await seller(0, 3, barcode, { status: 'inactive' });
    const customer = await loggedIn(t, 'customer');
    const user = (await admin.browser.get(`/api/admin/users/${customer.id}`)).json();
    expect((await admin.browser.request('PUT', `/api/admin/users/${customer.id}`, { ...user, priceComparisonEnabled: true, priceComparisonExpiresAt: null })).statusCode).toBe(200);
    expect((await compare(customer.browser, hidden.productIds[0]!)).statusCode).toBe(404);
    // Its own shopkeeper compares it before putting it on sale.
    await givePlan(t, hidden.owner.id, 'Premium');
    expect((await compare(hidden.owner.browser, hidden.productIds[0]!)).json()).toMatchObject({ shops: 1, rank: 1 });
  });

  it('answers a radius that is not a distance it can use with a 400 in Italian', async () => {
    const here = await seller(0, 3, barcodeOf());
    for (const [radius, message] of [
      ['0', 'Il raggio deve essere maggiore di zero.'],
      ['-3', 'Il raggio deve essere maggiore di zero.'],
      ['201', 'Il raggio massimo è 200 km.'],
      ['dieci', 'Raggio: un numero di km, da più di 0 a 200.'],
    ] as const) {
      const res = await compare(admin.browser, here.productIds[0]!, `?radius=${radius}`);
      expect(res.statusCode, radius).toBe(400);
      expect(JSON.stringify(res.json()), radius).toContain(message);
    }
    expect((await admin.browser.get('/api/price-comparison/products/non-un-id')).statusCode).toBe(400);
  });

  it('a product not linked to the shared catalogue has nothing to compare: a 422 saying why', async () => {
    const here = await seller(0, 3, null);
    await givePlan(t, here.owner.id, 'Premium');
    const res = await compare(here.owner.browser, here.productIds[0]!);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Questo prodotto non è collegato al catalogo condiviso (serve il codice a barre): non c’è un confronto con gli altri negozi.' });
  });
});
