import { z } from 'zod';
import { fixedSql, sql, type ReadDb } from '../../platform/db/read.js';
import { DomainError } from '../../platform/domain/errors.js';
import { centsRow } from '../../platform/http/money.js';
import { anyOf, uuidFilter, type ListResource } from '../../platform/http/admin-rest.js';
import type { SessionUser } from '../../platform/http/plugins/session.js';
import type { ReadList } from '../../platform/db/read-page.js';
import { compensationKeyPrefix } from '../complaints/labels.js';
import {
  customerOrderSummary,
  order,
  orderLine,
  orderDispute,
  orderRefund,
  orderStatuses,
  orderTimelineEntry,
  storeOrderSummary,
  type Order,
  type OrderListQuery,
  type OrderWithdrawal,
} from './contract.js';
import { orderPaymentStatuses } from './labels.js';
import { disputeReasonLabels } from '../payments/labels.js';
import { allowedOrderActions, type OrderStatus } from './order.js';
import { withdrawalStates, withdrawalTerms } from './withdrawal.js';

type ValueExpression = Parameters<typeof sql.fragment>[1];

/** SQL: the first instant of the month of the instant `at`, on the shops' calendar (Europe/Rome). */
export const romeMonthStart = (at: ValueExpression) => sql.fragment`(date_trunc('month', ${at}::timestamptz AT TIME ZONE 'Europe/Rome') AT TIME ZONE 'Europe/Rome')`;

/**
 * An order's payment as people read it (SQL over `orders o`): a paid order part of whose payment
 * the provider confirmed refunded (a dispute's refund, payment_refunds) is `partially_refunded`,
 * all of it `refunded`, before the order's own events say so.
 */
const shownPaymentStatusText = `CASE WHEN o.payment_status = 'paid' AND o.payment_id IS NOT NULL THEN coalesce((
    SELECT CASE WHEN sum(r.amount_cents) >= o.total_cents THEN 'refunded' WHEN sum(r.amount_cents) > 0 THEN 'partially_refunded' END
    FROM payment_refunds r WHERE r.payment_id = o.payment_id AND r.refunded_at IS NOT NULL), 'paid')
  ELSE o.payment_status END`;
const shownPaymentStatus = fixedSql(shownPaymentStatusText);

/** An order's row: the order as `Order` shows it, without lines and timeline, with its shop's owner. */
const orderRowSchema = centsRow(
  order.omit({ items: true, timeline: true, allowedActions: true, money: true, withdrawal: true }).extend({
    storeOwnerId: z.uuid(),
    paymentId: z.uuid().nullable(),
    /** The payment as the order's events say it (the withdrawal's terms read it so). */
    paidStatus: z.string(),
    shippingCostCents: z.number(),
    deliveredAt: z.string().nullable(),
    withdrawalState: z.enum(withdrawalStates).nullable(),
    withdrawalReason: z.string().nullable(),
    withdrawnAt: z.string().nullable(),
    withdrawalAmountCents: z.number().nullable(),
    withdrawalShippingCents: z.number().nullable(),
    withdrawalReturnedAt: z.string().nullable(),
    withdrawalRefundedAt: z.string().nullable(),
  }),
);
export type OrderRow = z.infer<typeof orderRowSchema>;

