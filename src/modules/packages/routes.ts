import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { DomainError } from '../../platform/domain/errors.js';
import { appProviders } from '../payments/routes.js';
import { siteUrl } from '../email/links.js';
import { changePackage, createPackage, deletePackage, purchasePackage } from './commands.js';
import { packagesApi, purchaseKey, type AdminPackage } from './contract.js';
import { adminRecord, packageOnSale, packagesOf, packagesOnSale, packagesResource } from './queries.js';

type PackageRow = Parameters<ReturnType<typeof adminRecord>>[0];

/** The catalogue of packages for the shops, a shopkeeper's purchases, and the admin's management. */
export const packageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const record = async (id: string, now: Date) => adminRecord(now)(await findOne<PackageRow>(db, packagesResource, id));

  app.route({ ...packagesApi.list, handler: async (request) => packagesOnSale(db, request.query.type, new Date()) });
  app.route({
    ...packagesApi.mine,
    handler: async (request) => packagesOf(db, requireRole(request, 'shopkeeper').id, new Date()),
  });
  app.route({ ...packagesApi.show, handler: async (request) => packageOnSale(db, request.params.id, new Date()) });

  const providers = appProviders(app);
  app.route({
    ...packagesApi.purchase,
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper');
      const key = purchaseKey.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw new DomainError(key.error.issues[0]!.message, 'invalid');
      // Back to the packages' page, which tells how the payment went.
      const back = `${siteUrl}/shopkeeper/packages?acquisto=${encodeURIComponent(request.params.id)}`;
      const { paymentId, paymentUrl, position } = await purchasePackage(
        { ...app.deps, providers },
        { userId: user.id, packageId: request.params.id, idempotencyKey: key.data, paymentMethod: request.body.paymentMethod, returnUrl: back, cancelUrl: back },
        commandContext(request),
      );
      await request.settle(position);
      return reply.status(201).send({ paymentId, paymentUrl });
    },
  });

  app.route({
    ...packagesApi.adminList,
    handler: async (request, reply) => (await answerList(db, reply, packagesResource, request.query, adminRecord(new Date()))) as AdminPackage[],
  });
  app.route({ ...packagesApi.adminGet, handler: async (request) => record(request.params.id, new Date()) });

  app.route({
    ...packagesApi.create,
    handler: async (request, reply) => {
      const ctx = commandContext(request);
      const { id, position } = await createPackage(app.deps, request.body, ctx);
      await request.settle(position);
      return reply.status(201).send(await record(id, ctx.now).catch(() => ({ id })));
    },
  });

  app.route({
    ...packagesApi.update,
    handler: async (request) => {
      const { id } = request.params;
      const ctx = commandContext(request);
      const current = await record(id, ctx.now);
      const { status, changes } = request.body;
      // An archived package is read-only: sent back whole, its fields are not a change.
      if (current.status === 'active') await request.settle(await changePackage(app.deps, id, { type: 'ChangePackage', changes }, ctx));
      if (status === 'archived') await request.settle(await changePackage(app.deps, id, { type: 'ArchivePackage' }, ctx));
      return record(id, ctx.now);
    },
  });

  // ra-data-simple-rest's delete answers the record as it was.
  app.route({
    ...packagesApi.remove,
    handler: async (request) => {
      const ctx = commandContext(request);
      const current = await record(request.params.id, ctx.now);
      await request.settle(await deletePackage(app.deps, request.params.id, ctx));
      return current;
    },
  });
};
