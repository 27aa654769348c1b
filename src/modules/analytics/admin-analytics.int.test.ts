import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { loggedIn, openShop, orderForPickup, useLoggedIn, type Person, type Shop } from '../../../tests/support/marketplace.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

/* GET /api/admin/analytics from its own projections, and the same figures after they are replayed. */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

/** A customer orders `lines` (product id, quantity) of one shop, for pickup. */
async function order(shop: Shop, lines: [string, number][]): Promise<{ customer: Person; id: string; total: number }> {
  const customer = await loggedIn(t, 'customer');
  const { id, total } = await orderForPickup(customer.browser, shop.store.id, lines);
  return { customer, id, total };
}

const analytics = async (days = 30) => {
  const res = await admin.browser.get(`/api/admin/analytics?days=${days}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('analytics', () => {
  it('counts orders, revenue without cancelled orders, top stores and products, and sign-ups per role, also after a replay', async () => {
    const forno = await openShop(t, admin.browser, {
      name: 'Forno Santi',
      products: [
        { name: 'Focaccia', price: 4.5, stockQuantity: 20 },
        { name: 'Grissini', price: 2, stockQuantity: 20 },
      ],
    });
    const frutta = await openShop(t, admin.browser, { name: 'Frutta Bella', products: [{ name: 'Mele', price: 3, stockQuantity: 20 }] });
    const [focaccia, grissini] = forno.productIds as [string, string];
    const mele = frutta.productIds[0]!;
    await order(forno, [
      [focaccia, 2],
      [grissini, 1],
    ]); // € 11
    await order(forno, [[focaccia, 1]]); // € 4,50
    const cancelled = await order(frutta, [[mele, 5]]); // € 15, cancelled below
    await order(frutta, [[mele, 1]]); // € 3
    const cancel = await cancelled.customer.browser.post(`/api/orders/${cancelled.id}/cancel`, {});
    expect(cancel.json().status).toBe('cancelled');

    const figures = await analytics(30);
    expect(figures.ordersPerDay).toHaveLength(30);
    // Orders placed that day, cancelled ones too; revenue: the totals of the orders not cancelled.
    expect(figures.ordersPerDay.at(-1)).toEqual({ day: romeToday(), orders: 4, revenue: 18.5 });
    expect(figures.ordersPerDay.slice(0, -1).every((d: { orders: number; revenue: number }) => d.orders === 0 && d.revenue === 0)).toBe(true);
    expect(figures.topStores).toEqual([
      { storeId: forno.store.id, name: 'Forno Santi', orders: 2, revenue: 15.5 },
      { storeId: frutta.store.id, name: 'Frutta Bella', orders: 2, revenue: 3 },
    ]);
    expect(figures.topProducts).toEqual([
      { productId: focaccia, name: 'Focaccia', units: 3, revenue: 13.5 },
      { productId: mele, name: 'Mele', units: 1, revenue: 3 },
      { productId: grissini, name: 'Grissini', units: 1, revenue: 2 },
    ]);
    // Registered here: the admin, two shopkeepers and four customers.
    expect(figures.newUsersPerRole).toEqual([
      { day: romeToday(), role: 'admin', count: 1 },
      { day: romeToday(), role: 'customer', count: 4 },
      { day: romeToday(), role: 'shopkeeper', count: 2 },
    ]);
    expect((await analytics(1)).ordersPerDay).toEqual([{ day: romeToday(), orders: 4, revenue: 18.5 }]);

    const head = await t.system.store.headPosition();
    for (const name of ['analytics-orders', 'analytics-users']) {
      expect((await admin.browser.post(`/api/admin/projections/${name}/rebuild`)).statusCode).toBe(202);
    }
    expect(await t.system.projections.waitFor(head, hangAfter(10_000))).toBe(true);
    expect(await analytics(30)).toEqual(figures);
  });

  it('answers 400 in Italian to a window outside 1 to 365 days', async () => {
    for (const days of ['0', '366', 'tanti', '1.5']) {
      const res = await admin.browser.get(`/api/admin/analytics?days=${days}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ days: 'Giorni: un numero intero da 1 a 365.' });
    }
  });
});
