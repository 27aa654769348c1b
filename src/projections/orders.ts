import type pg from 'pg';
import type { OrderEvent, OrderStatus } from '../domain/orders/order.js';
import type { RecordedEvent } from '../eventstore/types.js';
import { byEventType, type Projection } from './projection.js';

type Recorded<T extends OrderEvent['type']> = RecordedEvent<T, Extract<OrderEvent, { type: T }>['data']>;

/** One line of the order's timeline, with who moved it. */
function timeline(event: RecordedEvent<string, { orderId: string }>, status: OrderStatus, tx: pg.ClientBase, note: string | null = null) {
  const { metadata } = event;
  return tx.query(
    `INSERT INTO order_timeline (order_id, revision, status, at, actor_user_id, actor_role, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [event.data.orderId, event.revision, status, metadata.at, metadata.actorUserId, metadata.actorRole, note],
  );
}

async function move(event: Recorded<'OrderAccepted' | 'OrderReady' | 'OrderShipped'>, status: OrderStatus, tx: pg.ClientBase) {
  await tx.query('UPDATE orders SET status = $2, updated_at = $3 WHERE id = $1', [event.data.orderId, status, event.metadata.at]);
  await timeline(event, status, tx);
}

/** orders, order_items and order_timeline (spec §3, §4). */
export const ordersProjection: Projection = {
  name: 'orders',
  version: 1,
  tables: ['orders', 'order_items', 'order_timeline'],
  apply: byEventType<OrderEvent>({
    OrderPlaced: async (event, tx) => {
      const o = event.data;
      await tx.query(
        `INSERT INTO orders (id, user_id, store_id, store_owner_id, store_name, status, payment_status, payment_method,
           subtotal, shipping_cost, total, delivery_type, delivery_address, delivery_latitude, delivery_longitude,
           pickup_time, pickup_code, customer_name, customer_phone, customer_email, notes, item_count, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'pending', 'pending', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $21)
         ON CONFLICT (id) DO NOTHING`,
        [o.orderId, o.userId, o.storeId, o.storeOwnerId, o.storeName, o.paymentMethod, o.subtotal, o.shippingCost, o.total,
          o.deliveryType, o.deliveryAddress, o.deliveryLatitude, o.deliveryLongitude, o.pickupTime, o.pickupCode,
          o.customerName, o.customerPhone, o.customerEmail, o.notes, o.items.reduce((n, i) => n + i.quantity, 0), event.metadata.at],
      );
      await tx.query(
        `INSERT INTO order_items (order_id, line, product_id, name, price, quantity)
         SELECT $1, line, product_id, name, price, quantity
         FROM unnest($2::uuid[], $3::text[], $4::numeric[], $5::int[]) WITH ORDINALITY AS i(product_id, name, price, quantity, line)
         ON CONFLICT DO NOTHING`,
        [o.orderId, o.items.map((i) => i.productId), o.items.map((i) => i.name), o.items.map((i) => i.price), o.items.map((i) => i.quantity)],
      );
      await timeline(event, 'pending', tx);
    },
    OrderAccepted: (event, tx) => move(event, 'preparing', tx),
    OrderReady: (event, tx) => move(event, 'ready', tx),
    OrderShipped: (event, tx) => move(event, 'shipping', tx),
    OrderCompleted: async (event, tx) => {
      await tx.query("UPDATE orders SET status = 'completed', payment_status = $2, updated_at = $3 WHERE id = $1", [event.data.orderId, event.data.paymentStatus, event.metadata.at]);
      await timeline(event, 'completed', tx);
    },
    OrderCancelled: async (event, tx) => {
      const { orderId, paymentStatus, reason, by } = event.data;
      await tx.query(
        "UPDATE orders SET status = 'cancelled', payment_status = $2, cancel_reason = $3, cancelled_by = $4, updated_at = $5 WHERE id = $1",
        [orderId, paymentStatus, reason || null, by, event.metadata.at],
      );
      await timeline(event, 'cancelled', tx, reason || null);
    },
  }),
};
