import type pg from 'pg';
import type { OrderEvent, OrderLine } from '../domain/orders/order.js';
import { byEventType, type Projection } from './projection.js';

/** The order's day on the Rome calendar, as SQL of a timestamptz parameter. */
export const romeDay = (param: string): string => `(${param}::timestamptz AT TIME ZONE 'Europe/Rome')::date`;

/**
 * Units and revenue per product of one order's lines on `day`, `sign` 1 when placed and -1 when
 * cancelled (a product on two lines counts once). The name is the one of the latest sale.
 */
const productLines = (tx: pg.ClientBase, day: string, items: OrderLine[], sign: 1 | -1) =>
  tx.query(
    `INSERT INTO analytics_product_daily (day, product_id, product_name, units, revenue)
     SELECT $1::date, product_id, min(name), $5 * sum(quantity), $5 * sum(price * quantity)
     FROM unnest($2::uuid[], $3::text[], $4::numeric[], $6::int[]) AS l (product_id, name, price, quantity)
     GROUP BY product_id
     ON CONFLICT (day, product_id) DO UPDATE SET units = analytics_product_daily.units + EXCLUDED.units,
       revenue = analytics_product_daily.revenue + EXCLUDED.revenue,
       product_name = CASE WHEN $5 > 0 THEN EXCLUDED.product_name ELSE analytics_product_daily.product_name END`,
    [day, items.map((i) => i.productId), items.map((i) => i.name), items.map((i) => i.price), sign, items.map((i) => i.quantity)],
  );

/**
 * Sales per day of the Rome calendar (`GET /api/admin/analytics`): orders placed that day, and
 * the revenue of those not cancelled (their totals); per store the same, per product the units
 * and revenue of lines of orders not cancelled. A cancellation takes its order's figures off the
 * day it was placed.
 */
export const analyticsOrdersProjection: Projection = {
  name: 'analytics-orders',
  version: 1,
  tables: ['analytics_orders', 'analytics_orders_daily', 'analytics_store_daily', 'analytics_product_daily'],
  apply: byEventType<OrderEvent>({
    OrderPlaced: async (event, tx) => {
      const o = event.data;
      const { rows } = await tx.query<{ day: string }>(
        `INSERT INTO analytics_orders (order_id, day, total) VALUES ($1, ${romeDay('$2')}, $3)
         ON CONFLICT (order_id) DO NOTHING RETURNING day::text`,
        [o.orderId, event.metadata.at, o.total],
      );
      const day = rows[0]?.day;
      if (!day) return;
      await tx.query(
        `INSERT INTO analytics_orders_daily (day, orders, revenue) VALUES ($1, 1, $2)
         ON CONFLICT (day) DO UPDATE SET orders = analytics_orders_daily.orders + 1, revenue = analytics_orders_daily.revenue + EXCLUDED.revenue`,
        [day, o.total],
      );
      await tx.query(
        `INSERT INTO analytics_store_daily (day, store_id, store_name, orders, revenue) VALUES ($1, $2, $3, 1, $4)
         ON CONFLICT (day, store_id) DO UPDATE SET orders = analytics_store_daily.orders + 1,
           revenue = analytics_store_daily.revenue + EXCLUDED.revenue, store_name = EXCLUDED.store_name`,
        [day, o.storeId, o.storeName, o.total],
      );
      await productLines(tx, day, o.items, 1);
    },
    OrderCancelled: async (event, tx) => {
      const { orderId, storeId, items } = event.data;
      const { rows } = await tx.query<{ day: string; total: string }>(
        'UPDATE analytics_orders SET cancelled = true WHERE order_id = $1 AND NOT cancelled RETURNING day::text, total',
        [orderId],
      );
      const order = rows[0];
      if (!order) return;
      await tx.query('UPDATE analytics_orders_daily SET revenue = revenue - $2 WHERE day = $1', [order.day, order.total]);
      await tx.query('UPDATE analytics_store_daily SET revenue = revenue - $3 WHERE day = $1 AND store_id = $2', [order.day, storeId, order.total]);
      await productLines(tx, order.day, items, -1);
    },
  }),
};
