import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/http/plugins/session.js';

/**
 * GET /api/admin/stats (spec §7): the admin dashboard's counts. Each read model adds its count
 * here as it comes to exist.
 */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/stats', async (request) => {
    requireRole(request, 'admin');
    const { rows } = await app.deps.pool.query<{ users: number; stores: number; products: number; orders: number }>(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM stores)::int AS stores,
              (SELECT count(*) FROM products WHERE NOT is_deleted)::int AS products, (SELECT count(*) FROM orders)::int AS orders`,
    );
    return rows[0]!;
  });
};
