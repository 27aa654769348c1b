import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePassword, changeProfile } from './commands.js';
import { DomainError } from '../../platform/domain/errors.js';
import { findUserById, publicUser } from './projection.js';
import { commandContext } from '../../platform/http/command-context.js';
import { checkPassword } from './login-throttle.js';
import { closeAllSessions, openSession, requireUser } from '../../platform/http/plugins/session.js';
import { emailField, passwordField, requiredText } from '../../platform/http/schemas.js';

const profileBody = z.object({
  name: requiredText('Nome completo', { max: 100 }).optional(),
  email: emailField.optional(),
});

const passwordBody = z.object({
  currentPassword: z
    .string({ error: 'Password attuale: campo obbligatorio.' })
    .min(1, 'Password attuale: campo obbligatorio.')
    .max(200, 'Password attuale: al massimo 200 caratteri.'),
  newPassword: passwordField,
});

/** The customer's profile page (docs/api-orders.md): name, e-mail and password of the session user. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool } = app.deps;

  app.patch('/api/user', { schema: { body: profileBody } }, async (request) => {
    const user = requireUser(request);
    const position = await changeProfile(app.deps, user.id, request.body, commandContext(request));
    await request.settle(position);
    const row = await findUserById(pool, user.id);
    if (!row) throw new DomainError('Utente non trovato', 'not-found');
    return publicUser(row);
  });

  app.post('/api/user/password', { schema: { body: passwordBody } }, async (request, reply) => {
    const user = requireUser(request);
    // Guessing the current password is throttled as logging in is, on the same counts.
    const check = (password: string, hash: string) => checkPassword(request, reply, { username: user.username, password, hash });
    const position = await changePassword(app.deps, user.id, request.body, commandContext(request), check);
    await request.settle(position);
    // The change ends every session of the user (its version moved on); this one goes on in a new session.
    await closeAllSessions(pool, user.id);
    const row = await findUserById(pool, user.id);
    if (row) await openSession(request, row);
    return reply.status(204).send();
  });
};
