import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { earningsApi } from './contract.js';
import { shopOfOwner } from '../payments/accounts-queries.js';
import { earningsOf } from './queries.js';

/** A shop's takings: the shopkeeper's own, never another shop's. */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.route({
    ...earningsApi.mine,
    handler: async (request) => {
      const user = requireRole(request, 'shopkeeper');
      const shop = await shopOfOwner(db, user.id);
      if (!shop) throw new DomainError('Non hai ancora un negozio: gli incassi arrivano con i primi ordini pagati online.', 'not-found');
      return earningsOf(db, shop.id, request.query);
    },
  });
};
