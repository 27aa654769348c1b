import type pg from 'pg';
import type { OrderEvent, OrderStatus, PaymentStatus } from './order.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { byEventType, inRuns, type Projection } from '../../platform/projections/projection.js';

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
  await timeline(event, status, tx, await byCollaborator(event, status === 'shipping' ? 'Ritirato da' : null, tx));
}

/**
 * The timeline's note of a step the order's delivering collaborator made (picked up, delivered),
 * naming them: "Ritirato da Marco Neri"; null for anyone else's step.
 */
async function byCollaborator(event: RecordedEvent<string, { orderId: string }>, what: string | null, tx: pg.ClientBase): Promise<string | null> {
  if (!what || event.metadata.actorRole !== 'collaborator' || !event.metadata.actorUserId) return null;
  const { rows } = await tx.query<{ name: string | null }>('SELECT collaborator_name AS name FROM orders WHERE id = $1 AND collaborator_id = $2', [
    event.data.orderId,
    event.metadata.actorUserId,
  ]);
  return rows[0]?.name ? `${what} ${rows[0].name}` : null;
}

/** What an order's online payment came to: its payment status alone, the order's own state unchanged. */
async function paymentStatus(event: Recorded<'OrderPaid' | 'OrderPaymentFailed' | 'OrderRefunded'>, status: PaymentStatus, tx: pg.ClientBase) {
  await tx.query('UPDATE orders SET payment_status = $2, updated_at = $3 WHERE id = $1', [event.data.orderId, status, event.metadata.at]);
}

