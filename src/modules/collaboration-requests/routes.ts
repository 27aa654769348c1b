import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
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

  app.route({
    ...collaborationRequestsApi.accept,
    config: { roles: ['collaborator'] },
    handler: async (request) => {
      const user = requireRole(request, 'collaborator');
      const ctx = commandContext(request);
      await request.settle(await acceptRequest(app.deps, request.params.id, user.id, ctx));
      return requestFor(pool, user, request.params.id, ctx.now);
    },
  });

  app.route({
    ...collaborationRequestsApi.reject,
    config: { roles: ['collaborator'] },
    handler: async (request) => {
      const user = requireRole(request, 'collaborator');
      const ctx = commandContext(request);
      await request.settle(await declineRequest(app.deps, request.params.id, user.id, request.body.reason, ctx));
      return requestFor(pool, user, request.params.id, ctx.now);
    },
  });

  app.route({
    ...collaborationRequestsApi.cancel,
    config: { roles: ['shopkeeper'] },
    handler: async (request) => {
      const user = requireRole(request, 'shopkeeper');
      const ctx = commandContext(request);
      // Another shop's request: as if it did not exist.
      await requestFor(pool, user, request.params.id, ctx.now);
      await request.settle(await cancelRequest(app.deps, request.params.id, user.id, request.body?.reason ?? '', ctx));
      return requestFor(pool, user, request.params.id, ctx.now);
    },
  });
};
