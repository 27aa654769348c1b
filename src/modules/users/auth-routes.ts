import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeUser, registerUser } from './commands.js';
import { DomainError } from '../../platform/domain/errors.js';
import { findUserById, findUserByUsername, publicUser } from './projection.js';
import { checkPassword } from './login-throttle.js';
import { closeAllSessions, closeSession, openSession, requireUser } from '../../platform/http/plugins/session.js';
import { emailField, passwordField, requiredText } from '../../platform/http/schemas.js';
import { commandContext } from '../../platform/http/command-context.js';

const registerBody = z.object({
  username: requiredText('Username', { min: 3, max: 30 }).regex(
    /^[\p{L}\p{N}._-]+$/u,
    'Lo username può contenere solo lettere, numeri, punti, trattini e trattini bassi.',
  ),
  name: requiredText('Nome completo', { max: 100 }),
  email: emailField,
  password: passwordField,
  role: z.enum(['customer', 'shopkeeper', 'collaborator', 'admin'], {
    error: 'Tipo di account non valido: scegli cliente, negoziante o collaboratore.',
  }).refine((role) => role !== 'admin', 'Non è possibile registrarsi come amministratore.'),
});

const loginBody = z.object({
  username: requiredText('Username', { max: 254 }),
  password: z.string({ error: 'Password: campo obbligatorio.' }).min(1, 'Password: campo obbligatorio.').max(200),
});

/** Spec §7 accounts: register, login, logout, the session user; plus logout everywhere. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/register', { schema: { body: registerBody } }, async (request, reply) => {
    const input = { ...request.body, role: request.body.role as Exclude<typeof request.body.role, 'admin'> };
    const { userId, position } = await registerUser(app.deps, input, commandContext(request));
    // Registering logs the new user in, as the spec's client expects (§4: register sets the user).
    const user = (await request.settle(position)) ? await findUserById(app.deps.pool, userId) : null;
    if (user) await openSession(request, user);
    const { username, name, email, role } = input;
    return reply.status(201).send({ id: userId, username, name, email, role });
  });

  app.post('/api/login', { schema: { body: loginBody } }, async (request, reply) => {
    const { username, password } = request.body;
    const user = await findUserByUsername(app.deps.pool, username);
    const ok = await checkPassword(request, reply, { username, password, hash: user?.password_hash ?? null });
    if (!user || !ok) throw new DomainError('Username o password non corretti.', 'unauthenticated');
    if (user.status === 'suspended') throw new DomainError('Il tuo account è sospeso. Contatta l’assistenza.', 'forbidden');
    if (user.status === 'inactive') throw new DomainError('Il tuo account non è attivo. Contatta l’assistenza.', 'forbidden');
    await openSession(request, user);
    return publicUser(user);
  });

  app.post('/api/logout', async (request) => {
    await closeSession(request);
    return { message: 'Logout effettuato.' };
  });

  app.get('/api/user', async (request) => requireUser(request));

  app.post('/api/auth/logout-everywhere', async (request) => {
    const user = requireUser(request);
    const position = await changeUser(app.deps, user.id, { type: 'RevokeUserSessions' }, commandContext(request));
    await request.settle(position);
    request.session.delete();
    await closeAllSessions(app.deps.pool, user.id);
    return { message: 'Sei uscito da tutti i dispositivi.' };
  });

};
