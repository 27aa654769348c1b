import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const daysMessage = 'Giorni: un numero intero da 1 a 365.';
const query = z.object({
  days: z.coerce.number({ error: daysMessage }).int(daysMessage).min(1, daysMessage).max(365, daysMessage).default(30),
});

/** How many stores and products the tops list. */
const topSize = 10;

/** The window's first day: `days` days of the Rome calendar ending today. */
const since = "(now() AT TIME ZONE 'Europe/Rome')::date - ($1::int - 1)";

/**
 * GET /api/admin/analytics (docs/api-admin.md), from the analytics projections
 * (src/modules/analytics/*-projection.ts): every figure is replayable from the log.
 */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool } = app.deps;

  app.get('/api/admin/analytics', { schema: { querystring: query } }, async (request) => {
    const { days } = request.query;
    const [perDay, stores, products, users] = await Promise.all([
      pool.query<{ day: string; orders: number; revenue: string }>(
        `SELECT d::date::text AS day, coalesce(o.orders, 0) AS orders, coalesce(o.revenue, 0) AS revenue
         FROM generate_series(${since}, (now() AT TIME ZONE 'Europe/Rome')::date, interval '1 day') AS d
         LEFT JOIN analytics_orders_daily o ON o.day = d::date
         ORDER BY d`,
        [days],
      ),
      pool.query<{ store_id: string; name: string; orders: number; revenue: string }>(
        `SELECT store_id, (array_agg(store_name ORDER BY day DESC))[1] AS name, sum(orders)::bigint AS orders, sum(revenue) AS revenue
         FROM analytics_store_daily WHERE day >= ${since}
         GROUP BY store_id ORDER BY sum(revenue) DESC, sum(orders) DESC, store_id LIMIT ${topSize}`,
        [days],
      ),
      pool.query<{ product_id: string; name: string; units: number; revenue: string }>(
        `SELECT product_id, (array_agg(product_name ORDER BY day DESC))[1] AS name, sum(units)::bigint AS units, sum(revenue) AS revenue
         FROM analytics_product_daily WHERE day >= ${since}
         GROUP BY product_id HAVING sum(units) > 0 ORDER BY sum(revenue) DESC, sum(units) DESC, product_id LIMIT ${topSize}`,
        [days],
      ),
      pool.query<{ day: string; role: string; count: number }>(
        `SELECT day::text, role, count FROM analytics_users_daily WHERE day >= ${since} AND count > 0 ORDER BY day, role`,
        [days],
      ),
    ]);
    return {
      ordersPerDay: perDay.rows.map((r) => ({ day: r.day, orders: r.orders, revenue: Number(r.revenue) })),
      topStores: stores.rows.map((r) => ({ storeId: r.store_id, name: r.name, orders: r.orders, revenue: Number(r.revenue) })),
      topProducts: products.rows.map((r) => ({ productId: r.product_id, name: r.name, units: r.units, revenue: Number(r.revenue) })),
      newUsersPerRole: users.rows,
    };
  });
};
