import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext, commandOnRecord } from '../../platform/http/command-context.js';
import { answerPage } from '../../platform/http/read-paging.js';
import { requireRole, type SessionUser } from '../../platform/http/plugins/session.js';
import { endSessionsOf } from '../collaboration-sessions/lifecycle-commands.js';
import { hasSessionAtWork } from '../collaboration-sessions/queries.js';
import { answerAssignment, assignmentFor, completeAssignment, createDirectAssignment, runAssignmentCommand, startAssignment } from './commands.js';
import { assignmentsApi, type Assignment } from './contract.js';
import { payOutAssignment } from './payout.js';
import { appPayments } from '../payments/routes.js';
import { assignmentAnswer, assignmentsFor, assignmentsResource, earningsOf } from './queries.js';

/** Issue [13]: the assignments between shops and collaborators, their earnings and payouts. */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, db, store } = app.deps;
  const deps = { store, pool, db, secret: app.deps.sessionKey };
  const parties = ['shopkeeper', 'collaborator', 'admin'] as const;

  app.route({
    ...assignmentsApi.adminList,
    handler: async (request, reply) => (await answerList(db, reply, assignmentsResource, request.query)) as Assignment[],
  });
  app.route({ ...assignmentsApi.adminGet, handler: async (request) => findOne<Assignment>(db, assignmentsResource, request.params.id) });

  app.route({
    ...assignmentsApi.list,
    config: { roles: parties },
    handler: async (request, reply) => {
      const { status, ...paging } = request.query;
      return answerPage(reply, await assignmentsFor(db, requireRole(request, ...parties), { statuses: status }, paging));
    },
  });

  app.route({
    ...assignmentsApi.get,
    config: { roles: parties },
    handler: async (request) => assignmentAnswer(db, requireRole(request, ...parties), request.params.id),
  });

  app.route({
    ...assignmentsApi.create,
    config: { roles: ['shopkeeper'] },
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper');
      const { id, position } = await createDirectAssignment(deps, user.id, request.body, commandContext(request));
      await request.settle(position);
      return reply.status(201).send(await assignmentAnswer(db, user, id));
    },
  });

  /** The answer to a move on an assignment: the assignment as its user now sees it. */
  const seen = (id: string, user: { id: string; role: string }) => assignmentAnswer(db, user, id);

  app.route({
    ...assignmentsApi.accept,
    config: { roles: ['collaborator'] },
    handler: async (request) => commandOnRecord(request, ['collaborator'], (id, user, ctx) => answerAssignment(deps, id, user.id, { accept: true }, ctx), seen),
  });

  app.route({
    ...assignmentsApi.reject,
    config: { roles: ['collaborator'] },
    handler: async (request) =>
      commandOnRecord(request, ['collaborator'], (id, user, ctx) => answerAssignment(deps, id, user.id, { accept: false, reason: request.body.reason }, ctx), seen),
  });

  app.route({
    ...assignmentsApi.start,
    config: { roles: ['collaborator'] },
    handler: async (request) => commandOnRecord(request, ['collaborator'], (id, user, ctx) => startAssignment(deps, id, user.id, ctx), seen),
  });

  /** The shopkeeper of the assignment (or an admin); its collaborator reads "not allowed", anyone else "not found". */
  const shopSide = async (id: string, user: { id: string; role: string }) => {
    const a = await assignmentFor(store, id, user);
    if (user.role !== 'admin' && a.fields.shopkeeperId !== user.id) throw new DomainError('Solo il negozio può farlo.', 'forbidden');
    return a;
  };

  app.route({
    ...assignmentsApi.complete,
    config: { roles: ['shopkeeper', 'admin'] },
    handler: async (request) => {
      const complete = async (id: string, user: SessionUser, ctx: CommandContext) => {
        await shopSide(id, user);
        if (await hasSessionAtWork(db, id))
          throw new DomainError('Una sessione dell’incarico è ancora attiva: il collaboratore la chiude con il codice di chiusura, oppure revocala.', 'rule');
        return completeAssignment(deps, id, ctx);
      };
      return commandOnRecord(request, ['shopkeeper', 'admin'], complete, seen);
    },
  });

  app.route({
    ...assignmentsApi.cancel,
    config: { roles: ['shopkeeper', 'admin'] },
    handler: async (request) => {
      const { reason } = request.body;
      const cancel = async (id: string, user: SessionUser, ctx: CommandContext) => {
        await shopSide(id, user);
        const position = await runAssignmentCommand(deps, id, user, { type: 'CancelAssignment', by: user.role === 'admin' ? 'admin' : 'shopkeeper', reason, now: ctx.now }, ctx);
        return (await endSessionsOf(deps, id, user, `Incarico annullato: ${reason}`, ctx)) ?? position;
      };
      return commandOnRecord(request, ['shopkeeper', 'admin'], cancel, seen);
    },
  });

  app.route({
    ...assignmentsApi.problem,
    config: { roles: parties },
    handler: async (request) =>
      commandOnRecord(
        request,
        parties,
        (id, user, ctx) => runAssignmentCommand(deps, id, user, { type: 'ReportProblem', byUserId: user.id, description: request.body.description, now: ctx.now }, ctx),
        seen,
      ),
  });

  app.route({
    ...assignmentsApi.markPaid,
    config: { roles: ['shopkeeper'] },
    handler: async (request) => {
      const markPaid = async (id: string, user: SessionUser, ctx: CommandContext) => {
        const a = await shopSide(id, user);
        if (a.fields.origin !== 'direct') throw new DomainError('Il compenso di un pacchetto collaborazione lo paga la piattaforma.', 'rule');
        return runAssignmentCommand(deps, id, user, { type: 'MarkPaid', byUserId: user.id, now: ctx.now }, ctx);
      };
      return commandOnRecord(request, ['shopkeeper'], markPaid, seen);
    },
  });

  app.route({
    ...assignmentsApi.payout,
    handler: async (request) => {
      const payments = appPayments(app);
      const payoutDeps = { ...deps, providers: payments.providers, onlineMethods: payments.onlineMethods };
      return commandOnRecord(request, ['admin'], (id, user, ctx) => payOutAssignment(payoutDeps, id, user, { byHand: request.body?.byHand === true }, ctx), seen);
    },
  });

  app.route({
    ...assignmentsApi.earnings,
    config: { roles: ['collaborator'] },
    handler: async (request) => earningsOf(db, requireRole(request, 'collaborator').id),
  });
};
