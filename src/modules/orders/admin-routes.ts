import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerList } from '../../platform/http/admin-rest.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { ordersApi, type AdminOrderRow } from './contract.js';
import { ordersResource, orderView } from './queries.js';

/** Admin list of orders; one order is the full `Order` with its items and timeline. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.route({
    ...ordersApi.adminList,
    handler: async (request, reply) => (await answerList(db, reply, ordersResource, request.query)) as AdminOrderRow[],
  });
  app.route({
    ...ordersApi.adminGet,
    handler: async (request) => orderView(db, requireRole(request, 'admin'), request.params.id),
  });
};
