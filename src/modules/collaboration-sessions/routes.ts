import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { commandContext, commandOnRecord } from '../../platform/http/command-context.js';
import { answerPage } from '../../platform/http/read-paging.js';
import { requireRole, type SessionUser } from '../../platform/http/plugins/session.js';
import { endAccess, grantAccess, redeemAccess } from './access-commands.js';
import { activateSession, closeSession, confirmActivation, reissueCode } from './code-commands.js';
import { sessionFor } from './commands.js';
import { cancelSession, rescheduleSession, revokeSession, scheduleSession } from './lifecycle-commands.js';
import { collaborationSessionsApi, storeAccessApi, type CollaborationSession, type SessionDetail } from './contract.js';
import { accessAnswer, accessesFor, currentSession, sessionActions, sessionAnswer, sessionsFor, sessionsResource, subjectOf } from './queries.js';
import { noActiveSession } from './acting.js';
import { namesOf } from '../users/queries.js';

/** Issue [13]: sessions opened and closed with one-time codes, and standing accesses. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, db, store } = app.deps;
  const secret = app.deps.sessionKey;
  const deps = { store, pool, db, secret };
  const parties = ['shopkeeper', 'collaborator', 'admin'] as const;
  const answer = (user: { id: string; role: string }, id: string) => sessionAnswer(db, secret, user, id, new Date());
  /** The answer to a move on a session: the session as its user now sees it. */
  const seen = (id: string, user: { id: string; role: string }) => answer(user, id);

  app.route({
    ...collaborationSessionsApi.adminList,
    handler: async (request, reply) => (await answerList(db, reply, sessionsResource, request.query)) as CollaborationSession[],
  });
  app.route({ ...collaborationSessionsApi.adminGet, handler: async (request) => findOne<CollaborationSession>(db, sessionsResource, request.params.id) });

  app.route({
    ...collaborationSessionsApi.list,
    config: { roles: parties },
    handler: async (request, reply) => {
      const { status, assignmentId, ...paging } = request.query;
      return answerPage(reply, await sessionsFor(db, secret, requireRole(request, ...parties), new Date(), { statuses: status, assignmentId }, paging));
    },
  });

  app.route({
    ...collaborationSessionsApi.current,
    config: { roles: ['collaborator'] },
    handler: async (request) => {
      const found = await currentSession(db, secret, requireRole(request, 'collaborator').id, new Date());
      if (!found) throw new DomainError(noActiveSession, 'not-found');
      return found;
    },
  });

  app.route({
    ...collaborationSessionsApi.get,
    config: { roles: parties },
    handler: async (request): Promise<SessionDetail> => {
      const user = requireRole(request, ...parties);
      const session = await answer(user, request.params.id);
      const [events, actions] = await Promise.all([store.readStream(`collaboration-session-${session.id}`), sessionActions(db, session.id)]);
      const actorIds = [...new Set(events.map((e) => e.metadata.actorUserId).filter((a): a is string => a !== null))];
      const names = await namesOf(db, actorIds);
      return {
        ...session,
        timeline: events
          // Wrong tries and the credits' bookkeeping are no steps of its life.
          .filter((e) => e.type !== 'SessionCodeMistyped' && e.type !== 'SessionCreditsSent' && e.type !== 'SessionCreditsSettled')
          .map((e) => ({
            type: e.type,
            italianName: app.catalog.eventName(e.type),
            summary: app.catalog.eventSummary(e.type, e.data),
            at: e.metadata.at,
            actorName: e.metadata.actorUserId ? (names.get(e.metadata.actorUserId) ?? null) : null,
          })),
        actions: actions.map((a) => ({
          eventId: a.eventId,
          type: a.type,
          italianName: app.catalog.eventName(a.type),
          summary: app.catalog.eventSummary(a.type, a.data),
          at: a.at,
          subject: subjectOf(a.streamId),
          aiCredits: a.aiCredits,
        })),
      };
    },
  });

  app.route({
    ...collaborationSessionsApi.schedule,
    config: { roles: ['shopkeeper'] },
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper');
      const { id, position } = await scheduleSession(deps, user.id, request.body, commandContext(request));
      await request.settle(position);
      return reply.status(201).send(await answer(user, id));
    },
  });

  app.route({
    ...collaborationSessionsApi.reschedule,
    config: { roles: ['shopkeeper'] },
    handler: async (request) => commandOnRecord(request, ['shopkeeper'], (id, user, ctx) => rescheduleSession(deps, id, user.id, request.body, ctx), seen),
  });

  app.route({
    ...collaborationSessionsApi.activate,
    config: { roles: ['collaborator'] },
    handler: async (request) => {
      const user = requireRole(request, 'collaborator');
      const { code, latitude, longitude } = request.body;
      const position = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      const { id, position: at } = await activateSession(deps, user.id, { code, position, ipAddress: request.ip, userAgent }, commandContext(request));
      await request.settle(at);
      return answer(user, id);
    },
  });

  app.route({
    ...collaborationSessionsApi.confirm,
    config: { roles: ['shopkeeper'] },
    handler: async (request) => {
      const confirm = async (id: string, user: SessionUser, ctx: CommandContext) => {
        await sessionFor(store, id, user);
        return confirmActivation(deps, id, user.id, ctx);
      };
      return commandOnRecord(request, ['shopkeeper'], confirm, seen);
    },
  });

  app.route({
    ...collaborationSessionsApi.close,
    config: { roles: ['collaborator'] },
    handler: async (request) => {
      const close = async (id: string, user: SessionUser, ctx: CommandContext) => {
        await sessionFor(store, id, user);
        return closeSession(deps, id, user.id, request.body.closureCode, ctx);
      };
      return commandOnRecord(request, ['collaborator'], close, seen);
    },
  });

  app.route({
    ...collaborationSessionsApi.reissue,
    config: { roles: ['shopkeeper'] },
    handler: async (request) => commandOnRecord(request, ['shopkeeper'], (id, user, ctx) => reissueCode(deps, id, user.id, request.body.kind, ctx), seen),
  });

  app.route({
    ...collaborationSessionsApi.revoke,
    config: { roles: ['shopkeeper', 'admin'] },
    handler: async (request) => commandOnRecord(request, ['shopkeeper', 'admin'], (id, user, ctx) => revokeSession(deps, id, user, request.body.reason, ctx), seen),
  });

  app.route({
    ...collaborationSessionsApi.cancel,
    config: { roles: ['shopkeeper', 'admin'] },
    handler: async (request) => commandOnRecord(request, ['shopkeeper', 'admin'], (id, user, ctx) => cancelSession(deps, id, user, request.body?.reason ?? '', ctx), seen),
  });

  app.route({
    ...storeAccessApi.list,
    config: { roles: parties },
    handler: async (request, reply) => answerPage(reply, await accessesFor(db, secret, requireRole(request, ...parties), new Date(), request.query)),
  });

  app.route({
    ...storeAccessApi.create,
    config: { roles: ['shopkeeper'] },
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper');
      const { id, position } = await grantAccess(deps, user.id, request.body, commandContext(request));
      await request.settle(position);
      return reply.status(201).send(await accessAnswer(db, secret, user, id, new Date()));
    },
  });

  app.route({
    ...storeAccessApi.redeem,
    config: { roles: ['collaborator'] },
    handler: async (request) => {
      const user = requireRole(request, 'collaborator');
      const { id, position } = await redeemAccess(deps, user.id, request.body.code, commandContext(request));
      await request.settle(position);
      return accessAnswer(db, secret, user, id, new Date());
    },
  });

  app.route({
    ...storeAccessApi.end,
    config: { roles: ['shopkeeper', 'admin'] },
    handler: async (request) => {
      const user = requireRole(request, 'shopkeeper', 'admin');
      await request.settle(await endAccess(deps, request.params.id, user, request.body?.reason ?? '', commandContext(request)));
      return accessAnswer(db, secret, user, request.params.id, new Date());
    },
  });
};
