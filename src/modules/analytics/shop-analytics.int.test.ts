import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn, openShop, orderForPickup, useLoggedIn } from '../../../tests/support/marketplace.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

const romeHour = () => Number(new Intl.DateTimeFormat('it-IT', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/Rome' }).format(new Date()));

describe('GET /api/shopkeeper/analytics', () => {
  it('gives a shop its sales per day, hour and product, best sellers and views against orders, and nobody else’s', async () => {
    const a = await openShop(t, admin.browser, {
      name: 'Forno Aurora',
      products: [
        { name: 'Pane casereccio', price: 3 },
        { name: 'Focaccia', price: 5 },
      ],
    });
    const b = await openShop(t, admin.browser, { name: 'Salumeria Bruno', products: [{ name: 'Prosciutto', price: 9 }] });
    const customer = (await loggedIn(t, 'customer')).browser;
    for (let i = 0; i < 4; i++) await new Browser(t.app).get(`/api/stores/${a.store.slug}`);
    await new Browser(t.app).get(`/api/stores/${b.store.slug}`);
    // The owner looking at the own page is no visitor.
    await a.owner.browser.get(`/api/stores/${a.store.slug}`);

    await orderForPickup(customer, a.store.id, [[a.productIds[0]!, 3]]);
    const cancelled = (await orderForPickup(customer, a.store.id, [[a.productIds[1]!, 1]])).id;
    await orderForPickup(customer, b.store.id, [[b.productIds[0]!, 2]]);
    expect((await customer.post(`/api/orders/${cancelled}/cancel`, { reason: 'Ho cambiato idea' })).statusCode).toBe(200);

    const res = await a.owner.browser.get('/api/shopkeeper/analytics?days=7');
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json();
    expect(figures.stores).toEqual([{ id: a.store.id, name: 'Forno Aurora' }]);
    expect(figures.totals).toEqual({ orders: 2, revenue: 9, views: 4, conversion: 0.5 });
    expect(figures.perDay).toHaveLength(7);
    expect(figures.perDay.at(-1)).toMatchObject({ orders: 2, revenue: 9, views: 4 });
    expect(figures.perHour).toHaveLength(24);
    expect(figures.perHour.reduce((n: number, h: { orders: number }) => n + h.orders, 0)).toBe(2);
    expect(figures.perHour[romeHour()].orders).toBeGreaterThanOrEqual(1);
    // The cancelled focaccia sold nothing; the other shop's ham is not here.
    expect(figures.bestSellers).toEqual([{ productId: a.productIds[0], name: 'Pane casereccio', units: 3, revenue: 9 }]);

    const other = (await b.owner.browser.get('/api/shopkeeper/analytics')).json();
    expect(other.totals).toEqual({ orders: 1, revenue: 18, views: 1, conversion: 1 });
    expect(JSON.stringify(other)).not.toContain('Pane casereccio');
    expect((await b.owner.browser.get(`/api/shopkeeper/analytics?storeId=${a.store.id}`)).statusCode).toBe(404);
    expect((await a.owner.browser.get(`/api/shopkeeper/analytics?storeId=${a.store.id}`)).json().totals.orders).toBe(2);
  });

  it('is for shopkeepers, with Italian errors for bad input', async () => {
    const customer = (await loggedIn(t, 'customer')).browser;
    expect((await customer.get('/api/shopkeeper/analytics')).statusCode).toBe(403);
    expect((await new Browser(t.app).get('/api/shopkeeper/analytics')).statusCode).toBe(401);
    const shopkeeper = (await loggedIn(t, 'shopkeeper')).browser;
    const bad = await shopkeeper.get('/api/shopkeeper/analytics?days=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.days).toContain('Giorni');
    expect((await shopkeeper.get('/api/shopkeeper/analytics')).json()).toMatchObject({ stores: [], totals: { orders: 0, views: 0, conversion: null } });
  });
});
