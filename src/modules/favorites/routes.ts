import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { favoritesDecider, favoritesStreamId } from './decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { commandContext } from '../../platform/http/command-context.js';
import { customerOnly, requireRole } from '../../platform/http/plugins/session.js';
import { uuidParam } from '../../platform/http/schemas.js';

/** Spec §7 favourites: shops a customer keeps at hand (spec §1: favourites are the customer's; rating shown as 4.5 until reviews exist). */
export const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, store } = app.deps;

  app.get('/api/favorites', { config: customerOnly }, async (request) => {
    const user = requireRole(request, 'customer');
    const { rows } = await pool.query(
      `SELECT s.id, s.name, s.slug, s.category, s.logo AS "logoUrl", NULL::numeric AS rating, s.address
       FROM favorites f JOIN stores s ON s.id = f.store_id
       WHERE f.user_id = $1 AND s.status = 'active' ORDER BY f.created_at DESC`,
      [user.id],
    );
    return rows;
  });

  app.post('/api/favorites', { config: customerOnly, schema: { body: z.object({ storeId: uuidParam }) } }, async (request, reply) => {
    const user = requireRole(request, 'customer');
    const { rowCount } = await pool.query("SELECT 1 FROM stores WHERE id = $1 AND status = 'active'", [request.body.storeId]);
    if (!rowCount) throw new DomainError('Negozio non trovato.', 'not-found');
    const { position } = await handleCommand(store, favoritesStreamId(user.id), favoritesDecider(user.id), { type: 'AddFavorite', storeId: request.body.storeId }, commandContext(request));
    await request.settle(position);
    return reply.status(201).send({ storeId: request.body.storeId });
  });

  app.delete('/api/favorites/:storeId', { config: customerOnly, schema: { params: z.object({ storeId: uuidParam }) } }, async (request, reply) => {
    const user = requireRole(request, 'customer');
    const { position } = await handleCommand(store, favoritesStreamId(user.id), favoritesDecider(user.id), { type: 'RemoveFavorite', storeId: request.params.storeId }, commandContext(request));
    await request.settle(position);
    return reply.status(204).send();
  });
};
