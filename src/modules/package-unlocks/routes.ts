import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext, commandOnRecord } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { siteUrl } from '../email/links.js';
import { appProviders } from '../payments/routes.js';
import { adminUnlock, purchaseUnlock } from './commands.js';
import { packageUnlocksApi, unlockPurchaseKey, type AdminPackageUnlock } from './contract.js';
import { unlockFor, unlocksFor, unlocksResource } from './queries.js';

/** Issue [12]: the shopkeeper's unlocked collaboration packages, their purchase, and the admin's override. */
export const packageUnlockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const providers = appProviders(app);

  app.route({
    ...packageUnlocksApi.list,
    config: { roles: ['shopkeeper', 'collaborator', 'admin'] },
    handler: async (request) => unlocksFor(db, requireRole(request, 'shopkeeper', 'collaborator', 'admin'), new Date()),
  });

  app.route({
    ...packageUnlocksApi.purchase,
    config: { roles: ['shopkeeper'] },
    handler: async (request) => {
      const user = requireRole(request, 'shopkeeper');
      const key = unlockPurchaseKey.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw new DomainError(key.error.issues[0]!.message, 'invalid');
      const ctx = commandContext(request);
      const back = `${siteUrl}/shopkeeper/collaborations?sblocco=${encodeURIComponent(request.params.id)}`;
      const { paymentId, paymentUrl, position } = await purchaseUnlock(
        { ...app.deps, providers },
        { unlockId: request.params.id, shopkeeperId: user.id, idempotencyKey: key.data, paymentMethod: request.body.paymentMethod, returnUrl: back, cancelUrl: back },
        ctx,
      );
      await request.settle(position);
      return { unlock: await unlockFor(db, user, request.params.id, ctx.now), paymentId, paymentUrl };
    },
  });

  app.route({
    ...packageUnlocksApi.adminUnlock,
    handler: async (request) =>
      commandOnRecord(
        request,
        ['admin'],
        (id, _user, ctx) => adminUnlock(app.deps, id, request.body, ctx),
        (id, user, ctx) => unlockFor(db, user, id, ctx.now),
      ),
  });

  // The back office's list and page (admins only, as every /api/admin/ route).
  app.route({
    ...packageUnlocksApi.adminList,
    handler: async (request, reply) => (await answerList(db, reply, unlocksResource, request.query)) as AdminPackageUnlock[],
  });
  app.route({ ...packageUnlocksApi.adminGet, handler: async (request) => findOne<AdminPackageUnlock>(db, unlocksResource, request.params.id) });
};
