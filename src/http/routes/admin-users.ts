import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeUser } from '../../commands/users.js';
import { DomainError } from '../../domain/shared/errors.js';
import { findUserById, publicUser } from '../../projections/users.js';
import { commandContext } from '../command-context.js';
import { requireRole } from '../plugins/session.js';
import { requiredText, uuidParam } from '../schemas.js';

const params = z.object({ id: uuidParam });

/** Admin actions on accounts that must take effect at once (suspension ends live sessions). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const act = (build: (body: Record<string, string>) => Parameters<typeof changeUser>[2]) =>
    async (request: Parameters<typeof requireRole>[0] & { params: { id: string }; body?: unknown }) => {
      const admin = requireRole(request, 'admin');
      const { id } = request.params;
      if (id === admin.id) throw new DomainError('Non puoi cambiare lo stato del tuo stesso account.', 422);
      const position = await changeUser(app.deps, id, build((request.body ?? {}) as Record<string, string>), commandContext(request));
      await app.settle(position);
      const user = await findUserById(app.deps.pool, id);
      if (!user) throw new DomainError('Utente non trovato.', 404);
      return { ...publicUser(user), status: user.status };
    };

  app.post(
    '/api/admin/users/:id/suspend',
    { schema: { params, body: z.object({ reason: requiredText('Motivo', { max: 500 }) }) } },
    act((body) => ({ type: 'SuspendUser', reason: body.reason! })),
  );
  app.post('/api/admin/users/:id/reactivate', { schema: { params } }, act(() => ({ type: 'ReactivateUser' })));
  app.post('/api/admin/users/:id/deactivate', { schema: { params } }, act(() => ({ type: 'DeactivateUser' })));
};