/** orders, order_items and order_timeline (spec §3, §4). */
export const ordersProjection: Projection = {
  name: 'orders',
  title: 'Ordini',
  // 2: amounts in cents (subtotal_cents, shipping_cost_cents, total_cents, order_items.price_cents).
  // The delivery columns (migration 057) need no rebuild: no event before them carries a delivery;
  // nor the lines' category (089): the orders placed before it carry none.
  version: 2,
  tables: ['orders', 'order_items', 'order_timeline'],
  apply: byEventType<OrderEvent>({
    // Under load a batch holds many new orders: one statement for all of them.
    OrderPlaced: inRuns(async (events: Recorded<'OrderPlaced'>[], tx) => {
      const orders = events.map(({ data: o, metadata, revision }) => ({
        id: o.orderId,
        user_id: o.userId,
        store_id: o.storeId,
        store_owner_id: o.storeOwnerId,
        store_name: o.storeName,
        payment_method: o.paymentMethod,
        payment_id: o.paymentId ?? null,
        payment_due_at: o.paymentDueAt ?? null,
        subtotal_cents: o.subtotalCents,
        shipping_cost_cents: o.shippingCostCents,
        total_cents: o.totalCents,
        delivery_type: o.deliveryType,
        delivery_address: o.deliveryAddress,
        delivery_latitude: o.deliveryLatitude,
        delivery_longitude: o.deliveryLongitude,
        pickup_time: o.pickupTime,
        pickup_code: o.pickupCode,
        delivery_code: o.deliveryCode ?? null,
        customer_name: o.customerName,
        customer_phone: o.customerPhone,
        customer_email: o.customerEmail,
        notes: o.notes,
        item_count: o.items.reduce((n, i) => n + i.quantity, 0),
        at: metadata.at,
        revision,
        actor_user_id: metadata.actorUserId,
        actor_role: metadata.actorRole,
      }));
      const items = events.flatMap(({ data: o }) =>
        o.items.map((i, line) => ({
          order_id: o.orderId,
          line: line + 1,
          product_id: i.productId,
          name: i.name,
          price_cents: i.priceCents,
          quantity: i.quantity,
          category: i.category ?? null,
        })),
      );
      // One statement for the three tables (the items' foreign key is checked at its end, when the
      // orders are in).
      await tx.query(
        `WITH o AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS o (id uuid, user_id uuid, store_id uuid, store_owner_id uuid, store_name text,
             payment_method text, payment_id uuid, payment_due_at timestamptz, subtotal_cents bigint, shipping_cost_cents bigint, total_cents bigint, delivery_type text, delivery_address text,
             delivery_latitude float8, delivery_longitude float8, pickup_time timestamptz, pickup_code text, delivery_code text, customer_name text,
             customer_phone text, customer_email text, notes text, item_count int, at timestamptz, revision int,
             actor_user_id uuid, actor_role text)
         ), placed AS (
           INSERT INTO orders (id, user_id, store_id, store_owner_id, store_name, status, payment_status, payment_method, payment_id, payment_due_at,
             subtotal_cents, shipping_cost_cents, total_cents, delivery_type, delivery_address, delivery_latitude, delivery_longitude,
             pickup_time, pickup_code, delivery_code, customer_name, customer_phone, customer_email, notes, item_count, created_at, updated_at)
           SELECT id, user_id, store_id, store_owner_id, store_name, 'pending', 'pending', payment_method, payment_id, payment_due_at,
             subtotal_cents, shipping_cost_cents, total_cents, delivery_type, delivery_address, delivery_latitude, delivery_longitude,
             pickup_time, pickup_code, delivery_code, customer_name, customer_phone, customer_email, notes, item_count, at, at
           FROM o
           ON CONFLICT (id) DO NOTHING
         ), lines AS (
           INSERT INTO order_items (order_id, line, product_id, name, price_cents, quantity, category)
           SELECT order_id, line, product_id, name, price_cents, quantity, category
           FROM jsonb_to_recordset($2::jsonb) AS i (order_id uuid, line int, product_id uuid, name text, price_cents bigint, quantity int, category text)
           ON CONFLICT DO NOTHING
         )
         INSERT INTO order_timeline (order_id, revision, status, at, actor_user_id, actor_role, note)
         SELECT id, revision, 'pending', at, actor_user_id, actor_role, NULL FROM o
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(orders), JSON.stringify(items)],
      );
    }),
    OrderAccepted: (event, tx) => move(event, 'preparing', tx),
    OrderReady: (event, tx) => move(event, 'ready', tx),
    OrderShipped: (event, tx) => move(event, 'shipping', tx),
    OrderCompleted: async (event, tx) => {
      // A shipping order completed is delivered: its withdrawal period runs from now (withdrawal.ts).
      await tx.query(
        "UPDATE orders SET status = 'completed', payment_status = $2, updated_at = $3, delivered_at = CASE WHEN delivery_type = 'shipping' THEN $3::timestamptz END WHERE id = $1",
        [event.data.orderId, event.data.paymentStatus, event.metadata.at],
      );
      await timeline(event, 'completed', tx, await byCollaborator(event, 'Consegnato da', tx));
    },
    OrderCancelled: async (event, tx) => {
      const { orderId, paymentStatus, reason, by } = event.data;
      await tx.query("UPDATE orders SET status = 'cancelled', payment_status = $2, cancel_reason = $3, cancelled_by = $4, updated_at = $5 WHERE id = $1", [
        orderId,
        paymentStatus,
        reason || null,
        by,
        event.metadata.at,
      ]);
      await timeline(event, 'cancelled', tx, reason || null);
    },
    OrderPaid: (event, tx) => paymentStatus(event, 'paid', tx),
    OrderPaymentFailed: (event, tx) => paymentStatus(event, 'failed', tx),
    OrderRefunded: (event, tx) => paymentStatus(event, 'refunded', tx),
    // Its delivery task: asked (the deadline), accepted (who delivers), ended without delivering.
    OrderDeliveryRequested: (event, tx) =>
      tx.query('UPDATE orders SET delivery_task_id = $2, delivery_deadline = $3, collaborator_id = NULL, collaborator_name = NULL, updated_at = $4 WHERE id = $1', [
        event.data.orderId,
        event.data.taskId,
        event.data.deadline,
        event.metadata.at,
      ]),
    OrderDeliveryAssigned: (event, tx) =>
      tx.query('UPDATE orders SET delivery_task_id = $2, collaborator_id = $3, collaborator_name = $4, delivery_deadline = $5, updated_at = $6 WHERE id = $1', [
        event.data.orderId,
        event.data.taskId,
        event.data.collaboratorId,
        event.data.collaboratorName,
        event.data.deadline,
        event.metadata.at,
      ]),
    // The customer's code burnt after wrong tries: their page shows the new one (a wrong try alone changes no row).
    OrderCodeReissued: (event, tx) =>
      tx.query('UPDATE orders SET pickup_code = coalesce($2, pickup_code), delivery_code = coalesce($3, delivery_code), updated_at = $4 WHERE id = $1', [
        event.data.orderId,
        event.data.pickupCode,
        event.data.deliveryCode,
        event.metadata.at,
      ]),
    // The customer's withdrawal (withdrawal.ts): sent, the goods back, refunded.
    OrderWithdrawn: async (event, tx) => {
      const { orderId, items, amountCents, shippingCostCents, reason, withdrawnAt } = event.data;
      await tx.query(
        `UPDATE orders SET withdrawal_state = 'requested', withdrawal_reason = $2, withdrawn_at = $3, withdrawal_amount_cents = $4,
           withdrawal_shipping_cents = $5, updated_at = $6 WHERE id = $1`,
        [orderId, reason || null, withdrawnAt, amountCents, shippingCostCents, event.metadata.at],
      );
      await tx.query(
        `UPDATE order_items i SET withdrawn_quantity = w.quantity
         FROM jsonb_to_recordset($2::jsonb) AS w (product_id uuid, quantity int)
         WHERE i.order_id = $1 AND i.product_id = w.product_id`,
        [orderId, JSON.stringify(items.map((i) => ({ product_id: i.productId, quantity: i.quantity })))],
      );
    },
    OrderWithdrawalReturnReceived: (event, tx) =>
      tx.query("UPDATE orders SET withdrawal_state = 'returned', withdrawal_returned_at = $2, updated_at = $3 WHERE id = $1 AND withdrawal_state = 'requested'", [
        event.data.orderId,
        event.data.receivedAt,
        event.metadata.at,
      ]),
    OrderWithdrawalRefunded: (event, tx) =>
      tx.query("UPDATE orders SET withdrawal_state = 'refunded', withdrawal_refunded_at = $2, updated_at = $3 WHERE id = $1", [
        event.data.orderId,
        event.data.refundedAt,
        event.metadata.at,
      ]),
    OrderDeliveryUnassigned: (event, tx) =>
      tx.query(
        'UPDATE orders SET delivery_task_id = NULL, collaborator_id = NULL, collaborator_name = NULL, delivery_deadline = NULL, updated_at = $2 WHERE id = $1 AND delivery_task_id = $3',
        [event.data.orderId, event.metadata.at, event.data.taskId],
      ),
  }),
};
