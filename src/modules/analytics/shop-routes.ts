import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { analyticsApi } from './contract.js';
import { shopAnalyticsOf } from './queries.js';

/**
 * GET /api/shopkeeper/analytics (docs/api-orders.md): the shopkeeper's own stores' figures.
 * Another shop's figures are never in it: the stores are the session user's, and asking for
 * another's is a 404.
 */
export const shopAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...analyticsApi.shopAnalytics,
    handler: async (request) => {
      const user = requireRole(request, 'shopkeeper');
      const figures = await shopAnalyticsOf(app.deps.db, user.id, request.query.days, request.query.storeId);
      if (!figures) throw new DomainError('Negozio non trovato.', 'not-found');
      return figures;
    },
  });
};
