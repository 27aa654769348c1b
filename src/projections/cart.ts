import type { CartEvent } from '../domain/orders/cart.js';
import { byEventType, type Projection } from './projection.js';

/** cart_items: each customer's cart lines (spec §3). */
export const cartProjection: Projection = {
  name: 'cart',
  version: 1,
  tables: ['cart_items'],
  apply: byEventType<CartEvent>({
    CartItemAdded: ({ data, metadata }, tx) =>
      tx.query(
        'INSERT INTO cart_items (id, user_id, product_id, store_id, quantity, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING',
        [data.itemId, data.userId, data.productId, data.storeId, data.quantity, metadata.at],
      ),
    CartItemQuantityChanged: ({ data }, tx) => tx.query('UPDATE cart_items SET quantity = $2 WHERE id = $1', [data.itemId, data.quantity]),
    CartItemRemoved: ({ data }, tx) => tx.query('DELETE FROM cart_items WHERE id = $1', [data.itemId]),
    CartCleared: ({ data }, tx) => tx.query('DELETE FROM cart_items WHERE user_id = $1', [data.userId]),
    CartCheckedOut: ({ data }, tx) => tx.query('DELETE FROM cart_items WHERE user_id = $1 AND store_id = ANY ($2::uuid[])', [data.userId, data.storeIds]),
  }),
};
