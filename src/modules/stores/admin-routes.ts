import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeStore } from './commands.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { StoreCommand, StoreStatus } from './decider.js';
import type { StoreRow } from './projection.js';
import { anyOf, answerList, findOne, listQuerystring, uuidFilter, type ListResource } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { uuidParam } from '../../platform/http/schemas.js';
import { storeJson } from './routes.js';

const params = z.object({ id: uuidParam });
const statuses = ['pending', 'active', 'suspended'] as const satisfies readonly StoreStatus[];

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
    status: anyOf(statuses, 'Stato', 's.status'),
    userId: uuidFilter('s.owner_id'),
    category: { schema: z.string({ error: 'Categoria non valida.' }).max(60), where: (p) => `s.category = ${p}` },
  },
  searchText: 's.admin_text',
  notFound: 'Negozio non trovato.',
};

/** react-admin sends the whole record on PUT: only the status (with a reason to suspend) is read. */
const storeChanges = z.object({
  status: z.enum(statuses, { error: 'Stato non valido.' }).optional(),
  reason: z.string({ error: 'Motivo: deve essere un testo.' }).trim().max(500, 'Motivo: al massimo 500 caratteri.').optional(),
});

/** The store command that moves `from` to `to`; null when there is nothing to do. */
function statusCommand(from: string, to: StoreStatus, reason: string | undefined): Exclude<StoreCommand, { type: 'CreateStore' | 'UpdateStore' }> | null {
  if (from === to) return null;
  if (to === 'pending') throw new DomainError('Un negozio approvato non torna in attesa: sospendilo.', 'rule');
  if (to === 'active') return from === 'pending' ? { type: 'ApproveStore' } : { type: 'ReactivateStore' };
  if (!reason) throw new DomainError('Indica il motivo della sospensione.', 'invalid', { reason: 'Motivo: campo obbligatorio per sospendere.' });
  return { type: 'SuspendStore', reason };
}

/** Admin work on stores: the list, one store, and its status through the store's commands. */
export const adminStoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, store } = app.deps;

  app.get('/api/admin/stores', { schema: { querystring: listQuerystring } }, async (request, reply) =>
    answerList<StoreRow>(db, reply, storesResource, request.query, storeJson),
  );

  app.get('/api/admin/stores/:id', { schema: { params } }, async (request) =>
    storeJson(await findOne<StoreRow>(db, storesResource, request.params.id)),
  );

  app.put('/api/admin/stores/:id', { schema: { params, body: storeChanges } }, async (request) => {
    const { id } = request.params;
    const current = await findOne<StoreRow>(db, storesResource, id);
    const { status, reason } = request.body;
    const command = status ? statusCommand(current.status, status, reason) : null;
    if (command) await request.settle(await changeStore(store, id, command, commandContext(request)));
    return storeJson(await findOne<StoreRow>(db, storesResource, id));
  });
};