export async function orderRow(db: ReadDb, orderId: string): Promise<OrderRow | null> {
  return db.maybeOne(sql.type(orderRowSchema)`
    SELECT o.id, o.user_id AS "userId", o.store_id AS "storeId", o.store_owner_id AS "storeOwnerId", o.store_name AS "storeName",
           s.slug AS "storeSlug", s.address AS "storeAddress", s.latitude::float8 AS "storeLatitude", s.longitude::float8 AS "storeLongitude", o.status, o.subtotal_cents AS subtotal, o.shipping_cost_cents AS "shippingCost", o.total_cents AS total,
           o.delivery_type AS "deliveryType", o.delivery_address AS "deliveryAddress",
           o.delivery_latitude AS "deliveryLatitude", o.delivery_longitude AS "deliveryLongitude",
           o.pickup_time AS "pickupTime", o.payment_method AS "paymentMethod", ${shownPaymentStatus} AS "paymentStatus",
           o.customer_name AS "customerName", o.customer_phone AS "customerPhone", o.customer_email AS "customerEmail",
           o.notes, o.pickup_code AS "pickupCode", o.delivery_code AS "deliveryCode", o.delivery_task_id AS "deliveryTaskId",
           o.collaborator_id AS "collaboratorId", o.collaborator_name AS "collaboratorName", o.delivery_deadline AS "deliveryDeadline",
           o.cancel_reason AS "cancelReason", o.cancelled_by AS "cancelledBy",
           o.payment_due_at AS "paymentDueAt", o.payment_id AS "paymentId", o.created_at AS "createdAt", o.updated_at AS "updatedAt",
           o.payment_status AS "paidStatus", o.shipping_cost_cents::int AS "shippingCostCents", o.delivered_at AS "deliveredAt",
           o.withdrawal_state AS "withdrawalState", o.withdrawal_reason AS "withdrawalReason", o.withdrawn_at AS "withdrawnAt",
           o.withdrawal_amount_cents::int AS "withdrawalAmountCents", o.withdrawal_shipping_cents::int AS "withdrawalShippingCents",
           o.withdrawal_returned_at AS "withdrawalReturnedAt", o.withdrawal_refunded_at AS "withdrawalRefundedAt"
    FROM orders o LEFT JOIN stores s ON s.id = o.store_id WHERE o.id = ${orderId}`);
}

const categoryRow = z.object({ id: z.string(), category: z.string().nullable() });
const withdrawalToRefundRow = z.object({ id: z.string(), paymentId: z.string(), confirmed: z.boolean() });

/** Each product's category in the catalogue, by id (the withdrawal's exclusions read it; a product gone has none). */
export async function productCategories(db: ReadDb, productIds: readonly string[]): Promise<Record<string, string | null>> {
  // The lines of orders placed since they keep their category need none.
  if (productIds.length === 0) return {};
  const rows = await db.any(sql.type(categoryRow)`
    SELECT id, category FROM products WHERE id = ANY (${sql.array(productIds, 'uuid')})`);
  return Object.fromEntries(rows.map((r) => [r.id, r.category]));
}

/**
 * The withdrawals whose goods came back to the shop and whose refund through the order's online
 * payment is not recorded yet: the payments' process asks for it (again: its key refunds once) and
 * records it once the provider confirmed it.
 */
export async function withdrawalsToRefund(db: ReadDb, limit: number): Promise<readonly { id: string; paymentId: string; confirmed: boolean }[]> {
  return db.any(sql.type(withdrawalToRefundRow)`
    SELECT o.id, o.payment_id AS "paymentId",
           EXISTS (SELECT 1 FROM payment_refunds r WHERE r.payment_id = o.payment_id AND r.refund_key = 'withdrawal-' || o.id::text AND r.refunded_at IS NOT NULL) AS confirmed
    FROM orders o WHERE o.withdrawal_state = 'returned' AND o.payment_id IS NOT NULL LIMIT ${limit}`);
}

/** The order's withdrawal as its page shows it (withdrawal.ts), from its row and lines at `now`. */
export function withdrawalView(
  order: OrderRow,
  lines: readonly { productId: string; name: string; price: number; quantity: number; category: string | null; withdrawnQuantity: number }[],
  now: Date,
): OrderWithdrawal {
  const terms = withdrawalTerms(
    {
      deliveryType: order.deliveryType,
      status: order.status,
      paymentStatus: order.paidStatus,
      shippingCostCents: order.shippingCostCents,
      deliveredAt: order.deliveredAt,
      withdrawn: order.withdrawalState !== null,
      lines: lines.map((l) => ({ productId: l.productId, name: l.name, priceCents: l.price, quantity: l.quantity, category: l.category })),
    },
    now,
  );
  const withdrawn = order.withdrawalState !== null;
  return {
    possible: terms.possible,
    refusal: withdrawn ? null : terms.refusal,
    until: terms.until,
    deliveredAt: order.deliveredAt,
    excludedLines: terms.excluded,
    refund: withdrawn ? (order.withdrawalAmountCents ?? 0) : terms.refundCents,
    shippingRefund: withdrawn ? (order.withdrawalShippingCents ?? 0) : terms.shippingRefundCents,
    state: order.withdrawalState,
    reason: order.withdrawalReason,
    withdrawnAt: order.withdrawnAt,
    returnedAt: order.withdrawalReturnedAt,
    refundedAt: order.withdrawalRefundedAt,
    lines: lines.filter((l) => l.withdrawnQuantity > 0).map((l) => ({ productId: l.productId, name: l.name, quantity: l.withdrawnQuantity })),
  };
}

