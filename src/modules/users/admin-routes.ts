import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeUser } from './commands.js';
import { roles } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { UserCommand } from './decider.js';
import { findUserById, publicUser } from './projection.js';
import { anyOf, answerList, findOne, listQuerystring, type ListResource } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { requiredText, uuidParam } from '../../platform/http/schemas.js';

const params = z.object({ id: uuidParam });
const statuses = ['active', 'inactive', 'suspended'] as const;

/** Admin list of accounts (docs/api-admin.md): never the password hash nor the session version. */
export const usersResource: ListResource = {
  name: 'users',
  from: 'users u',
  select: `u.id, u.username, u.name, u.email, u.role, u.status, u.created_at AS "createdAt", u.updated_at AS "updatedAt"`,
  id: 'u.id',
  sortable: {
    id: 'u.id',
    username: 'lower(u.username)',
    name: 'u.name',
    email: 'lower(u.email)',
    role: 'u.role',
    status: 'u.status',
    createdAt: 'u.created_at',
    updatedAt: 'u.updated_at',
  },
  defaultOrder: 'u.created_at DESC',
  filters: { role: anyOf(roles, 'Ruolo', 'u.role'), status: anyOf(statuses, 'Stato', 'u.status') },
  searchText: 'u.admin_text',
  notFound: 'Utente non trovato.',
};

/** react-admin sends the whole record on PUT: only role and status (with a reason to suspend) are read. */
const userChanges = z.object({
  role: z.enum(roles, { error: 'Ruolo non valido.' }).optional(),
  status: z.enum(statuses, { error: 'Stato non valido.' }).optional(),
  reason: z.string({ error: 'Motivo: deve essere un testo.' }).trim().max(500, 'Motivo: al massimo 500 caratteri.').optional(),
});

const statusCommand = (status: (typeof statuses)[number], reason: string): Exclude<UserCommand, { type: 'RegisterUser' }> =>
  status === 'suspended' ? { type: 'SuspendUser', reason } : status === 'inactive' ? { type: 'DeactivateUser' } : { type: 'ReactivateUser' };

/** Admin work on accounts: the list, one account, and changes that take effect at once (suspension ends live sessions). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, db } = app.deps;
  const notSelf = (adminId: string, id: string) => {
    if (id === adminId) throw new DomainError('Non puoi cambiare ruolo o stato del tuo stesso account.', 'rule');
  };

  app.get('/api/admin/users', { schema: { querystring: listQuerystring } }, async (request, reply) =>
    answerList(db, reply, usersResource, request.query),
  );

  app.get('/api/admin/users/:id', { schema: { params } }, async (request) => findOne(db, usersResource, request.params.id));

  app.put('/api/admin/users/:id', { schema: { params, body: userChanges } }, async (request) => {
    const admin = requireRole(request, 'admin');
    const { id } = request.params;
    const current = await findOne<{ role: string; status: string }>(db, usersResource, id);
    const { role, status, reason } = request.body;
    const newRole = role !== undefined && role !== current.role ? role : null;
    const newStatus = status !== undefined && status !== current.status ? status : null;
    if (newRole || newStatus) notSelf(admin.id, id);
    if (newStatus === 'suspended' && !reason) {
      throw new DomainError('Indica il motivo della sospensione.', 'invalid', { reason: 'Motivo: campo obbligatorio per sospendere.' });
    }
    const ctx = commandContext(request);
    let position = newRole ? await changeUser(app.deps, id, { type: 'ChangeUserRole', role: newRole }, ctx) : null;
    if (newStatus) position = (await changeUser(app.deps, id, statusCommand(newStatus, reason ?? ''), ctx)) ?? position;
    await request.settle(position);
    return findOne(db, usersResource, id);
  });

  const act = (build: (body: Record<string, string>) => Parameters<typeof changeUser>[2]) =>
    async (request: Parameters<typeof requireRole>[0] & { params: { id: string }; body?: unknown }) => {
      const admin = requireRole(request, 'admin');
      const { id } = request.params;
      notSelf(admin.id, id);
      const position = await changeUser(app.deps, id, build((request.body ?? {}) as Record<string, string>), commandContext(request));
      await request.settle(position);
      const user = await findUserById(pool, id);
      if (!user) throw new DomainError('Utente non trovato.', 'not-found');
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
