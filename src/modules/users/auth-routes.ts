import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeUser, registerUser } from './commands.js';
import { usersApi } from './contract.js';
import { DomainError } from '../../platform/domain/errors.js';
import { publicUserOf, userById, userByUsername } from './queries.js';
import { checkPassword } from './login-throttle.js';
import { closeAllSessions, closeSession, openSession, requireUser } from '../../platform/http/plugins/session.js';
import { commandContext } from '../../platform/http/command-context.js';
import { acceptLegalVersions, answerConsent } from '../privacy/commands.js';
import { legalVersionsInForce } from '../privacy/queries.js';

/** Spec §7 accounts: register, login, logout, the session user; plus logout everywhere. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.route({
    ...usersApi.register,
    handler: async (request, reply) => {
      const { acceptTerms: _accepted, termsVersion, privacyVersion, marketing, ...input } = request.body;
      // The versions the person read must be those in force (the admin may publish one meanwhile).
      const inForce = await legalVersionsInForce(db);
      if ((termsVersion !== undefined && termsVersion !== inForce.terms) || (privacyVersion !== undefined && privacyVersion !== inForce.privacy)) {
        throw new DomainError('I Termini o l’Informativa sono cambiati mentre ti registravi: rileggili e accetta la versione in vigore.', 'conflict', {
          acceptTerms: 'Nuova versione: rileggila.',
        });
      }
      const ctx = commandContext(request);
      const { userId, position } = await registerUser(app.deps, input, ctx);
      const accepted = inForce.terms > 0 && inForce.privacy > 0 ? await acceptLegalVersions(app.deps, userId, inForce, ctx) : null;
      const consented = marketing ? await answerConsent(app.deps, userId, { kind: 'marketing', granted: true, source: 'registration' }, ctx) : null;
      // Registering logs the new user in, as the spec's client expects (§4: register sets the user).
      const user = (await request.settle(consented ?? accepted ?? position)) ? await userById(db, userId) : null;
      if (user) await openSession(request, user);
      const { username, name, email, role } = input;
      return reply.status(201).send({ id: userId, username, name, email, role });
    },
  });

  app.route({
    ...usersApi.login,
    handler: async (request) => {
      const { username, password } = request.body;
      const user = await userByUsername(db, username);
      const ok = await checkPassword(request, { username, password, hash: user?.password_hash ?? null });
      if (!user || !ok || user.status === 'erased') throw new DomainError('Username o password non corretti.', 'unauthenticated');
      if (user.status === 'suspended') throw new DomainError('Il tuo account è sospeso. Contatta l’assistenza.', 'forbidden');
      if (user.status === 'inactive') throw new DomainError('Il tuo account non è attivo. Contatta l’assistenza.', 'forbidden');
      await openSession(request, user);
      return publicUserOf(user);
    },
  });

  app.route({
    ...usersApi.logout,
    handler: async (request) => {
      await closeSession(request);
      return { message: 'Logout effettuato.' };
    },
  });

  app.route({
    ...usersApi.me,
    handler: async (request) => requireUser(request),
  });

  app.route({
    ...usersApi.logoutEverywhere,
    handler: async (request) => {
      const user = requireUser(request);
      const position = await changeUser(app.deps, user.id, { type: 'RevokeUserSessions' }, commandContext(request));
      await request.settle(position);
      request.session.delete();
      await closeAllSessions(app.deps.pool, user.id);
      return { message: 'Sei uscito da tutti i dispositivi.' };
    },
  });
};