export type Side = 'customer' | 'store' | 'admin';

/** Which side the user is on for this order; none (404, so the order's existence does not leak). */
export function sideOf(user: SessionUser, order: Pick<OrderRow, 'userId' | 'storeOwnerId'>): Side {
  if (user.role === 'admin') return 'admin';
  if (order.userId === user.id) return 'customer';
  if (order.storeOwnerId === user.id) return 'store';
  throw new DomainError('Ordine non trovato.', 'not-found');
}

const timelineRow = z.object({ status: orderTimelineEntry.shape.status, at: z.string(), userId: z.string().nullable(), role: z.string().nullable(), note: z.string().nullable() });

const orderLineRow = centsRow(orderLine.extend({ category: z.string().nullable(), withdrawnQuantity: z.number() }));
const refundRow = centsRow(orderRefund);
const disputeRow = centsRow(orderDispute);

/**
 * What an order paid online came to: what was paid, each refund of its payment (asked or confirmed;
 * the case it was decided in, when a compensation's), what went back and what is left. Null when
 * nothing was paid online.
 */
export async function orderMoney(db: ReadDb, order: Pick<OrderRow, 'paymentId' | 'paymentStatus' | 'total'>): Promise<Order['money']> {
  if (!order.paymentId || !['paid', 'partially_refunded', 'refunded'].includes(order.paymentStatus)) return null;
  const refunds = await db.any(sql.type(refundRow)`
    SELECT r.amount_cents::int AS amount, CASE WHEN r.refunded_at IS NULL THEN 'requested' ELSE 'refunded' END AS status,
           r.requested_at AS "requestedAt", r.refunded_at AS "refundedAt", r.reason,
           CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'kind', c.kind, 'title', c.title) END AS "fromCase"
    FROM payment_refunds r
    LEFT JOIN complaints c ON c.id = CASE WHEN starts_with(r.refund_key, ${compensationKeyPrefix}) THEN substr(r.refund_key, ${compensationKeyPrefix.length + 1})::uuid END
    WHERE r.payment_id = ${order.paymentId} ORDER BY r.requested_at, r.refund_key`);
  // An order refunded before refunds were kept one by one: all of it went back.
  const refunded = order.paymentStatus === 'refunded' && refunds.length === 0 ? order.total : refunds.filter((r) => r.status === 'refunded').reduce((sum, r) => sum + r.amount, 0);
  const disputes = await db.any(sql.type(disputeRow)`
    SELECT amount_cents::int AS amount, status, reason, opened_at AS "openedAt", closed_at AS "closedAt"
    FROM payment_disputes WHERE payment_id = ${order.paymentId} ORDER BY opened_at, dispute_id`);
  return {
    paid: order.total,
    refunded,
    left: Math.max(order.total - refunded, 0),
    refunds: [...refunds],
    disputes: disputes.map((d) => ({ ...d, reason: d.reason === null ? null : (disputeReasonLabels[d.reason] ?? 'Motivo indicato dalla banca') })),
  };
}

