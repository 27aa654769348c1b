import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeStore } from '../../commands/stores.js';
import { DomainError } from '../../domain/shared/errors.js';
import { findStoreByOwner, type StoreRow } from '../../projections/stores.js';
import { commandContext } from '../command-context.js';
import { requireRole } from '../plugins/session.js';
import { requiredText, uuidParam } from '../schemas.js';

const camel = (key: string): string => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A read-model row as the API shows it: camelCase keys. */
export function storeJson(row: StoreRow): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k === 'owner_id' ? 'userId' : camel(k), v]));
}

const params = z.object({ id: uuidParam });

/** Stores: the owner's own store (spec §7) and the admin's approval flow. */
export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/stores/me', async (request) => {
    const user = requireRole(request, 'shopkeeper');
    const store = await findStoreByOwner(app.deps.pool, user.id);
    if (!store) throw new DomainError('Non hai ancora creato il tuo negozio.', 404);
    return storeJson(store);
  });

  const adminAction = (command: (body: { reason?: string }) => Parameters<typeof changeStore>[2]) =>
    async (request: Parameters<typeof requireRole>[0] & { params: { id: string }; body?: unknown }) => {
      requireRole(request, 'admin');
      const position = await changeStore(app.deps.store, request.params.id, command((request.body ?? {}) as { reason?: string }), commandContext(request));
      await app.settle(position);
      const { rows } = await app.deps.pool.query<StoreRow>('SELECT * FROM stores WHERE id = $1', [request.params.id]);
      if (!rows[0]) throw new DomainError('Negozio non trovato.', 404);
      return storeJson(rows[0]);
    };

  app.post('/api/admin/stores/:id/approve', { schema: { params } }, adminAction(() => ({ type: 'ApproveStore' })));
  app.post(
    '/api/admin/stores/:id/suspend',
    { schema: { params, body: z.object({ reason: requiredText('Motivo', { max: 500 }) }) } },
    adminAction((body) => ({ type: 'SuspendStore', reason: body.reason! })),
  );
  app.post('/api/admin/stores/:id/reactivate', { schema: { params } }, adminAction(() => ({ type: 'ReactivateStore' })));
};
