import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { commandContext, commandOnRecord } from '../../platform/http/command-context.js';
import { requireRole, type SessionUser } from '../../platform/http/plugins/session.js';
import { acceptRequest, cancelRequest, createRequest, declineRequest } from './commands.js';
import { collaborationRequestsApi, type AdminCollaborationRequest } from './contract.js';
import { requestFor, requestsFor, requestsResource } from './queries.js';

/** Issue [12]: a shop's requests for a collaborator's help, and the collaborators' answers. */
export const collaborationRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, db } = app.deps;

  // The back office's list and page (admins only, as every /api/admin/ route).
  app.route({
    ...collaborationRequestsApi.adminList,
    handler: async (request, reply) => (await answerList(db, reply, requestsResource, request.query)) as AdminCollaborationRequest[],
  });
  app.route({ ...collaborationRequestsApi.adminGet, handler: async (request) => findOne<AdminCollaborationRequest>(db, requestsResource, request.params.id) });

  app.route({
    ...collaborationRequestsApi.create,
    config: { roles: ['shopkeeper'] },
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper');
      const ctx = commandContext(request);
      const { maxBudget, ...body } = request.body;
      const { id, position } = await createRequest(app.deps, user.id, { ...body, maxBudgetCents: maxBudget }, ctx);
      await request.settle(position);
      return reply.status(201).send(await requestFor(pool, user, id, ctx.now));
    },
  });

  app.route({
    ...collaborationRequestsApi.list,
    config: { roles: ['shopkeeper', 'collaborator', 'admin'] },
    handler: async (request) => requestsFor(pool, requireRole(request, 'shopkeeper', 'collaborator', 'admin'), new Date(), { status: request.query.status }),
  });

  app.route({
    ...collaborationRequestsApi.get,
    config: { roles: ['shopkeeper', 'collaborator', 'admin'] },
    handler: async (request) => requestFor(pool, requireRole(request, 'shopkeeper', 'collaborator', 'admin'), request.params.id, new Date()),
  });

  /** The answer to a move on a request: the request as its user now sees it. */
  const seen = (id: string, user: SessionUser, ctx: CommandContext) => requestFor(pool, user, id, ctx.now);

  app.route({
    ...collaborationRequestsApi.accept,
    config: { roles: ['collaborator'] },
    handler: async (request) => commandOnRecord(request, ['collaborator'], (id, user, ctx) => acceptRequest(app.deps, id, user.id, ctx), seen),
  });

  app.route({
    ...collaborationRequestsApi.reject,
    config: { roles: ['collaborator'] },
    handler: async (request) => commandOnRecord(request, ['collaborator'], (id, user, ctx) => declineRequest(app.deps, id, user.id, request.body.reason, ctx), seen),
  });

  app.route({
    ...collaborationRequestsApi.cancel,
    config: { roles: ['shopkeeper'] },
    handler: async (request) => {
      const cancel = async (id: string, user: SessionUser, ctx: CommandContext) => {
        await seen(id, user, ctx); // another shop's request: as if it did not exist
        return cancelRequest(app.deps, id, user.id, request.body?.reason ?? '', ctx);
      };
      return commandOnRecord(request, ['shopkeeper'], cancel, seen);
    },
  });
};
