import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/http/plugins/session.js';
import { analyticsApi } from './contract.js';
import { adminStatsOf } from './queries.js';

/** GET /api/admin/stats (spec §7): the admin dashboard's counts. */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...analyticsApi.adminStats,
    handler: async (request) => {
      requireRole(request, 'admin');
      return adminStatsOf(app.deps.db);
    },
  });
};
