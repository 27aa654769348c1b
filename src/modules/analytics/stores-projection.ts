import type { OrderEvent } from '../orders/order.js';
import { romeDay } from './orders-projection.js';
import { byEventType, inRuns, type Projection, type Recorded } from '../../platform/projections/projection.js';

/** The order's hour on Rome's clock (0–23), as SQL of a timestamptz parameter. */
const romeHour = (param: string): string => `extract(hour FROM ${param}::timestamptz AT TIME ZONE 'Europe/Rome')::smallint`;

/**
 * A shop's own sales (`GET /api/shopkeeper/analytics`): per day and hour of Rome's clock the
 * orders placed and the revenue of those not cancelled, and per product the units and revenue of
 * lines of orders not cancelled. A cancellation takes its order's figures off the hour and day it
 * was placed, as the platform's analytics do (analytics-orders.ts).
 */
export const analyticsStoresProjection: Projection = {
  name: 'analytics-stores',
  title: 'Analisi dei negozi',
  // 2: amounts in cents (total_cents, revenue_cents).
  version: 2,
  tables: ['analytics_store_orders', 'analytics_store_hourly', 'analytics_store_products'],
  apply: byEventType<OrderEvent>({
    OrderPlaced: inRuns(async (events: Recorded<OrderEvent, 'OrderPlaced'>[], tx) => {
      const orders = events.map(({ data: o, metadata }) => ({ order_id: o.orderId, store_id: o.storeId, at: metadata.at, total_cents: o.totalCents }));
      const lines = events.flatMap(({ data: o }, n) =>
        o.items.map((i) => ({ order_id: o.orderId, product_id: i.productId, name: i.name, price_cents: i.priceCents, quantity: i.quantity, n })),
      );
      await tx.query(
        `WITH o AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS o (order_id uuid, store_id uuid, at timestamptz, total_cents bigint)
         ), added AS (
           INSERT INTO analytics_store_orders (order_id, store_id, day, hour, total_cents)
           SELECT order_id, store_id, ${romeDay('at')}, ${romeHour('at')}, total_cents FROM o
           ON CONFLICT (order_id) DO NOTHING RETURNING order_id, store_id, day, hour, total_cents
         ), hourly AS (
           INSERT INTO analytics_store_hourly (store_id, day, hour, orders, revenue_cents)
           SELECT store_id, day, hour, count(*), sum(total_cents) FROM added GROUP BY store_id, day, hour
           ON CONFLICT (store_id, day, hour) DO UPDATE SET orders = analytics_store_hourly.orders + EXCLUDED.orders,
             revenue_cents = analytics_store_hourly.revenue_cents + EXCLUDED.revenue_cents
         )
         INSERT INTO analytics_store_products (store_id, day, product_id, product_name, units, revenue_cents)
         SELECT a.store_id, a.day, l.product_id, (array_agg(l.name ORDER BY l.n DESC, l.name))[1], sum(l.quantity), sum(l.price_cents * l.quantity)
         FROM added a
         JOIN jsonb_to_recordset($2::jsonb) AS l (order_id uuid, product_id uuid, name text, price_cents bigint, quantity int, n int) USING (order_id)
         GROUP BY a.store_id, a.day, l.product_id
         ON CONFLICT (store_id, day, product_id) DO UPDATE SET units = analytics_store_products.units + EXCLUDED.units,
           revenue_cents = analytics_store_products.revenue_cents + EXCLUDED.revenue_cents, product_name = EXCLUDED.product_name`,
        [JSON.stringify(orders), JSON.stringify(lines)],
      );
    }),
    OrderCancelled: async (event, tx) => {
      const { orderId, items } = event.data;
      const { rows } = await tx.query<{ store_id: string; day: string; hour: number; total_cents: string }>(
        'UPDATE analytics_store_orders SET cancelled = true WHERE order_id = $1 AND NOT cancelled RETURNING store_id, day::text, hour, total_cents',
        [orderId],
      );
      const order = rows[0];
      if (!order) return;
      await tx.query('UPDATE analytics_store_hourly SET revenue_cents = revenue_cents - $4 WHERE store_id = $1 AND day = $2 AND hour = $3', [
        order.store_id,
        order.day,
        order.hour,
        order.total_cents,
      ]);
      await tx.query(
        `UPDATE analytics_store_products p SET units = p.units - l.units, revenue_cents = p.revenue_cents - l.revenue_cents
         FROM (SELECT product_id, sum(quantity) AS units, sum(price_cents * quantity) AS revenue_cents
               FROM unnest($3::uuid[], $4::bigint[], $5::int[]) AS l (product_id, price_cents, quantity) GROUP BY product_id) l
         WHERE p.store_id = $1 AND p.day = $2 AND p.product_id = l.product_id`,
        [order.store_id, order.day, items.map((i) => i.productId), items.map((i) => i.priceCents), items.map((i) => i.quantity)],
      );
    },
  }),
};
