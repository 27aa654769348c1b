import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsApi } from './contract.js';
import { adminAnalyticsOf } from './queries.js';

/** GET /api/admin/analytics (docs/api-admin.md), from the analytics projections. */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...analyticsApi.adminAnalytics,
    handler: async (request) => adminAnalyticsOf(app.deps.db, request.query.days),
  });
};
