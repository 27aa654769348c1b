import type pg from 'pg';
import type { OrderEvent, OrderLine } from '../orders/order.js';
import { byEventType, inRuns, type Projection, type Recorded } from '../../platform/projections/projection.js';

/** The order's day on the Rome calendar, as SQL of a timestamptz parameter. */
export const romeDay = (param: string): string => `(${param}::timestamptz AT TIME ZONE 'Europe/Rome')::date`;

/**
 * Units and revenue per product of one order's lines on `day`, `sign` 1 when placed and -1 when
 * cancelled (a product on two lines counts once). The name is the one of the latest sale.
 */
const productLines = (tx: pg.ClientBase, day: string, items: OrderLine[], sign: 1 | -1) =>
  tx.query(
    `INSERT INTO analytics_product_daily (day, product_id, product_name, units, revenue_cents)
     SELECT $1::date, product_id, min(name), $5 * sum(quantity), $5 * sum(price_cents * quantity)
     FROM unnest($2::uuid[], $3::text[], $4::bigint[], $6::int[]) AS l (product_id, name, price_cents, quantity)
     GROUP BY product_id
     ON CONFLICT (day, product_id) DO UPDATE SET units = analytics_product_daily.units + EXCLUDED.units,
       revenue_cents = analytics_product_daily.revenue_cents + EXCLUDED.revenue_cents,
       product_name = CASE WHEN $5 > 0 THEN EXCLUDED.product_name ELSE analytics_product_daily.product_name END`,
    [day, items.map((i) => i.productId), items.map((i) => i.name), items.map((i) => i.priceCents), sign, items.map((i) => i.quantity)],
  );

/**
 * Sales per day of the Rome calendar (`GET /api/admin/analytics`): orders placed that day, and
 * the revenue of those not cancelled (their totals); per store the same, per product the units
 * and revenue of lines of orders not cancelled. A cancellation takes its order's figures off the
 * day it was placed.
 */
export const analyticsOrdersProjection: Projection = {
  name: 'analytics-orders',
  title: 'Analisi degli ordini',
  // 2: amounts in cents (total_cents, revenue_cents).
  version: 2,
  tables: ['analytics_orders', 'analytics_orders_daily', 'analytics_store_daily', 'analytics_product_daily'],
  apply: byEventType<OrderEvent>({
    // A run of new orders in one statement: each order once, then its day, store and products.
    OrderPlaced: inRuns(async (events: Recorded<OrderEvent, 'OrderPlaced'>[], tx) => {
      const orders = events.map(({ data: o, metadata }, n) => ({
        order_id: o.orderId,
        at: metadata.at,
        total_cents: o.totalCents,
        store_id: o.storeId,
        store_name: o.storeName,
        n,
      }));
      const lines = events.flatMap(({ data: o }, n) =>
        o.items.map((i) => ({ order_id: o.orderId, product_id: i.productId, name: i.name, price_cents: i.priceCents, quantity: i.quantity, n })),
      );
      await tx.query(
        `WITH o AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS o (order_id uuid, at timestamptz, total_cents bigint, store_id uuid, store_name text, n int)
         ), added AS (
           INSERT INTO analytics_orders (order_id, day, total_cents) SELECT order_id, ${romeDay('at')}, total_cents FROM o
           ON CONFLICT (order_id) DO NOTHING RETURNING order_id, day, total_cents
         ), daily AS (
           INSERT INTO analytics_orders_daily (day, orders, revenue_cents) SELECT day, count(*), sum(total_cents) FROM added GROUP BY day
           ON CONFLICT (day) DO UPDATE SET orders = analytics_orders_daily.orders + EXCLUDED.orders,
             revenue_cents = analytics_orders_daily.revenue_cents + EXCLUDED.revenue_cents
         ), stores AS (
           INSERT INTO analytics_store_daily (day, store_id, store_name, orders, revenue_cents)
           SELECT a.day, o.store_id, (array_agg(o.store_name ORDER BY o.n DESC))[1], count(*), sum(a.total_cents)
           FROM added a JOIN o USING (order_id) GROUP BY a.day, o.store_id
           ON CONFLICT (day, store_id) DO UPDATE SET orders = analytics_store_daily.orders + EXCLUDED.orders,
             revenue_cents = analytics_store_daily.revenue_cents + EXCLUDED.revenue_cents, store_name = EXCLUDED.store_name
         )
         INSERT INTO analytics_product_daily (day, product_id, product_name, units, revenue_cents)
         SELECT a.day, l.product_id, (array_agg(l.name ORDER BY l.n DESC, l.name))[1], sum(l.quantity), sum(l.price_cents * l.quantity)
         FROM added a
         JOIN jsonb_to_recordset($2::jsonb) AS l (order_id uuid, product_id uuid, name text, price_cents bigint, quantity int, n int) USING (order_id)
         GROUP BY a.day, l.product_id
         ON CONFLICT (day, product_id) DO UPDATE SET units = analytics_product_daily.units + EXCLUDED.units,
           revenue_cents = analytics_product_daily.revenue_cents + EXCLUDED.revenue_cents, product_name = EXCLUDED.product_name`,
        [JSON.stringify(orders), JSON.stringify(lines)],
      );
    }),
    OrderCancelled: async (event, tx) => {
      const { orderId, storeId, items } = event.data;
      const { rows } = await tx.query<{ day: string; total_cents: string }>(
        'UPDATE analytics_orders SET cancelled = true WHERE order_id = $1 AND NOT cancelled RETURNING day::text, total_cents',
        [orderId],
      );
      const order = rows[0];
      if (!order) return;
      await tx.query('UPDATE analytics_orders_daily SET revenue_cents = revenue_cents - $2 WHERE day = $1', [order.day, order.total_cents]);
      await tx.query('UPDATE analytics_store_daily SET revenue_cents = revenue_cents - $3 WHERE day = $1 AND store_id = $2', [order.day, storeId, order.total_cents]);
      await productLines(tx, order.day, items, -1);
    },
  }),
};