/** docs/api-orders.md `Order`, as the caller may see it (the pickup and delivery codes are its customer's alone; its task the shop's). */
export async function orderView(db: ReadDb, user: SessionUser, orderId: string): Promise<Order> {
  const order = await orderRow(db, orderId);
  if (!order) throw new DomainError('Ordine non trovato.', 'not-found');
  const side = sideOf(user, order);
  const [items, timeline, money] = await Promise.all([
    db.any(sql.type(orderLineRow)`
      SELECT i.product_id AS "productId", i.name, i.price_cents AS price, i.quantity, i.price_cents * i.quantity AS "lineTotal",
             COALESCE(i.category, p.category) AS category, i.withdrawn_quantity AS "withdrawnQuantity"
      FROM order_items i LEFT JOIN products p ON p.id = i.product_id WHERE i.order_id = ${orderId} ORDER BY i.line`),
    db.any(sql.type(timelineRow)`
      SELECT status, at, actor_user_id AS "userId", actor_role AS role, note
      FROM order_timeline WHERE order_id = ${orderId} ORDER BY revision`),
    orderMoney(db, order),
  ]);
  const {
    storeOwnerId: _owner,
    paymentId: _payment,
    paidStatus: _paid,
    shippingCostCents: _shipping,
    deliveredAt: _delivered,
    withdrawalState: _state,
    withdrawalReason: _reason,
    withdrawnAt: _withdrawn,
    withdrawalAmountCents: _amount,
    withdrawalShippingCents: _shippingBack,
    withdrawalReturnedAt: _returned,
    withdrawalRefundedAt: _refunded,
    ...visible
  } = order;
  return {
    ...visible,
    pickupCode: side === 'customer' ? order.pickupCode : null,
    deliveryCode: side === 'customer' ? order.deliveryCode : null,
    deliveryTaskId: side === 'customer' ? null : order.deliveryTaskId,
    items: items.map(({ category: _category, withdrawnQuantity: _withdrawn, ...line }) => line),
    withdrawal: withdrawalView(order, items, new Date()),
    timeline: timeline.map((t) => ({
      status: t.status,
      at: t.at,
      by: t.userId ? { userId: t.userId, role: t.role } : null,
      note: t.note,
    })),
    money,
    // Part of it refunded is still paid, as the order's moves read it.
    allowedActions: allowedOrderActions({ ...order, paymentStatus: order.paymentStatus === 'partially_refunded' ? 'paid' : order.paymentStatus }, side),
  };
}

const statusIn = (statuses: readonly string[]) => {
  const list = sql.array(statuses, 'text');
  return sql.fragment`(cardinality(${list}) = 0 OR status = ANY (${list}))`;
};

const customerOrderSummaryRow = centsRow(customerOrderSummary);
const storeOrderSummaryRow = centsRow(storeOrderSummary);

/** A customer's orders in the states asked (all when none), newest first. */
export const customerOrders = (userId: string, { status }: OrderListQuery): ReadList<typeof customerOrderSummary> => ({
  row: customerOrderSummaryRow,
  select: sql.fragment`id, store_id AS "storeId", store_name AS "storeName", total_cents AS total, status, ${shownPaymentStatus} AS "paymentStatus",
    delivery_type AS "deliveryType", item_count AS "itemCount", created_at AS "createdAt"`,
  from: sql.fragment`orders o WHERE user_id = ${userId} AND ${statusIn(status)}`,
  order: sql.fragment`created_at DESC, id`,
});

/** A shop's orders in the states asked (all when none), newest first. */
export const storeOrders = (storeId: string, { status }: OrderListQuery): ReadList<typeof storeOrderSummary> => ({
  row: storeOrderSummaryRow,
  select: sql.fragment`id, customer_name AS "customerName", total_cents AS total, status, payment_method AS "paymentMethod", ${shownPaymentStatus} AS "paymentStatus",
    delivery_type AS "deliveryType", pickup_time AS "pickupTime", item_count AS "itemCount", created_at AS "createdAt", delivery_task_id AS "deliveryTaskId",
    withdrawal_state AS "withdrawalState"`,
  from: sql.fragment`orders o WHERE store_id = ${storeId} AND ${statusIn(status)}`,
  order: sql.fragment`created_at DESC, id`,
});

/** How many orders there are, in all and in each state (every state named, none left out). */
function countsOf(rows: readonly { status: OrderStatus; count: number }[]) {
  const byStatus = Object.fromEntries(orderStatuses.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const r of rows) byStatus[r.status] = r.count;
  return { count: rows.reduce((n, r) => n + r.count, 0), byStatus };
}

const status = z.enum(orderStatuses);
const customerTotalsRow = z.object({ status, count: z.number(), total: z.number() });
const shopTotalsRow = z.object({ status, count: z.number(), month_orders: z.number(), month_revenue: z.number() });
const ownerRow = z.object({ owner_id: z.string() });

