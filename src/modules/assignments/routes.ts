import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { endSessionsOf } from '../collaboration-sessions/lifecycle-commands.js';
import { hasSessionAtWork } from '../collaboration-sessions/queries.js';
import { answerAssignment, assignmentFor, completeAssignment, createDirectAssignment, runAssignmentCommand, startAssignment } from './commands.js';
import { assignmentsApi, type Assignment } from './contract.js';
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
      const { rows, total } = await assignmentsFor(db, requireRole(request, ...parties), { statuses: status }, paging);
      reply.header('X-Total-Count', String(total));
      return rows;
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

  app.route({
    ...assignmentsApi.accept,
    config: { roles: ['collaborator'] },
    handler: async (request) => {
      const user = requireRole(request, 'collaborator');
      await request.settle(await answerAssignment(deps, request.params.id, user.id, { accept: true }, commandContext(request)));
      return assignmentAnswer(db, user, request.params.id);
    },
  });

  app.route({
    ...assignmentsApi.reject,
    config: { roles: ['collaborator'] },
    handler: async (request) => {
      const user = requireRole(request, 'collaborator');
      await request.settle(await answerAssignment(deps, request.params.id, user.id, { accept: false, reason: request.body.reason }, commandContext(request)));
      return assignmentAnswer(db, user, request.params.id);
    },
  });

  app.route({
    ...assignmentsApi.start,
    config: { roles: ['collaborator'] },
    handler: async (request) => {
      const user = requireRole(request, 'collaborator');
      await request.settle(await startAssignment(deps, request.params.id, user.id, commandContext(request)));
      return assignmentAnswer(db, user, request.params.id);
    },
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
      const user = requireRole(request, 'shopkeeper', 'admin');
      await shopSide(request.params.id, user);
      if (await hasSessionAtWork(db, request.params.id))
        throw new DomainError('Una sessione dell’incarico è ancora attiva: il collaboratore la chiude con il codice di chiusura, oppure revocala.', 'rule');
      await request.settle(await completeAssignment(deps, request.params.id, commandContext(request)));
      return assignmentAnswer(db, user, request.params.id);
    },
  });

  app.route({
    ...assignmentsApi.cancel,
    config: { roles: ['shopkeeper', 'admin'] },
    handler: async (request) => {
      const user = requireRole(request, 'shopkeeper', 'admin');
      await shopSide(request.params.id, user);
      const ctx = commandContext(request);
      const reason = request.body.reason;
      let position = await runAssignmentCommand(
        deps,
        request.params.id,
        user,
        { type: 'CancelAssignment', by: user.role === 'admin' ? 'admin' : 'shopkeeper', reason, now: ctx.now },
        ctx,
      );
      position = (await endSessionsOf(deps, request.params.id, user, `Incarico annullato: ${reason}`, ctx)) ?? position;
      await request.settle(position);
      return assignmentAnswer(db, user, request.params.id);
    },
  });

  app.route({
    ...assignmentsApi.problem,
    config: { roles: parties },
    handler: async (request) => {
      const user = requireRole(request, ...parties);
      const ctx = commandContext(request);
      await request.settle(
        await runAssignmentCommand(deps, request.params.id, user, { type: 'ReportProblem', byUserId: user.id, description: request.body.description, now: ctx.now }, ctx),
      );
      return assignmentAnswer(db, user, request.params.id);
    },
  });

  app.route({
    ...assignmentsApi.markPaid,
    config: { roles: ['shopkeeper'] },
    handler: async (request) => {
      const user = requireRole(request, 'shopkeeper');
      const a = await shopSide(request.params.id, user);
      if (a.fields.origin !== 'direct') throw new DomainError('Il compenso di un pacchetto collaborazione lo paga la piattaforma.', 'rule');
      const ctx = commandContext(request);
      await request.settle(await runAssignmentCommand(deps, request.params.id, user, { type: 'MarkPaid', byUserId: user.id, now: ctx.now }, ctx));
      return assignmentAnswer(db, user, request.params.id);
    },
  });

  app.route({
    ...assignmentsApi.payout,
    handler: async (request) => {
      const user = requireRole(request, 'admin');
      const ctx = commandContext(request);
      await request.settle(await runAssignmentCommand(deps, request.params.id, user, { type: 'MarkPaid', byUserId: user.id, now: ctx.now }, ctx));
      return assignmentAnswer(db, user, request.params.id);
    },
  });

  app.route({
    ...assignmentsApi.earnings,
    config: { roles: ['collaborator'] },
    handler: async (request) => earningsOf(db, requireRole(request, 'collaborator').id),
  });
};
