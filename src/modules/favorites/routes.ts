import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandContext } from '../../platform/http/command-context.js';
import { customerOnly, requireRole } from '../../platform/http/plugins/session.js';
import { addFavorite, removeFavorite } from './commands.js';
import { favoritesApi } from './contract.js';
import { favoriteStoresOf } from './queries.js';

/** Spec §7 favourites: shops a customer keeps at hand (spec §1: favourites are the customer's; rating shown as 4.5 until reviews exist). */
export const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.route({
    ...favoritesApi.list,
    config: customerOnly,
    handler: async (request) => favoriteStoresOf(db, requireRole(request, 'customer').id),
  });

  app.route({
    ...favoritesApi.add,
    config: customerOnly,
    handler: async (request, reply) => {
      const user = requireRole(request, 'customer');
      await request.settle(await addFavorite(app.deps, user.id, request.body.storeId, commandContext(request)));
      return reply.status(201).send({ storeId: request.body.storeId });
    },
  });

  app.route({
    ...favoritesApi.remove,
    config: customerOnly,
    handler: async (request, reply) => {
      const user = requireRole(request, 'customer');
      await request.settle(await removeFavorite(app.deps, user.id, request.params.storeId, commandContext(request)));
      return reply.status(204).send();
    },
  });
};
