import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anOrder } from '../../../tests/support/order-events.js';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { orderDecider, orderStreamId, type OrderCommand, type OrderPlacedData } from '../orders/order.js';
import { analyticsStoresProjection } from './stores-projection.js';

const spec = useProjection(analyticsStoresProjection);
const log = new EventLog();
const order = (o: OrderPlacedData, command: OrderCommand, at: string) => log.decide(orderStreamId(o.orderId), orderDecider, command, { at });

describe('analytics-stores projection', () => {
  it("counts each shop's orders per Rome day and hour, and the units and revenue of products not cancelled, in any batches", async () => {
    const [shop, other, focaccia, pizza] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const lines = (name = 'Focaccia') => [
      { productId: focaccia, name, priceCents: 450, quantity: 2 },
      { productId: pizza, name: 'Pizza bianca', priceCents: 300, quantity: 1 },
    ];
    const [a, b, c, d] = [
      anOrder('pickup', { storeId: shop, items: lines() }),
      anOrder('pickup', { storeId: shop, items: lines('Focaccia ligure') }),
      anOrder('pickup', { storeId: shop, items: lines() }),
      anOrder('pickup', { storeId: other, items: lines() }),
    ];
    const events = [
      // 11:10 and 11:40 in Rome (summer time).
      ...order(a, { type: 'PlaceOrder', order: a }, '2026-06-10T09:10:00.000Z'),
      ...order(b, { type: 'PlaceOrder', order: b }, '2026-06-10T09:40:00.000Z'),
      // 00:30 on 11 June in Rome.
      ...order(c, { type: 'PlaceOrder', order: c }, '2026-06-10T22:30:00.000Z'),
      ...order(d, { type: 'PlaceOrder', order: d }, '2026-06-10T09:20:00.000Z'),
      ...order(a, { type: 'CancelOrder', by: 'customer', reason: '' }, '2026-06-11T08:00:00.000Z'),
    ];
    const figures = async () => ({
      hours: await spec.rows('SELECT day::text, hour, orders, revenue_cents FROM analytics_store_hourly WHERE store_id = $1 ORDER BY day, hour', [shop]),
      products: await spec.rows('SELECT day::text, product_id, product_name, units, revenue_cents FROM analytics_store_products WHERE store_id = $1 ORDER BY day, units DESC', [
        shop,
      ]),
      others: await spec.rows('SELECT day::text, hour, orders, revenue_cents FROM analytics_store_hourly WHERE store_id = $1', [other]),
    });
    const expected = {
      hours: [
        { day: '2026-06-10', hour: 11, orders: 2, revenue_cents: 1200 },
        { day: '2026-06-11', hour: 0, orders: 1, revenue_cents: 1200 },
      ],
      products: [
        { day: '2026-06-10', product_id: focaccia, product_name: 'Focaccia ligure', units: 2, revenue_cents: 900 },
        { day: '2026-06-10', product_id: pizza, product_name: 'Pizza bianca', units: 1, revenue_cents: 300 },
        { day: '2026-06-11', product_id: focaccia, product_name: 'Focaccia', units: 2, revenue_cents: 900 },
        { day: '2026-06-11', product_id: pizza, product_name: 'Pizza bianca', units: 1, revenue_cents: 300 },
      ],
      others: [{ day: '2026-06-10', hour: 11, orders: 1, revenue_cents: 1200 }],
    };
    await spec.apply(events);
    expect(await figures()).toEqual(expected);
    expect(await spec.rows('SELECT cancelled FROM analytics_store_orders WHERE order_id = $1', [a.orderId])).toEqual([{ cancelled: true }]);
    await spec.reset();
    await spec.apply(events, { batchSize: 1 });
    expect(await figures()).toEqual(expected);
  });
});
