import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';

const shopRow = z.object({
  product_id: column.uuid,
  store_name: z.string(),
  store_slug: z.string(),
  price_cents: z.number(),
  distance_km: z.number(),
  this_shop: z.boolean(),
});

const comparisonRow = z.object({
  id: column.uuid,
  store_id: column.uuid,
  owner_id: column.uuid,
  global_product_id: column.uuid.nullable(),
  price_cents: z.number(),
  /** The product and its shop are in sale (what a customer may see). */
  on_sale: z.boolean(),
  viewer_enabled: z.boolean().nullable(),
  viewer_expires_at: column.time.nullable(),
  shops: z.number(),
  lowest: z.number(),
  median: z.number(),
  highest: z.number(),
  cheaper: z.number(),
  tied: z.number(),
  cheapest: z.array(shopRow),
});
export type ComparisonRow = z.infer<typeof comparisonRow>;

/**
 * A product (not deleted), whose shop and owner it is, its viewer's price comparison (spec §3
 * users), and its shared catalogue entry's offers within `radius` km of its shop: every other shop
 * with it in sale once, at its lowest price, and this product's own price beside them (in sale or
 * not: a shopkeeper compares a product before putting it on sale). One statement: the offers are
 * read from the entry's latitude band in its own index (migration 042), the exact distance
 * (distance_km(), migration 014) keeps those within the circle. Null when there is no such product.
 */
export async function comparisonOf(db: ReadDb, productId: string, radius: number, viewerId: string): Promise<ComparisonRow | null> {
  return db.maybeOne(sql.type(comparisonRow)`WITH me AS (
      SELECT p.id, p.store_id, s.owner_id, p.global_product_id, p.price_cents, p.latitude, p.longitude,
        p.status = 'active' AND p.store_active AS on_sale, v.price_comparison_enabled AS viewer_enabled, v.price_comparison_expires_at AS viewer_expires_at
      FROM products p JOIN stores s ON s.id = p.store_id LEFT JOIN users v ON v.id = ${viewerId}::uuid
      WHERE p.id = ${productId}::uuid AND NOT p.is_deleted
    ), offers AS MATERIALIZED (
      SELECT DISTINCT ON (o.store_id) o.id, o.store_id, o.price_cents, distance_km(me.latitude, me.longitude, o.latitude, o.longitude) AS distance_km
      FROM me JOIN products o ON o.global_product_id = me.global_product_id
        -- A degree of latitude is 111.3 km on distance_km()'s sphere: this band holds the circle.
        AND o.latitude BETWEEN me.latitude - ${radius}::float8 / 111.0 AND me.latitude + ${radius}::float8 / 111.0
      WHERE o.status = 'active' AND NOT o.is_deleted AND o.store_active AND o.store_id <> me.store_id
        AND distance_km(me.latitude, me.longitude, o.latitude, o.longitude) <= ${radius}::float8
      ORDER BY o.store_id, o.price_cents, o.id
    ), everyone AS (
      SELECT id, store_id, price_cents, distance_km, false AS this_shop FROM offers
      UNION ALL
      SELECT id, store_id, price_cents, 0, true FROM me
    )
    SELECT me.id, me.store_id, me.owner_id, me.global_product_id, me.price_cents, me.on_sale, me.viewer_enabled, me.viewer_expires_at,
      stats.shops, stats.lowest, stats.median, stats.highest, stats.cheaper, stats.tied, coalesce(top.shops, '[]') AS cheapest
    FROM me
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS shops, min(e.price_cents) AS lowest, max(e.price_cents) AS highest,
        round((percentile_cont(0.5) WITHIN GROUP (ORDER BY e.price_cents))::numeric)::bigint AS median,
        (count(*) FILTER (WHERE e.price_cents < me.price_cents))::int AS cheaper,
        (count(*) FILTER (WHERE e.price_cents = me.price_cents AND NOT e.this_shop))::int AS tied
      FROM everyone e
    ) stats
    CROSS JOIN LATERAL (
      SELECT json_agg(json_build_object('product_id', c.id, 'store_name', s.name, 'store_slug', s.slug, 'price_cents', c.price_cents,
          'distance_km', c.distance_km, 'this_shop', c.this_shop) ORDER BY c.price_cents, c.distance_km, c.id) AS shops
      FROM (SELECT * FROM everyone ORDER BY price_cents, distance_km, id LIMIT 5) c JOIN stores s ON s.id = c.store_id
    ) top`);
}

const planRow = z.object({ name: z.string() });

/** The names of the plans on sale that include the price comparison, cheapest first. */
export async function plansWithComparison(db: ReadDb): Promise<string[]> {
  const rows = await db.any(sql.type(planRow)`SELECT name FROM packages WHERE status = 'active' AND enables_price_comparison ORDER BY price_cents, name`);
  return rows.map((r) => r.name);
}
