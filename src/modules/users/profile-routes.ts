import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePassword, changeProfile } from './commands.js';
import { usersApi } from './contract.js';
import { DomainError } from '../../platform/domain/errors.js';
import { publicUserOf, userById } from './queries.js';
import { commandContext } from '../../platform/http/command-context.js';
import { checkPassword } from './login-throttle.js';
import { closeAllSessions, openSession, requireUser } from '../../platform/http/plugins/session.js';

/** The customer's profile page (docs/api-orders.md): name, e-mail and password of the session user. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, db } = app.deps;

  app.route({
    ...usersApi.changeProfile,
    handler: async (request) => {
      const user = requireUser(request);
      const position = await changeProfile(app.deps, user.id, request.body, commandContext(request));
      await request.settle(position);
      const row = await userById(db, user.id);
      if (!row) throw new DomainError('Utente non trovato', 'not-found');
      return publicUserOf(row);
    },
  });

  app.route({
    ...usersApi.changePassword,
    handler: async (request, reply) => {
      const user = requireUser(request);
      // Guessing the current password is throttled as logging in is, on the same counts.
      const check = (password: string, hash: string) => checkPassword(request, { username: user.username, password, hash });
      const position = await changePassword(app.deps, user.id, request.body, commandContext(request), check);
      await request.settle(position);
      // The change ends every session of the user (its version moved on); this one goes on in a new session.
      await closeAllSessions(pool, user.id);
      const row = await userById(db, user.id);
      if (row) await openSession(request, row);
      return reply.status(204).send();
    },
  });
};