/**
 * A customer's orders per state, and what they spent: each order's total less what its payment's
 * provider confirmed refunded (a dispute's partial refund; all of it for an order refunded before
 * refunds were kept one by one).
 */
export async function customerTotals(db: ReadDb, userId: string) {
  const rows = await db.any(sql.type(customerTotalsRow)`
    SELECT o.status, count(*)::int AS count,
           sum(CASE WHEN o.payment_status = 'refunded' THEN 0 ELSE o.total_cents - least(o.total_cents, coalesce(r.refunded, 0)) END) AS total
    FROM orders o
    LEFT JOIN LATERAL (SELECT sum(amount_cents) AS refunded FROM payment_refunds WHERE payment_id = o.payment_id AND refunded_at IS NOT NULL) r ON o.payment_id IS NOT NULL
    WHERE o.user_id = ${userId} GROUP BY o.status`);
  // A cancelled order was never paid, or was refunded.
  const spent = rows.filter((r) => r.status !== 'cancelled').reduce((cents, r) => cents + r.total, 0);
  return { ...countsOf(rows), spent };
}

/** A shop's orders per state, and the orders and revenue of the month of `now`. */
export async function shopTotals(db: ReadDb, storeId: string, now: Date) {
  const monthStart = romeMonthStart(now.toISOString());
  const rows = await db.any(sql.type(shopTotalsRow)`
    SELECT status, count(*)::int AS count,
           count(*) FILTER (WHERE created_at >= ${monthStart})::int AS month_orders,
           coalesce(sum(total_cents) FILTER (WHERE created_at >= ${monthStart}), 0) AS month_revenue
    FROM orders WHERE store_id = ${storeId} GROUP BY status`);
  return {
    ...countsOf(rows),
    // Spec §2: the totals of the orders created this month, whatever became of them.
    thisMonth: {
      orders: rows.reduce((n, r) => n + r.month_orders, 0),
      revenue: rows.reduce((cents, r) => cents + r.month_revenue, 0),
    },
  };
}

/** Who owns a shop; null when there is no such shop. */
export async function shopOwner(db: ReadDb, storeId: string): Promise<string | null> {
  return db.maybeOneFirst(sql.type(ownerRow)`SELECT owner_id FROM stores WHERE id = ${storeId}`);
}

/** Every order, as docs/api-orders.md `Order` without items, timeline and pickup code. */
export const ordersResource: ListResource = {
  name: 'orders',
  from: 'orders o',
  select: `o.id, o.user_id AS "userId", o.store_id AS "storeId", o.store_name AS "storeName", o.status,
    ${shownPaymentStatusText} AS "paymentStatus", o.payment_method AS "paymentMethod", o.subtotal_cents AS subtotal, o.shipping_cost_cents AS "shippingCost",
    o.total_cents AS total, o.delivery_type AS "deliveryType", o.delivery_address AS "deliveryAddress", o.pickup_time AS "pickupTime",
    o.customer_name AS "customerName", o.customer_phone AS "customerPhone", o.customer_email AS "customerEmail", o.notes,
    o.cancel_reason AS "cancelReason", o.cancelled_by AS "cancelledBy", o.payment_due_at AS "paymentDueAt", o.item_count AS "itemCount",
    o.created_at AS "createdAt", o.updated_at AS "updatedAt"`,
  id: 'o.id',
  sortable: {
    id: 'o.id',
    status: 'o.status',
    total: 'o.total_cents',
    storeName: 'o.store_name',
    customerName: 'o.customer_name',
    createdAt: 'o.created_at',
    updatedAt: 'o.updated_at',
  },
  defaultOrder: 'o.created_at DESC',
  filters: {
    status: anyOf(orderStatuses, 'Stato dell’ordine', 'o.status'),
    paymentStatus: anyOf(orderPaymentStatuses, 'Stato del pagamento', `(${shownPaymentStatusText})`),
    storeId: uuidFilter('o.store_id'),
    userId: uuidFilter('o.user_id'),
  },
  searchText: 'o.admin_text',
  notFound: 'Ordine non trovato.',
};
