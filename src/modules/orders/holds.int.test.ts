import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { checkout, openShop, pickupSoon, stockOf, useLoggedIn, withCart } from '../../../tests/support/marketplace.js';
import { productDecider, productStreamId } from '../catalog/products.js';
import { orderDecider, orderStreamId } from './order.js';
import { systemContext } from '../../platform/domain/context.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { derivedId } from '../../platform/commands/ids.js';
import { releaseStrandedOrderHolds } from './holds-process.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { committedHead } from '../../../tests/support/caught-up.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

describe('stock left held by a crash', () => {
  // Waits for the read models as long as a busy machine needs, and fails if they never get there.
  const settle = async () => expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(5000))).toBe(true);
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  it('gives back the units of a cancelled order whose release was never written, and never those of an order in force', async () => {
    const shop = await openShop(t, admin.browser, { products: [{ name: 'Caciocavallo', stockQuantity: 10 }] });
    const productId = shop.productIds[0]!;
    const choice = [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }];
    const kept = (await checkout(await withCart(t, [[productId, 2]]), choice)).json().orders[0];
    const dropped = (await checkout(await withCart(t, [[productId, 3]]), choice)).json().orders[0];
    expect(await stockOf(t, productId)).toBe(5);
    // The cancellation alone, as if the process had stopped before releasing the holds.
    await handleCommand(t.system.store, orderStreamId(dropped.id), orderDecider, { type: 'CancelOrder', by: 'customer', reason: '' }, systemContext());
    await settle();
    expect(await stockOf(t, productId)).toBe(5);

    expect(await releaseStrandedOrderHolds(t.system, minutesFromNow(2))).toEqual({ released: 1, failed: 0 });
    await settle();
    expect(await stockOf(t, productId)).toBe(8);
    // A later run, however late, leaves the pending order its units.
    expect(await releaseStrandedOrderHolds(t.system, minutesFromNow(60 * 24))).toEqual({ released: 0, failed: 0 });
    await settle();
    expect(await stockOf(t, productId)).toBe(8);
    expect((await shop.owner.browser.get(`/api/orders/${kept.id}`)).json().status).toBe('pending');
  });

  it('gives back what a checkout held before stopping short of its order, and the same key then places it', async () => {
    const shop = await openShop(t, admin.browser, { products: [{ name: 'Burrata', stockQuantity: 6 }] });
    const productId = shop.productIds[0]!;
    const customer = await withCart(t, [[productId, 4]]);
    const key = randomUUID();
    // The hold alone, under the order id the checkout derives, as if it had stopped right after.
    const orderId = derivedId('order', customer.id, key, shop.store.id);
    await handleCommand(t.system.store, productStreamId(productId), productDecider, { type: 'HoldStock', holdId: `order:${orderId}`, quantity: 4 }, systemContext());
    await settle();
    expect(await stockOf(t, productId)).toBe(2);

    // A checkout may still be running a minute later: its hold stays.
    expect(await releaseStrandedOrderHolds(t.system, minutesFromNow(1))).toEqual({ released: 0, failed: 0 });
    expect(await releaseStrandedOrderHolds(t.system, minutesFromNow(15))).toEqual({ released: 1, failed: 0 });
    await settle();
    expect(await stockOf(t, productId)).toBe(6);

    const placed = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], key);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().orders[0].id).toBe(orderId);
    expect(await stockOf(t, productId)).toBe(2);
    expect(await releaseStrandedOrderHolds(t.system, minutesFromNow(60))).toEqual({ released: 0, failed: 0 });
  });
});
