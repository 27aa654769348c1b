import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeStoreStatus, checkSeller } from './commands.js';
import { storesApi, type Store } from './contract.js';
import { sellerOf, storesResource } from './queries.js';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';

/** Admin work on stores: the list, one store, and its status through the store's commands. */
export const adminStoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.route({
    ...storesApi.adminList,
    handler: async (request, reply) => (await answerList(db, reply, storesResource, request.query)) as Store[],
  });

  app.route({
    ...storesApi.adminShow,
    handler: async (request) => findOne<Store>(db, storesResource, request.params.id),
  });

  app.route({
    ...storesApi.adminUpdate,
    handler: async (request) => {
      const { id } = request.params;
      const current = await findOne<Store>(db, storesResource, id);
      const { status, reason } = request.body;
      if (status) await request.settle(await changeStoreStatus(app.deps, id, { from: current.status, to: status, reason }, commandContext(request)));
      return findOne<Store>(db, storesResource, id);
    },
  });

  // Who sells in the shop (issue [21]): the admin checks the VAT number declared, and confirms it or refuses it with the reason.
  const sellerOfStore = async (id: string) => {
    await findOne<Store>(db, storesResource, id);
    return { seller: await sellerOf(db, id) };
  };
  app.route({ ...storesApi.adminSeller, handler: async (request) => sellerOfStore(request.params.id) });
  app.route({
    ...storesApi.verifySeller,
    handler: async (request) => {
      await findOne<Store>(db, storesResource, request.params.id);
      await request.settle(await checkSeller(app.deps, request.params.id, { verified: true }, commandContext(request)));
      return sellerOfStore(request.params.id);
    },
  });
  app.route({
    ...storesApi.refuseSeller,
    handler: async (request) => {
      await findOne<Store>(db, storesResource, request.params.id);
      await request.settle(await checkSeller(app.deps, request.params.id, { verified: false, reason: request.body.reason }, commandContext(request)));
      return sellerOfStore(request.params.id);
    },
  });
};
