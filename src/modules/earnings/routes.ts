import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { earningsApi } from './contract.js';
import { earningsOf, shopOf } from './queries.js';

/** A shop's takings: the shopkeeper's own, never another shop's. */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.route({
    ...earningsApi.mine,
    handler: async (request) => {
      const user = requireRole(request, 'shopkeeper');
      const storeId = await shopOf(db, user.id);
      if (!storeId) throw new DomainError('Non hai ancora un negozio: gli incassi arrivano con i primi ordini pagati online.', 'not-found');
      return earningsOf(db, storeId, request.query);
    },
  });
};
