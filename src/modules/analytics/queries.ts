import { z } from 'zod';
import { sql, type ReadDb } from '../../platform/db/read.js';
import { centsRow } from '../../platform/http/money.js';
import { adminStats, ordersOfDay, shopDay, shopHour, signUpsOfDay, topProduct, topStore, type AdminAnalytics, type AdminStats, type ShopAnalytics } from './contract.js';

/** How many stores and products the tops list. */
const topSize = 10;

const today = sql.fragment`(now() AT TIME ZONE 'Europe/Rome')::date`;
/** The window's first day: `days` days of the Rome calendar ending today. */
const since = (days: number) => sql.fragment`(now() AT TIME ZONE 'Europe/Rome')::date - (${days}::int - 1)`;

/** The admin dashboard's counts; each read model adds its count here as it comes to exist. */
export function adminStatsOf(db: ReadDb): Promise<AdminStats> {
  return db.one(sql.type(adminStats)`
    SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM stores)::int AS stores,
           (SELECT count(*) FROM products WHERE NOT is_deleted)::int AS products, (SELECT count(*) FROM orders)::int AS orders`);
}

/** The answers' rows with their amounts as the cents the tables hold, made once (zod compiles a schema on its first use). */
const ordersOfDayRow = centsRow(ordersOfDay);
const topStoreRow = centsRow(topStore);
const topProductRow = centsRow(topProduct);
const shopDayRow = centsRow(shopDay);
const shopHourRow = centsRow(shopHour);

/**
 * The platform's figures over the last `days` days, from the analytics projections
 * (src/modules/analytics/*-projection.ts): every figure is replayable from the log.
 */
export async function adminAnalyticsOf(db: ReadDb, days: number): Promise<AdminAnalytics> {
  const [ordersPerDay, topStores, topProducts, newUsersPerRole] = await Promise.all([
    db.any(sql.type(ordersOfDayRow)`
      SELECT d::date::text AS day, coalesce(o.orders, 0) AS orders, coalesce(o.revenue_cents, 0) AS revenue
      FROM generate_series(${since(days)}, ${today}, interval '1 day') AS d
      LEFT JOIN analytics_orders_daily o ON o.day = d::date
      ORDER BY d`),
    db.any(sql.type(topStoreRow)`
      SELECT store_id AS "storeId", (array_agg(store_name ORDER BY day DESC))[1] AS name, sum(orders)::bigint AS orders, sum(revenue_cents) AS revenue
      FROM analytics_store_daily WHERE day >= ${since(days)}
      GROUP BY store_id ORDER BY sum(revenue_cents) DESC, sum(orders) DESC, store_id LIMIT ${topSize}`),
    db.any(sql.type(topProductRow)`
      SELECT product_id AS "productId", (array_agg(product_name ORDER BY day DESC))[1] AS name, sum(units)::bigint AS units, sum(revenue_cents) AS revenue
      FROM analytics_product_daily WHERE day >= ${since(days)}
      GROUP BY product_id HAVING sum(units) > 0 ORDER BY sum(revenue_cents) DESC, sum(units) DESC, product_id LIMIT ${topSize}`),
    db.any(sql.type(signUpsOfDay)`
      SELECT day::text, role, count FROM analytics_users_daily WHERE day >= ${since(days)} AND count > 0 ORDER BY day, role`),
  ]);
  return { ordersPerDay: [...ordersPerDay], topStores: [...topStores], topProducts: [...topProducts], newUsersPerRole: [...newUsersPerRole] };
}

const ownStore = z.object({ id: z.string(), name: z.string() });

/**
 * The shopkeeper's own stores' sales per day, hour and product, best sellers and page views
 * against orders over the last `days` days, of one of them when `storeId` is given: from the
 * analytics-stores read model and the views counter. Null when `storeId` is not theirs.
 */
export async function shopAnalyticsOf(db: ReadDb, ownerId: string, days: number, storeId: string | undefined): Promise<ShopAnalytics | null> {
  const stores = [...(await db.any(sql.type(ownStore)`SELECT id, name FROM stores WHERE owner_id = ${ownerId} ORDER BY created_at, id`))];
  if (storeId && !stores.some((s) => s.id === storeId)) return null;
  const ids = sql.array(storeId ? [storeId] : stores.map((s) => s.id), 'uuid');
  const [perDay, perHour, bestSellers] = await Promise.all([
    db.any(sql.type(shopDayRow)`
      SELECT d::date::text AS day, coalesce(o.orders, 0) AS orders, coalesce(o.revenue, 0) AS revenue, coalesce(v.views, 0) AS views
      FROM generate_series(${since(days)}, ${today}, interval '1 day') AS d
      LEFT JOIN (SELECT day, sum(orders) AS orders, sum(revenue_cents) AS revenue FROM analytics_store_hourly
                 WHERE store_id = ANY(${ids}) AND day >= ${since(days)} GROUP BY day) o ON o.day = d::date
      LEFT JOIN (SELECT day, sum(views) AS views FROM store_views_daily
                 WHERE store_id = ANY(${ids}) AND day >= ${since(days)} GROUP BY day) v ON v.day = d::date
      ORDER BY d`),
    db.any(sql.type(shopHourRow)`
      SELECT h AS hour, coalesce(sum(o.orders), 0) AS orders, coalesce(sum(o.revenue_cents), 0) AS revenue
      FROM generate_series(0, 23) AS h
      LEFT JOIN analytics_store_hourly o ON o.hour = h AND o.store_id = ANY(${ids}) AND o.day >= ${since(days)}
      GROUP BY h ORDER BY h`),
    db.any(sql.type(topProductRow)`
      SELECT product_id AS "productId", (array_agg(product_name ORDER BY day DESC))[1] AS name, sum(units) AS units, sum(revenue_cents) AS revenue
      FROM analytics_store_products WHERE store_id = ANY(${ids}) AND day >= ${since(days)}
      GROUP BY product_id HAVING sum(units) > 0 ORDER BY sum(units) DESC, sum(revenue_cents) DESC, product_id LIMIT ${topSize}`),
  ]);
  const orders = perDay.reduce((n, d) => n + d.orders, 0);
  const views = perDay.reduce((n, d) => n + d.views, 0);
  const revenue = perDay.reduce((n, d) => n + d.revenue, 0);
  return {
    days,
    stores,
    totals: { orders, revenue, views, conversion: views ? orders / views : null },
    perDay: [...perDay],
    perHour: [...perHour],
    bestSellers: [...bestSellers],
  };
}
