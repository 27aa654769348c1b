import type { Logger } from 'pino';
import { upkeepJob, upkeepSteps, type UpkeepReport } from '../../platform/processes/upkeep.js';
import { releaseStrandedOrderHold, type OrderDeps } from './holds.js';
import { systemContext } from '../../platform/domain/context.js';

/**
 * How long a checkout may hold stock before placing its order. A checkout takes milliseconds;
 * a hold this old with no order is left by a crash, never by a checkout still running.
 */
export const ORDER_HOLD_GRACE_MINUTES = 10;

export type OrderHoldReport = UpkeepReport<'released'>;

/**
 * The orders' safety net beside the reservations' one: gives back the units of cancelled orders
 * whose release was never written, and of checkouts that held stock but stopped before placing
 * their order. Safe to run from several processes at once: the release's event id is derived
 * from the order, the product and the hold's round.
 */
export async function releaseStrandedOrderHolds(deps: OrderDeps, now: Date, logger?: Pick<Logger, 'warn'>): Promise<OrderHoldReport> {
  const report: OrderHoldReport = { released: 0, failed: 0 };
  const ctx = systemContext(now);
  const { rows } = await deps.pool.query<{ orderId: string; productId: string }>(
    `SELECT h.order_id AS "orderId", h.product_id AS "productId"
     FROM order_stock_holds h LEFT JOIN orders o ON o.id = h.order_id
     WHERE (o.status = 'cancelled' AND o.updated_at <= $1::timestamptz - interval '1 minute')
        OR (o.id IS NULL AND h.held_at <= $1::timestamptz - make_interval(mins => $2))
     LIMIT 1000`,
    [now, ORDER_HOLD_GRACE_MINUTES],
  );
  const step = upkeepSteps(report, logger);
  for (const { orderId, productId } of rows)
    await step('released', { orderId, productId }, 'order hold release failed', () => releaseStrandedOrderHold(deps, orderId, productId, ctx));
  return report;
}

/** The upkeep's job: stock held by checkouts that never finished goes back on the shelf. */
export const orderHoldsJob = upkeepJob('order hold safety net', releaseStrandedOrderHolds, 'stranded order holds released');
