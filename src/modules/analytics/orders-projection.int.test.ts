import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anOrder } from '../../../tests/support/order-events.js';
import { useProjection } from '../../../tests/support/projection.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { orderDecider, orderStreamId, type OrderCommand, type OrderPlacedData } from '../orders/order.js';
import { analyticsOrdersProjection } from './orders-projection.js';

const spec = useProjection(analyticsOrdersProjection);
const log = new EventLog();
const order = (o: OrderPlacedData, command: OrderCommand, at: string) => log.decide(orderStreamId(o.orderId), orderDecider, command, { at });

/**
 * Three orders of one shop: two on 10 June in Rome (the second at 23:30, Rome time, naming the
 * focaccia anew), one just after midnight in Rome, on 11 June, with the pizza on two lines; the
 * first cancelled on the 11th.
 */
function salesOfTwoDays(): { events: RecordedEvent[]; storeId: string; focaccia: string; pizza: string } {
  const [storeId, focaccia, pizza] = [randomUUID(), randomUUID(), randomUUID()];
  const lines = (name = 'Focaccia') => [
    { productId: focaccia, name, priceCents: 450, quantity: 2 },
    { productId: pizza, name: 'Pizza bianca', priceCents: 300, quantity: 1 },
  ];
  const shop = { storeId, storeName: 'Forno Rossi' };
  const first = anOrder('pickup', { ...shop, items: lines() });
  const late = anOrder('pickup', { ...shop, storeName: 'Forno Rossi & figli', items: lines('Focaccia genovese') });
  const next = anOrder('pickup', { ...shop, items: [...lines(), { productId: pizza, name: 'Pizza bianca', priceCents: 300, quantity: 1 }] });
  const events = [
    ...order(first, { type: 'PlaceOrder', order: first }, '2026-06-10T09:00:00.000Z'),
    ...order(late, { type: 'PlaceOrder', order: late }, '2026-06-10T21:30:00.000Z'),
    ...order(next, { type: 'PlaceOrder', order: next }, '2026-06-10T22:30:00.000Z'),
    ...order(first, { type: 'CancelOrder', by: 'customer', reason: '' }, '2026-06-11T10:00:00.000Z'),
  ];
  return { events, storeId, focaccia, pizza };
}

const figures = async () => ({
  days: await spec.rows('SELECT day::text, orders, revenue_cents FROM analytics_orders_daily ORDER BY day'),
  stores: await spec.rows('SELECT day::text, store_id, store_name, orders, revenue_cents FROM analytics_store_daily ORDER BY day, store_name'),
  products: await spec.rows('SELECT day::text, product_id, product_name, units, revenue_cents FROM analytics_product_daily ORDER BY day, units DESC, product_name'),
});

describe('analytics-orders projection', () => {
  it('counts the orders of each Rome day and the revenue of those not cancelled, per day, store and product, in any batches', async () => {
    const { events, storeId, focaccia, pizza } = salesOfTwoDays();
    const expected = {
      // The cancelled order stays counted on the day it was placed; its revenue leaves that day.
      days: [
        { day: '2026-06-10', orders: 2, revenue_cents: 1200 },
        { day: '2026-06-11', orders: 1, revenue_cents: 1500 },
      ],
      stores: [
        { day: '2026-06-10', store_id: storeId, store_name: 'Forno Rossi & figli', orders: 2, revenue_cents: 1200 },
        { day: '2026-06-11', store_id: storeId, store_name: 'Forno Rossi', orders: 1, revenue_cents: 1500 },
      ],
      products: [
        { day: '2026-06-10', product_id: focaccia, product_name: 'Focaccia genovese', units: 2, revenue_cents: 900 },
        { day: '2026-06-10', product_id: pizza, product_name: 'Pizza bianca', units: 1, revenue_cents: 300 },
        { day: '2026-06-11', product_id: focaccia, product_name: 'Focaccia', units: 2, revenue_cents: 900 },
        { day: '2026-06-11', product_id: pizza, product_name: 'Pizza bianca', units: 2, revenue_cents: 600 },
      ],
    };
    await spec.apply(events);
    expect(await figures()).toEqual(expected);
    expect(await spec.rows('SELECT day::text, total_cents, cancelled FROM analytics_orders ORDER BY day, cancelled DESC')).toEqual([
      { day: '2026-06-10', total_cents: 1200, cancelled: true },
      { day: '2026-06-10', total_cents: 1200, cancelled: false },
      { day: '2026-06-11', total_cents: 1500, cancelled: false },
    ]);
    await spec.reset();
    await spec.apply(events, { batchSize: 1 });
    expect(await figures()).toEqual(expected);
  });

  it('counts an order once when its placement comes again', async () => {
    await spec.reset();
    const { events } = salesOfTwoDays();
    await spec.apply(events.slice(0, 3));
    await spec.apply(events.slice(0, 3));
    expect((await figures()).days).toEqual([
      { day: '2026-06-10', orders: 2, revenue_cents: 2400 },
      { day: '2026-06-11', orders: 1, revenue_cents: 1500 },
    ]);
  });
});
