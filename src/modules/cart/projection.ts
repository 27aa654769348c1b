import type { CartEvent } from './cart.js';
import { byEventType, inRuns, type Projection, type Recorded } from '../../platform/projections/projection.js';

/** cart_items: each customer's cart lines (spec §3). */
export const cartProjection: Projection = {
  name: 'cart',
  title: 'Carrelli',
  version: 1,
  tables: ['cart_items'],
  apply: byEventType<CartEvent>({
    CartItemAdded: ({ data, metadata }, tx) =>
      tx.query('INSERT INTO cart_items (id, user_id, product_id, store_id, quantity, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING', [
        data.itemId,
        data.userId,
        data.productId,
        data.storeId,
        data.quantity,
        metadata.at,
      ]),
    CartItemQuantityChanged: ({ data }, tx) => tx.query('UPDATE cart_items SET quantity = $2 WHERE id = $1', [data.itemId, data.quantity]),
    CartItemRemoved: ({ data }, tx) => tx.query('DELETE FROM cart_items WHERE id = $1', [data.itemId]),
    CartCleared: ({ data }, tx) => tx.query('DELETE FROM cart_items WHERE user_id = $1', [data.userId]),
    // One statement for a run of checkouts.
    CartCheckedOut: inRuns(async (events: Recorded<CartEvent, 'CartCheckedOut'>[], tx) => {
      const lines = events.flatMap(({ data }) => data.storeIds.map((storeId) => ({ user_id: data.userId, store_id: storeId })));
      // The customers' ids as an array too: their lines are found through the index on user_id,
      // never by reading every cart (the plan is kept for the connection's life, whatever the size).
      await tx.query(
        `DELETE FROM cart_items c USING jsonb_to_recordset($1::jsonb) AS o (user_id uuid, store_id uuid)
         WHERE c.user_id = ANY ($2::uuid[]) AND c.user_id = o.user_id AND c.store_id = o.store_id`,
        [JSON.stringify(lines), [...new Set(lines.map((l) => l.user_id))]],
      );
    }),
  }),
};
