import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeStoreStatus } from './commands.js';
import { storesApi, type Store } from './contract.js';
import { storesResource } from './queries.js';
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
};
