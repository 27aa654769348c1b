import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeStoreStatus } from './commands.js';
import { storesApi, storeStatuses, type Store } from './contract.js';
import { storeJson, type StoreRow } from './queries.js';
import { anyOf, answerList, findOne, uuidFilter, type ListResource } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';

/** Admin list of stores (docs/api-admin.md): the owner's `Store`, pending ones first unless sorted. */
export const storesResource: ListResource = {
  name: 'stores',
  from: 'stores s',
  select: 's.*, coalesce((SELECT views FROM store_views v WHERE v.store_id = s.id), 0)::int AS views',
  id: 's.id',
  sortable: {
    id: 's.id',
    name: 'lower(s.name)',
    slug: 's.slug',
    category: 's.category',
    address: 's.address',
    status: 's.status',
    userId: 's.owner_id',
    createdAt: 's.created_at',
    updatedAt: 's.updated_at',
  },
  defaultOrder: "(s.status = 'pending') DESC, s.created_at DESC",
  filters: {
    status: anyOf(storeStatuses, 'Stato', 's.status'),
    userId: uuidFilter('s.owner_id'),
    category: { schema: z.string({ error: 'Categoria non valida.' }).max(60), where: (p) => `s.category = ${p}` },
  },
  searchText: 's.admin_text',
  notFound: 'Negozio non trovato.',
};

/** Admin work on stores: the list, one store, and its status through the store's commands. */
export const adminStoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.route({
    ...storesApi.adminList,
    handler: async (request, reply) => (await answerList<StoreRow>(db, reply, storesResource, request.query, storeJson)) as Store[],
  });

  app.route({
    ...storesApi.adminShow,
    handler: async (request) => storeJson(await findOne<StoreRow>(db, storesResource, request.params.id)),
  });

  app.route({
    ...storesApi.adminUpdate,
    handler: async (request) => {
      const { id } = request.params;
      const current = await findOne<StoreRow>(db, storesResource, id);
      const { status, reason } = request.body;
      if (status) await request.settle(await changeStoreStatus(app.deps, id, { from: current.status, to: status, reason }, commandContext(request)));
      return storeJson(await findOne<StoreRow>(db, storesResource, id));
    },
  });
};
