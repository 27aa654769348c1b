import type { ProductEvent } from '../catalog/products.js';
import type { OrderEvent } from './order.js';
import { byEventType, inRuns, type Projection, type Recorded } from '../../platform/projections/projection.js';

const holdPrefix = 'order:';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order a stock hold belongs to; null for a reservation's hold. */
function orderOfHold(holdId: string): string | null {
  const id = holdId.startsWith(holdPrefix) ? holdId.slice(holdPrefix.length) : '';
  return uuid.test(id) ? id : null;
}

const productOf = (streamId: string) => streamId.slice('product-'.length);

/**
 * order_stock_holds: the units each order holds on each product until they are given back or
 * sold (a completed order's units are gone for good, so its rows leave too). What stays here for
 * a cancelled order, or for an order never placed, is what a crash left held.
 */
export const orderHoldsProjection: Projection = {
  name: 'order-holds',
  title: 'Pezzi riservati agli ordini',
  version: 1,
  tables: ['order_stock_holds'],
  apply: byEventType<ProductEvent | OrderEvent>({
    // One statement for a run of holds; the later of two holds of one order on one product wins.
    ProductStockHeld: inRuns(async (events: Recorded<ProductEvent, 'ProductStockHeld'>[], tx) => {
      const holds = events.flatMap(({ data, streamId, metadata }, n) => {
        const orderId = orderOfHold(data.holdId);
        return orderId ? [{ order_id: orderId, product_id: productOf(streamId), quantity: data.quantity, held_at: metadata.at, n }] : [];
      });
      if (!holds.length) return;
      await tx.query(
        `INSERT INTO order_stock_holds (order_id, product_id, quantity, held_at)
         SELECT DISTINCT ON (order_id, product_id) order_id, product_id, quantity, held_at
         FROM jsonb_to_recordset($1::jsonb) AS h (order_id uuid, product_id uuid, quantity int, held_at timestamptz, n int)
         ORDER BY order_id, product_id, n DESC
         ON CONFLICT (order_id, product_id) DO UPDATE SET quantity = excluded.quantity, held_at = excluded.held_at`,
        [JSON.stringify(holds)],
      );
    }),
    ProductStockReleased: async ({ data, streamId }, tx) => {
      const orderId = orderOfHold(data.holdId);
      if (orderId) await tx.query('DELETE FROM order_stock_holds WHERE order_id = $1 AND product_id = $2', [orderId, productOf(streamId)]);
    },
    OrderCompleted: ({ data }, tx) => tx.query('DELETE FROM order_stock_holds WHERE order_id = $1', [data.orderId]),
  }),
};
