import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderStatusLabels, type OrderStatus } from './order.js';
import { anyOf, answerList, listQuerystring, uuidFilter, type ListResource } from '../../platform/http/admin-rest.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { uuidParam } from '../../platform/http/schemas.js';
import { orderView } from './routes.js';

const statuses = Object.keys(orderStatusLabels) as [OrderStatus, ...OrderStatus[]];

/** Every order, as docs/api-orders.md `Order` without items, timeline and pickup code. */
export const ordersResource: ListResource = {
  name: 'orders',
  from: 'orders o',
  select: `o.id, o.user_id AS "userId", o.store_id AS "storeId", o.store_name AS "storeName", o.status,
    o.payment_status AS "paymentStatus", o.payment_method AS "paymentMethod", o.subtotal, o.shipping_cost AS "shippingCost",
    o.total, o.delivery_type AS "deliveryType", o.delivery_address AS "deliveryAddress", o.pickup_time AS "pickupTime",
    o.customer_name AS "customerName", o.customer_phone AS "customerPhone", o.customer_email AS "customerEmail", o.notes,
    o.cancel_reason AS "cancelReason", o.cancelled_by AS "cancelledBy", o.item_count AS "itemCount",
    o.created_at AS "createdAt", o.updated_at AS "updatedAt"`,
  id: 'o.id',
  sortable: {
    id: 'o.id',
    status: 'o.status',
    total: 'o.total',
    storeName: 'o.store_name',
    customerName: 'o.customer_name',
    createdAt: 'o.created_at',
    updatedAt: 'o.updated_at',
  },
  defaultOrder: 'o.created_at DESC',
  filters: {
    status: anyOf(statuses, 'Stato dell’ordine', 'o.status'),
    storeId: uuidFilter('o.store_id'),
    userId: uuidFilter('o.user_id'),
  },
  searchText: 'o.admin_text',
  notFound: 'Ordine non trovato.',
};

/** Admin list of orders; one order is the full `Order` with its items and timeline. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, db } = app.deps;

  app.get('/api/admin/orders', { schema: { querystring: listQuerystring } }, async (request, reply) =>
    answerList(db, reply, ordersResource, request.query),
  );
  app.get('/api/admin/orders/:id', { schema: { params: z.object({ id: uuidParam }) } }, async (request) =>
    orderView(pool, requireRole(request, 'admin'), request.params.id),
  );
};
