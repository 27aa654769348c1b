import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../platform/domain/errors.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { uuidParam } from '../../platform/http/schemas.js';

const daysMessage = 'Giorni: un numero intero da 1 a 365.';
const query = z.object({
  days: z.coerce.number({ error: daysMessage }).int(daysMessage).min(1, daysMessage).max(365, daysMessage).default(30),
  storeId: uuidParam.optional(),
});

/** How many products the best sellers list. */
const topSize = 10;
/** The window's first day: `days` days of the Rome calendar ending today. */
const since = "(now() AT TIME ZONE 'Europe/Rome')::date - ($1::int - 1)";
const today = "(now() AT TIME ZONE 'Europe/Rome')::date";

/**
 * GET /api/shopkeeper/analytics (docs/api-orders.md): the shopkeeper's own stores' sales per day,
 * hour and product, best sellers and page views against orders, from the analytics-stores read
 * model and the views counter. Another shop's figures are never in it: the stores are the
 * session user's, and asking for another's is a 404.
 */
export const shopAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool } = app.deps;

  app.get('/api/shopkeeper/analytics', { schema: { querystring: query } }, async (request) => {
    const user = requireRole(request, 'shopkeeper');
    const { days, storeId } = request.query;
    const { rows: stores } = await pool.query<{ id: string; name: string }>('SELECT id, name FROM stores WHERE owner_id = $1 ORDER BY created_at, id', [user.id]);
    if (storeId && !stores.some((s) => s.id === storeId)) throw new DomainError('Negozio non trovato.', 'not-found');
    const ids = storeId ? [storeId] : stores.map((s) => s.id);
    const [perDay, perHour, products] = await Promise.all([
      pool.query<{ day: string; orders: string; revenue: string; views: string }>(
        `SELECT d::date::text AS day, coalesce(o.orders, 0) AS orders, coalesce(o.revenue, 0) AS revenue, coalesce(v.views, 0) AS views
         FROM generate_series(${since}, ${today}, interval '1 day') AS d
         LEFT JOIN (SELECT day, sum(orders) AS orders, sum(revenue) AS revenue FROM analytics_store_hourly
                    WHERE store_id = ANY($2::uuid[]) AND day >= ${since} GROUP BY day) o ON o.day = d::date
         LEFT JOIN (SELECT day, sum(views) AS views FROM store_views_daily
                    WHERE store_id = ANY($2::uuid[]) AND day >= ${since} GROUP BY day) v ON v.day = d::date
         ORDER BY d`,
        [days, ids],
      ),
      pool.query<{ hour: number; orders: string; revenue: string }>(
        `SELECT h AS hour, coalesce(sum(o.orders), 0) AS orders, coalesce(sum(o.revenue), 0) AS revenue
         FROM generate_series(0, 23) AS h
         LEFT JOIN analytics_store_hourly o ON o.hour = h AND o.store_id = ANY($2::uuid[]) AND o.day >= ${since}
         GROUP BY h ORDER BY h`,
        [days, ids],
      ),
      pool.query<{ product_id: string; name: string; units: string; revenue: string }>(
        `SELECT product_id, (array_agg(product_name ORDER BY day DESC))[1] AS name, sum(units) AS units, sum(revenue) AS revenue
         FROM analytics_store_products WHERE store_id = ANY($2::uuid[]) AND day >= ${since}
         GROUP BY product_id HAVING sum(units) > 0 ORDER BY sum(units) DESC, sum(revenue) DESC, product_id LIMIT ${topSize}`,
        [days, ids],
      ),
    ]);
    const daily = perDay.rows.map((r) => ({ day: r.day, orders: Number(r.orders), revenue: Number(r.revenue), views: Number(r.views) }));
    const orders = daily.reduce((n, d) => n + d.orders, 0);
    const views = daily.reduce((n, d) => n + d.views, 0);
    const revenue = Math.round(daily.reduce((n, d) => n + d.revenue, 0) * 100) / 100;
    return {
      days,
      stores,
      totals: { orders, revenue, views, conversion: views ? orders / views : null },
      perDay: daily,
      perHour: perHour.rows.map((r) => ({ hour: r.hour, orders: Number(r.orders), revenue: Number(r.revenue) })),
      bestSellers: products.rows.map((r) => ({ productId: r.product_id, name: r.name, units: Number(r.units), revenue: Number(r.revenue) })),
    };
  });
};
