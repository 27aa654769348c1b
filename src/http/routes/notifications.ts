import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../plugins/session.js';

/** Spec §7: the user's notifications, newest first, with their read flag. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/notifications', async (request) => {
    const user = requireUser(request);
    const { rows } = await app.deps.pool.query(
      `SELECT id, title, message, link, read, created_at AS "createdAt" FROM notifications
       WHERE user_id = $1 ORDER BY created_at DESC LIMIT 100`,
      [user.id],
    );
    return rows;
  });
};
