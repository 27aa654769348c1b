import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { activatedPlan, checkout, createdPlan, openShop, places, useLoggedIn, withCart, type Person } from '../../../tests/support/marketplace.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

const near = { deliveryType: 'shipping', deliveryAddress: 'Via Nomentana 10, Roma', deliveryLatitude: places.rome.latitude + 2 / 111.2, deliveryLongitude: places.rome.longitude };

describe('a plan’s free-shipping orders (maxFreeShippingOrders)', () => {
  it('ship free as many orders of the plan’s period as it says; beyond them the shop’s cost applies and the cart says why; a renewal is a new period', async () => {
    const plan = await createdPlan(admin.browser, {
      name: `Spedizioni ${randomUUID().slice(0, 6)}`,
      price: 9.9,
      type: 'shipping',
      enablesShipping: true,
      shippingRadius: 30,
      maxFreeShippingOrders: 1,
    });
    const shop = await openShop(t, admin.browser, { products: [{ name: 'Olio', price: 10, stockQuantity: 50 }] });
    const buy = () => activatedPlan(t, { userId: shop.owner.id, packageId: plan.id, amountCents: 990 });
    await buy();
    const on = await shop.owner.browser.request('PATCH', '/api/stores/me', {
      pickupOnly: false,
      shippingEnabled: true,
      shippingRadius: 10,
      shippingCost: 4.5,
      freeShippingThreshold: 20,
    });
    expect(on.statusCode, on.body).toBe(200);

    const order = async (expectedLeft: number) => {
      const customer: Person = await withCart(t, [[shop.productIds[0]!, 2]]);
      const cart = (await customer.browser.get('/api/cart')).json<{ stores: { shipping: { freeFrom: number; freeOrdersLeft: number | null } }[] }>();
      expect(cart.stores[0]!.shipping).toMatchObject({ freeFrom: 20, freeOrdersLeft: expectedLeft });
      const placed = await checkout(customer, [{ storeId: shop.store.id, ...near }]);
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json().orders[0] as { id: string; subtotal: number; shippingCost: number; total: number };
    };

    const first = await order(1);
    expect(first).toMatchObject({ subtotal: 20, shippingCost: 0, total: 20 });
    const second = await order(0);
    expect(second).toMatchObject({ subtotal: 20, shippingCost: 4.5, total: 24.5 });

    // An order cancelled gives its free shipping back.
    const cancelled = await shop.owner.browser.post(`/api/orders/${first.id}/cancel`, { reason: 'Prodotto finito' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await order(1)).toMatchObject({ shippingCost: 0 });
    expect(await order(0)).toMatchObject({ shippingCost: 4.5 });

    // Bought again: a new period, with its own free orders.
    await buy();
    expect(await order(1)).toMatchObject({ shippingCost: 0 });
  });
});
