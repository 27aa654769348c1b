import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readPage } from '../../platform/db/read-page.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { creditsApi, type CreditsSummary } from './contract.js';
import { ledgerOf } from './commands.js';
import { balanceAt, EXPIRY_NOTICE_DAYS } from './ledger.js';
import { movementOf, movementsOf } from './queries.js';

/** Issue [11]: a shopkeeper's or collaborator's AI credits. */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, store } = app.deps;

  app.route({
    ...creditsApi.summary,
    handler: async (request): Promise<CreditsSummary> => {
      const user = requireRole(request, 'shopkeeper', 'collaborator');
      const now = new Date();
      // The balance from the ledger itself: what can be spent at this moment, lots past their expiry left out.
      const [state, latest] = await Promise.all([
        ledgerOf(store, user.id),
        readPage(db, movementsOf(user.id), { page: 1, pageSize: 10 }),
      ]);
      const horizon = now.getTime() + EXPIRY_NOTICE_DAYS * 86_400_000;
      return {
        balance: balanceAt(state, now),
        totalPurchased: state.totalPurchased,
        totalUsed: state.totalUsed,
        expiringSoon: state.lots
          .filter((lot) => !lot.expired && lot.remaining > 0 && new Date(lot.expiresAt).getTime() > now.getTime() && new Date(lot.expiresAt).getTime() <= horizon)
          .map((lot) => ({ credits: lot.remaining, expiresAt: lot.expiresAt })),
        movements: latest.rows.map(movementOf),
      };
    },
  });

  app.route({
    ...creditsApi.movements,
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper', 'collaborator');
      const { rows, total } = await readPage(db, movementsOf(user.id), request.query);
      reply.header('X-Total-Count', String(total));
      return rows.map(movementOf);
    },
  });
};
