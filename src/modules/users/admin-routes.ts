import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actOnUser, changeRoleAndStatus } from './commands.js';
import { usersApi, type UserWithStatus } from './contract.js';
import type { UserCommand } from './user.js';
import { DomainError } from '../../platform/domain/errors.js';
import { adminUserById, adminUsers, publicUserOf, userById } from './queries.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';

/** Admin work on accounts: the list, one account, and changes that take effect at once (suspension ends live sessions). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.route({
    ...usersApi.adminList,
    handler: async (request, reply) => adminUsers(db, reply, request.query),
  });

  app.route({
    ...usersApi.adminGet,
    handler: async (request) => adminUserById(db, request.params.id),
  });

  app.route({
    ...usersApi.adminUpdate,
    handler: async (request) => {
      const admin = requireRole(request, 'admin');
      const current = await adminUserById(db, request.params.id);
      await request.settle(await changeRoleAndStatus(app.deps, admin.id, current, request.body, commandContext(request)));
      return adminUserById(db, current.id);
    },
  });

  /** Acts on the account and answers it with its new status. */
  const act = async (request: FastifyRequest, id: string, command: Exclude<UserCommand, { type: 'RegisterUser' }>): Promise<UserWithStatus> => {
    const admin = requireRole(request, 'admin');
    await request.settle(await actOnUser(app.deps, admin.id, id, command, commandContext(request)));
    const user = await userById(db, id);
    if (!user) throw new DomainError('Utente non trovato.', 'not-found');
    return { ...publicUserOf(user), status: user.status };
  };

  app.route({
    ...usersApi.suspend,
    handler: async (request) => act(request, request.params.id, { type: 'SuspendUser', reason: request.body.reason }),
  });
  app.route({
    ...usersApi.reactivate,
    handler: async (request) => act(request, request.params.id, { type: 'ReactivateUser' }),
  });
  app.route({
    ...usersApi.deactivate,
    handler: async (request) => act(request, request.params.id, { type: 'DeactivateUser' }),
  });
};
