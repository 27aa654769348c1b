import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anOrder } from '../../../tests/support/order-events.js';
import { useProjection } from '../../../tests/support/projection.js';
import { productFields } from '../../../tests/support/products.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { productDecider, productStreamId, type ProductCommand, type ProductFields } from '../catalog/products.js';
import { orderHoldsProjection } from './holds-projection.js';
import { orderDecider, orderStreamId, type OrderCommand, type OrderPlacedData } from './order.js';

const spec = useProjection(orderHoldsProjection);
const log = new EventLog();
const fields: ProductFields = productFields({ name: 'Focaccia', priceCents: 450, stockQuantity: 20 });
const product = (id: string, command: ProductCommand) => log.decide(productStreamId(id), productDecider, command);
const order = (o: OrderPlacedData, command: OrderCommand) => log.decide(orderStreamId(o.orderId), orderDecider, command);

function aProduct(): string {
  const id = randomUUID();
  product(id, { type: 'CreateProduct', productId: id, storeId: randomUUID(), globalProductId: null, fields });
  return id;
}
const holds = () => spec.rows('SELECT order_id, product_id, quantity, held_at FROM order_stock_holds ORDER BY held_at, product_id');

describe('order-holds projection', () => {
  it("keeps each order's units held per product, not a reservation's, until given back", async () => {
    await spec.reset();
    const [p1, p2] = [aProduct(), aProduct()];
    const o = anOrder('pickup');
    const held = [
      ...product(p1, { type: 'HoldStock', holdId: `order:${o.orderId}`, quantity: 2 }),
      ...product(p2, { type: 'HoldStock', holdId: `order:${o.orderId}`, quantity: 1 }),
      ...product(p1, { type: 'HoldStock', holdId: `reservation:${randomUUID()}`, quantity: 3 }),
    ];
    await spec.apply(held);
    expect(await holds()).toEqual([
      { order_id: o.orderId, product_id: p1, quantity: 2, held_at: new Date(held[0]!.metadata.at) },
      { order_id: o.orderId, product_id: p2, quantity: 1, held_at: new Date(held[1]!.metadata.at) },
    ]);
    await spec.apply(product(p1, { type: 'ReleaseStock', holdId: `order:${o.orderId}` }));
    expect(await holds()).toEqual([expect.objectContaining({ product_id: p2 })]);
    // Given back, then held again (a checkout retried): the new hold counts.
    const again = product(p1, { type: 'HoldStock', holdId: `order:${o.orderId}`, quantity: 4 });
    await spec.apply(again);
    expect(await holds()).toEqual([
      expect.objectContaining({ product_id: p2, quantity: 1 }),
      { order_id: o.orderId, product_id: p1, quantity: 4, held_at: new Date(again[0]!.metadata.at) },
    ]);
  });

  it('lets a completed order go: its units are sold; a cancelled one stays until its stock is given back', async () => {
    await spec.reset();
    const p = aProduct();
    const [done, cancelled] = [anOrder('pickup'), anOrder('pickup')];
    await spec.apply([
      ...product(p, { type: 'HoldStock', holdId: `order:${done.orderId}`, quantity: 2 }),
      ...product(p, { type: 'HoldStock', holdId: `order:${cancelled.orderId}`, quantity: 1 }),
      ...order(done, { type: 'PlaceOrder', order: done }),
      ...order(done, { type: 'AcceptOrder', by: 'shopkeeper' }),
      ...order(done, { type: 'MarkOrderReady', by: 'shopkeeper' }),
      ...order(done, { type: 'CompleteOrder', by: 'shopkeeper', pickupCode: '042917' }),
      ...order(cancelled, { type: 'PlaceOrder', order: cancelled }),
      ...order(cancelled, { type: 'CancelOrder', by: 'customer', reason: '' }),
    ]);
    expect(await holds()).toEqual([expect.objectContaining({ order_id: cancelled.orderId, product_id: p, quantity: 1 })]);
    await spec.apply(product(p, { type: 'ReleaseStock', holdId: `order:${cancelled.orderId}` }));
    expect(await holds()).toEqual([]);
  });

  it('takes the last of two holds of one order on one product within a batch', async () => {
    await spec.reset();
    const p = aProduct();
    const o = anOrder('pickup');
    const events = [
      ...product(p, { type: 'HoldStock', holdId: `order:${o.orderId}`, quantity: 2 }),
      ...product(p, { type: 'ReleaseStock', holdId: `order:${o.orderId}` }),
      ...product(p, { type: 'HoldStock', holdId: `order:${o.orderId}`, quantity: 5 }),
    ];
    for (const batchSize of [1000, 1]) {
      await spec.reset();
      await spec.apply(events, { batchSize });
      expect(await holds()).toEqual([{ order_id: o.orderId, product_id: p, quantity: 5, held_at: new Date(events[2]!.metadata.at) }]);
    }
  });
});
