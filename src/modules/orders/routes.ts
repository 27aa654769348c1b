import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { checkout } from './checkout.js';
import { moveOrder, type OrderMove } from './commands.js';
import { allowedOrderActions, type DeliveryType, type OrderStatus } from './order.js';
import { DomainError } from '../../platform/domain/errors.js';
import { commandContext } from '../../platform/http/command-context.js';
import { answerPage, pageQuery } from '../../platform/http/paging.js';
import { customerOnly, requireRole, requireUser, type SessionUser } from '../../platform/http/plugins/session.js';
import { emailField, requiredText, uuidParam } from '../../platform/http/schemas.js';

const orderStatuses = ['pending', 'preparing', 'ready', 'shipping', 'completed', 'cancelled'] as const;

const optionalNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}: scrivi un numero.` })
    .min(min, `${label} non valida.`)
    .max(max, `${label} non valida.`)
    .nullish();

const checkoutBody = z.object({
  customerName: requiredText('Nome', { max: 120 }),
  customerPhone: requiredText('Telefono', { max: 40 }).pipe(z.string().regex(/^\+?[0-9 ().-]{6,}$/, 'Numero di telefono non valido.')),
  customerEmail: emailField,
  // Each shop reads only its own note (stores[i].notes): one note for all went to every shop's order.
  notes: z.undefined({ error: 'Le note si scrivono per ciascun negozio: ognuno legge solo le sue.' }).optional(),
  paymentMethod: z.enum(['cash', 'stripe', 'paypal'], { error: 'Scegli un metodo di pagamento.' }),
  stores: z
    .array(
      z.object({
        storeId: uuidParam,
        deliveryType: z.enum(['pickup', 'shipping'], { error: 'Scegli ritiro in negozio o spedizione.' }),
        pickupTime: z.string({ error: 'Orario di ritiro non valido.' }).max(40, 'Orario di ritiro non valido.').nullish(),
        deliveryAddress: z.string({ error: 'Indirizzo: deve essere un testo.' }).trim().max(300, 'Indirizzo: al massimo 300 caratteri.').nullish(),
        deliveryLatitude: optionalNumber('Latitudine', -90, 90),
        deliveryLongitude: optionalNumber('Longitudine', -180, 180),
        notes: z.string({ error: 'Note: deve essere un testo.' }).max(1000, 'Note: al massimo 1000 caratteri.').optional(),
      }),
      { error: 'Scegli almeno un negozio.' },
    )
    .min(1, 'Scegli almeno un negozio.')
    .max(20, 'Al massimo 20 negozi per ordine.'),
});

/** The lists' filter and page (docs/api-orders.md): `?status=pending,preparing&page=2&pageSize=20`. */
const listQuery = z.object({
  status: z
    .string({ error: 'Stato: scrivi gli stati separati da virgole (es. pending,preparing).' })
    .optional()
    .transform((s) => (s ? s.split(',').map((x) => x.trim()).filter(Boolean) : []))
    .pipe(z.array(z.enum(orderStatuses, { error: 'Stato dell’ordine non valido.' }))),
  ...pageQuery(500),
});

/** SQL: the first instant of the month of the instant `param`, on the shops' calendar (Europe/Rome). */
export const romeMonthStart = (param: string) => `(date_trunc('month', ${param}::timestamptz AT TIME ZONE 'Europe/Rome') AT TIME ZONE 'Europe/Rome')`;

/** How many orders there are, in all and in each state (every state named, none left out). */
function countsOf(rows: { status: OrderStatus; count: number }[]) {
  const byStatus = Object.fromEntries(orderStatuses.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const r of rows) byStatus[r.status] = r.count;
  return { count: rows.reduce((n, r) => n + r.count, 0), byStatus };
}

const idempotencyKey = z
  .string({ error: 'Manca l’intestazione Idempotency-Key: serve a non creare due volte lo stesso ordine.' })
  .trim()
  .min(8, 'Idempotency-Key: almeno 8 caratteri.')
  .max(100, 'Idempotency-Key: al massimo 100 caratteri.');

interface OrderRow {
  id: string;
  userId: string;
  storeId: string;
  storeOwnerId: string;
  storeName: string;
  storeSlug: string | null;
  status: OrderStatus;
  deliveryType: DeliveryType;
  pickupCode: string | null;
  [column: string]: unknown;
}

async function orderRow(pool: pg.Pool, orderId: string): Promise<OrderRow | undefined> {
  const { rows } = await pool.query<OrderRow>(
    `SELECT o.id, o.user_id AS "userId", o.store_id AS "storeId", o.store_owner_id AS "storeOwnerId", o.store_name AS "storeName",
            s.slug AS "storeSlug", o.status, o.subtotal, o.shipping_cost AS "shippingCost", o.total,
            o.delivery_type AS "deliveryType", o.delivery_address AS "deliveryAddress",
            o.delivery_latitude AS "deliveryLatitude", o.delivery_longitude AS "deliveryLongitude",
            o.pickup_time AS "pickupTime", o.payment_method AS "paymentMethod", o.payment_status AS "paymentStatus",
            o.customer_name AS "customerName", o.customer_phone AS "customerPhone", o.customer_email AS "customerEmail",
            o.notes, o.pickup_code AS "pickupCode", o.cancel_reason AS "cancelReason", o.cancelled_by AS "cancelledBy",
            o.created_at AS "createdAt", o.updated_at AS "updatedAt"
     FROM orders o LEFT JOIN stores s ON s.id = o.store_id WHERE o.id = $1`,
    [orderId],
  );
  return rows[0];
}

type Side = 'customer' | 'store' | 'admin';

/** Which side the user is on for this order; none (404, so the order's existence does not leak). */
function sideOf(user: SessionUser, order: OrderRow): Side {
  if (user.role === 'admin') return 'admin';
  if (order.userId === user.id) return 'customer';
  if (order.storeOwnerId === user.id) return 'store';
  throw new DomainError('Ordine non trovato.', 'not-found');
}

/** docs/api-orders.md `Order`, as the caller may see it (the pickup code is its customer's alone). */
export async function orderView(pool: pg.Pool, user: SessionUser, orderId: string) {
  const order = await orderRow(pool, orderId);
  if (!order) throw new DomainError('Ordine non trovato.', 'not-found');
  const side = sideOf(user, order);
  const [items, timeline] = await Promise.all([
    pool.query(
      `SELECT product_id AS "productId", name, price, quantity, round(price * quantity, 2)::float8 AS "lineTotal"
       FROM order_items WHERE order_id = $1 ORDER BY line`,
      [orderId],
    ),
    pool.query<{ status: string; at: Date; userId: string | null; role: string | null; note: string | null }>(
      `SELECT status, at, actor_user_id AS "userId", actor_role AS role, note
       FROM order_timeline WHERE order_id = $1 ORDER BY revision`,
      [orderId],
    ),
  ]);
  const { storeOwnerId: _owner, ...visible } = order;
  return {
    ...visible,
    pickupCode: side === 'customer' ? order.pickupCode : null,
    items: items.rows,
    timeline: timeline.rows.map((t) => ({
      status: t.status,
      at: t.at,
      by: t.userId ? { userId: t.userId, role: t.role } : null,
      note: t.note,
    })),
    allowedActions: allowedOrderActions(order, side),
  };
}

/** Spec §7 orders: checkout, the two lists, one order and its moves (docs/api-orders.md). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { pool } = deps;

  app.post('/api/orders/checkout', { config: customerOnly, schema: { body: checkoutBody } }, async (request, reply) => {
    const user = requireRole(request, 'customer');
    const key = idempotencyKey.safeParse(request.headers['idempotency-key']);
    if (!key.success) throw new DomainError(key.error.issues[0]!.message, 'invalid');
    const { orders, position } = await checkout({ ...deps, settle: (position) => request.settle(position) }, user.id, key.data, request.body, commandContext(request));
    await request.settle(position);
    return reply.status(201).send({ orders });
  });

  app.get('/api/orders/user', { config: customerOnly, schema: { querystring: listQuery } }, async (request, reply) => {
    const user = requireRole(request, 'customer');
    return answerPage(
      pool,
      reply,
      {
        select: `id, store_id AS "storeId", store_name AS "storeName", total, status, payment_status AS "paymentStatus",
                 delivery_type AS "deliveryType", item_count AS "itemCount", created_at AS "createdAt"`,
        from: 'orders WHERE user_id = $1 AND (cardinality($2::text[]) = 0 OR status = ANY ($2::text[]))',
        order: 'created_at DESC, id',
        values: [user.id, request.query.status],
      },
      request.query,
    );
  });

  app.get('/api/orders/user/summary', { config: customerOnly }, async (request) => {
    const user = requireRole(request, 'customer');
    const { rows } = await pool.query<{ status: OrderStatus; count: number; total: number }>(
      'SELECT status, count(*)::int AS count, sum(total)::float8 AS total FROM orders WHERE user_id = $1 GROUP BY status',
      [user.id],
    );
    // A cancelled order was never paid, or was refunded.
    const spent = rows.filter((r) => r.status !== 'cancelled').reduce((cents, r) => cents + Math.round(r.total * 100), 0) / 100;
    return { ...countsOf(rows), spent };
  });

  /** The shop's owner, or an admin; anyone else is told the shop does not exist. */
  const shopFor = async (user: SessionUser, storeId: string): Promise<void> => {
    const { rows: shop } = await pool.query<{ owner_id: string }>('SELECT owner_id FROM stores WHERE id = $1', [storeId]);
    if (!shop[0] || (user.role !== 'admin' && shop[0].owner_id !== user.id)) throw new DomainError('Negozio non trovato.', 'not-found');
  };

  app.get(
    '/api/orders/store/:storeId',
    { schema: { params: z.object({ storeId: uuidParam }), querystring: listQuery } },
    async (request, reply) => {
      await shopFor(requireRole(request, 'shopkeeper', 'admin'), request.params.storeId);
      return answerPage(
        pool,
        reply,
        {
          select: `id, customer_name AS "customerName", total, status, payment_method AS "paymentMethod", payment_status AS "paymentStatus",
                   delivery_type AS "deliveryType", pickup_time AS "pickupTime", item_count AS "itemCount", created_at AS "createdAt"`,
          from: 'orders WHERE store_id = $1 AND (cardinality($2::text[]) = 0 OR status = ANY ($2::text[]))',
          order: 'created_at DESC, id',
          values: [request.params.storeId, request.query.status],
        },
        request.query,
      );
    },
  );

  app.get('/api/orders/store/:storeId/summary', { schema: { params: z.object({ storeId: uuidParam }) } }, async (request) => {
    await shopFor(requireRole(request, 'shopkeeper', 'admin'), request.params.storeId);
    const { rows } = await pool.query<{ status: OrderStatus; count: number; month_orders: number; month_revenue: number }>(
      `SELECT status, count(*)::int AS count,
              count(*) FILTER (WHERE created_at >= ${romeMonthStart('$2')})::int AS month_orders,
              coalesce(sum(total) FILTER (WHERE created_at >= ${romeMonthStart('$2')}), 0)::float8 AS month_revenue
       FROM orders WHERE store_id = $1 GROUP BY status`,
      [request.params.storeId, new Date()],
    );
    return {
      ...countsOf(rows),
      // Spec §2: the totals of the orders created this month, whatever became of them.
      thisMonth: {
        orders: rows.reduce((n, r) => n + r.month_orders, 0),
        revenue: rows.reduce((cents, r) => cents + Math.round(r.month_revenue * 100), 0) / 100,
      },
    };
  });

  app.get('/api/orders/:id', { schema: { params: z.object({ id: uuidParam }) } }, async (request) =>
    orderView(pool, requireUser(request), request.params.id),
  );

  const move = (action: OrderMove, body: z.ZodType<{ reason?: string; pickupCode?: string }>) =>
    app.post('/api/orders/:id/' + action, { schema: { params: z.object({ id: uuidParam }), body: body.nullish() } }, async (request) => {
      const user = requireUser(request);
      const order = await orderRow(pool, request.params.id);
      if (!order) throw new DomainError('Ordine non trovato.', 'not-found');
      const side = sideOf(user, order);
      if (side === 'customer' && action !== 'cancel') throw new DomainError('Solo il negozio può far avanzare l’ordine.', 'forbidden');
      const input = request.body ?? {};
      const by = side === 'customer' ? 'customer' : side === 'store' ? 'store' : 'admin';
      await request.settle(await moveOrder(deps, order.id, action, { by, reason: input.reason, pickupCode: input.pickupCode }, commandContext(request)));
      return orderView(pool, user, order.id);
    });

  const empty = z.object({}).passthrough();
  move('accept', empty);
  move('ready', empty);
  move('ship', empty);
  move('complete', z.object({ pickupCode: z.string({ error: 'Codice di ritiro: deve essere un testo.' }).max(20, 'Codice di ritiro non valido.').optional() }));
  move('cancel', z.object({ reason: z.string({ error: 'Motivo: deve essere un testo.' }).max(500, 'Motivo: al massimo 500 caratteri.').optional() }));
};
