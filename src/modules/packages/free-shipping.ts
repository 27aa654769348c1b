import type { Pool } from '../../platform/db/pool.js';

/**
 * How many more orders of its plan's period each shop can ship free (its threshold reached), for
 * the shops whose plan in force at `now` limits them (maxFreeShippingOrders); a shop not in the map
 * has no limit. The period is the plan's purchase, from its start to its end (a renewal is a new
 * one); counted are the shop's shipping orders placed in it at no shipping cost and not cancelled,
 * as the orders' read model holds them (index orders_free_shipping), no more than the limit: a
 * busy shop's count costs what its limit does, not what its orders do. One statement for all the
 * shops of a cart or a checkout.
 */
export async function freeShippingOrdersLeft(pool: Pool, storeIds: readonly string[], now: Date): Promise<Map<string, number>> {
  if (storeIds.length === 0) return new Map();
  const { rows } = await pool.query<{ id: string; left: number }>(
    `SELECT s.id, (u.max_free_shipping_orders - (
         SELECT count(*) FROM (
           SELECT FROM orders o
           WHERE o.store_id = s.id AND o.delivery_type = 'shipping' AND o.shipping_cost_cents = 0 AND o.status <> 'cancelled'
             AND o.created_at >= u.purchase_date AND o.created_at < u.expires_at
           LIMIT u.max_free_shipping_orders) AS used))::int AS "left"
     FROM stores s
     JOIN user_packages u ON u.user_id = s.owner_id AND u.package_id = s.current_package_id AND u.expires_at = s.package_expires_at AND u.is_active
     WHERE s.id = ANY ($1::uuid[]) AND s.package_expires_at > $2 AND u.max_free_shipping_orders IS NOT NULL`,
    [storeIds, now],
  );
  return new Map(rows.map((r) => [r.id, r.left]));
}
