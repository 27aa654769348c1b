import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { checkout, loggedIn, openShop, pickupSoon, useLoggedIn, withCart, type Person } from '../../../tests/support/marketplace.js';
import { z } from 'zod';
import { sql } from '../../platform/db/read.js';
import { romeMonthStart } from './queries.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

describe('who sees and moves an order', () => {
  it('keeps orders between their customer, their shop and the admins', async () => {
    const shop = await openShop(t, admin.browser);
    const otherShop = await openShop(t, admin.browser);
    const customer = await withCart(t, [[shop.productIds[0]!, 1]]);
    const stranger = await loggedIn(t, 'customer');
    const order = (await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }])).json().orders[0];

    expect((await stranger.browser.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    expect((await stranger.browser.post(`/api/orders/${order.id}/cancel`, {})).statusCode).toBe(404);
    expect((await stranger.browser.get('/api/orders/user')).json()).toEqual([]);
    expect((await otherShop.owner.browser.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    expect((await otherShop.owner.browser.post(`/api/orders/${order.id}/accept`)).statusCode).toBe(404);
    expect((await otherShop.owner.browser.get(`/api/orders/store/${shop.store.id}`)).statusCode).toBe(404);
    expect((await customer.browser.get(`/api/orders/store/${shop.store.id}`)).statusCode).toBe(403);
    expect((await customer.browser.post(`/api/orders/${order.id}/accept`)).statusCode).toBe(403);
    expect((await new Browser(t.app).get(`/api/orders/${order.id}`)).statusCode).toBe(401);
    expect((await stranger.browser.get('/api/orders/not-a-uuid')).statusCode).toBe(400);

    const seenByAdmin = (await admin.browser.get(`/api/orders/${order.id}`)).json();
    expect(seenByAdmin).toMatchObject({ id: order.id, pickupCode: null });
    expect((await admin.browser.get(`/api/orders/store/${shop.store.id}`)).json()).toHaveLength(1);
    expect((await shop.owner.browser.get(`/api/orders/${order.id}`)).json().status).toBe('pending');
  });

  it('pages both lists, saying in X-Total-Count how many there are in all, and sums them up per state (the lists stopped at 500 without a word)', async () => {
    const shop = await openShop(t, admin.browser, { products: [{ price: 2.5, stockQuantity: 20 }] });
    const customer = await loggedIn(t, 'customer');
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await customer.browser.post('/api/cart/items', { productId: shop.productIds[0], quantity: i + 1 })).statusCode).toBe(201);
      placed.unshift((await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }])).json().orders[0].id);
    }
    expect((await customer.browser.post(`/api/orders/${placed[2]}/cancel`, {})).statusCode).toBe(200);
    expect((await shop.owner.browser.post(`/api/orders/${placed[0]}/accept`)).statusCode).toBe(200);

    const page = async (who: Person, url: string) => {
      const res = await who.browser.get(url);
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json().map((o: { id: string }) => o.id), total: res.headers['x-total-count'] };
    };
    // Without paging asked for, the spec's array of the newest, as before.
    expect(await page(customer, '/api/orders/user')).toEqual({ ids: placed, total: '3' });
    expect(await page(customer, '/api/orders/user?pageSize=2')).toEqual({ ids: placed.slice(0, 2), total: '3' });
    expect(await page(customer, '/api/orders/user?pageSize=2&page=2')).toEqual({ ids: placed.slice(2), total: '3' });
    expect(await page(customer, '/api/orders/user?pageSize=2&page=3')).toEqual({ ids: [], total: '3' });
    expect(await page(customer, '/api/orders/user?status=pending,preparing&pageSize=1')).toEqual({ ids: placed.slice(0, 1), total: '2' });
    expect(await page(shop.owner, `/api/orders/store/${shop.store.id}?pageSize=2&page=2`)).toEqual({ ids: placed.slice(2), total: '3' });
    expect(await page(shop.owner, `/api/orders/store/${shop.store.id}?status=cancelled`)).toEqual({ ids: placed.slice(2), total: '1' });

    const byStatus = { pending: 1, preparing: 1, ready: 0, shipping: 0, completed: 0, cancelled: 1 };
    // 2.50 × 1 cancelled; 2.50 × 2 and × 3 still in force.
    expect((await customer.browser.get('/api/orders/user/summary')).json()).toEqual({ count: 3, byStatus, spent: 12.5 });
    expect((await shop.owner.browser.get(`/api/orders/store/${shop.store.id}/summary`)).json()).toEqual({ count: 3, byStatus, thisMonth: { orders: 3, revenue: 15 } });
    expect((await admin.browser.get(`/api/orders/store/${shop.store.id}/summary`)).json().count).toBe(3);
    expect((await customer.browser.get(`/api/orders/store/${shop.store.id}/summary`)).statusCode).toBe(403);
    expect((await (await loggedIn(t, 'shopkeeper')).browser.get(`/api/orders/store/${shop.store.id}/summary`)).statusCode).toBe(404);

    // The month is Rome's: 23:30 UTC on 28 February is already March there, 22:30 is not.
    const monthOf = async (at: string) => t.system.db.oneFirst(sql.type(z.object({ start: z.string() }))`SELECT ${romeMonthStart(at)} AS start`);
    expect(await monthOf('2025-02-28T23:30:00Z')).toBe('2025-02-28T23:00:00.000Z');
    expect(await monthOf('2025-02-28T22:30:00Z')).toBe('2025-01-31T23:00:00.000Z');
    expect(await monthOf('2025-03-31T22:30:00Z')).toBe('2025-03-31T22:00:00.000Z');

    const bad = await customer.browser.get('/api/orders/user?page=0&pageSize=501&status=perso');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      page: 'Pagina: un numero intero da 1 a 100000.',
      pageSize: 'Elementi per pagina: un numero intero da 1 a 500.',
      'status.0': 'Stato dell’ordine non valido.',
    });
  });
});
