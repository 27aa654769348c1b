import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import type { CommandContext } from '../../platform/domain/context.js';
import type { Position } from '../../platform/eventstore/types.js';
import { commandContext, commandOnRecord } from '../../platform/http/command-context.js';
import { answerPage } from '../../platform/http/read-paging.js';
import { requireRole, type SessionUser } from '../../platform/http/plugins/session.js';
import { acceptTask, cancelTask, completeTask, couriersFor, createTask, deliverTask, rejectTask, startTask } from './commands.js';
import { tasksApi, type Task } from './contract.js';
import { taskFor, tasksFor, tasksResource } from './queries.js';

/** Issue [13]: deliveries of shipping orders and catalogue work, done by collaborators (docs/api-tasks.md). */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, db } = app.deps;

  // The back office's list and page (admins only, as every /api/admin/ route).
  app.route({ ...tasksApi.adminList, handler: async (request, reply) => (await answerList(db, reply, tasksResource, request.query)) as Task[] });
  app.route({ ...tasksApi.adminGet, handler: async (request) => findOne<Task>(db, tasksResource, request.params.id) });

  app.route({
    ...tasksApi.create,
    config: { roles: ['shopkeeper'] },
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper');
      const ctx = commandContext(request);
      const { compensation, ...body } = request.body;
      const { id, position } = await createTask(app.deps, user.id, { ...body, compensationCents: compensation }, ctx);
      await request.settle(position);
      return reply.status(201).send(await taskFor(pool, user, id, ctx.now));
    },
  });

  app.route({
    ...tasksApi.list,
    config: { roles: ['shopkeeper', 'collaborator', 'admin'] },
    handler: async (request, reply) => {
      const { status, type, orderId, ...paging } = request.query;
      return answerPage(reply, await tasksFor(pool, requireRole(request, 'shopkeeper', 'collaborator', 'admin'), new Date(), { status, type, orderId }, paging));
    },
  });

  app.route({
    ...tasksApi.mine,
    config: { roles: ['collaborator'] },
    handler: async (request, reply) => answerPage(reply, await tasksFor(pool, requireRole(request, 'collaborator'), new Date(), { mineOnly: true }, request.query)),
  });

  app.route({
    ...tasksApi.couriers,
    config: { roles: ['shopkeeper'] },
    handler: async (request) => couriersFor(app.deps, requireRole(request, 'shopkeeper').id, request.query.orderId),
  });

  app.route({
    ...tasksApi.get,
    config: { roles: ['shopkeeper', 'collaborator', 'admin'] },
    handler: async (request) => taskFor(pool, requireRole(request, 'shopkeeper', 'collaborator', 'admin'), request.params.id, new Date()),
  });

  /** The answer to a move on a task: the task as its user now sees it. */
  const seen = (id: string, user: SessionUser, ctx: CommandContext) => taskFor(pool, user, id, ctx.now);

  /** A collaborator's move on a task. */
  const collaboratorMove = (
    call: typeof tasksApi.accept | typeof tasksApi.start | typeof tasksApi.complete,
    run: (id: string, userId: string, ctx: CommandContext) => Promise<Position | null>,
  ) =>
    app.route({
      ...call,
      config: { roles: ['collaborator'] },
      handler: async (request) => commandOnRecord(request, ['collaborator'], (id, user, ctx) => run(id, user.id, ctx), seen),
    });

  collaboratorMove(tasksApi.accept, (id, userId, ctx) => acceptTask(app.deps, id, userId, ctx));
  collaboratorMove(tasksApi.start, (id, userId, ctx) => startTask(app.deps, id, userId, ctx));
  collaboratorMove(tasksApi.complete, (id, userId, ctx) => completeTask(app.deps, id, userId, ctx));

  app.route({
    ...tasksApi.reject,
    config: { roles: ['collaborator'] },
    handler: async (request) => commandOnRecord(request, ['collaborator'], (id, user, ctx) => rejectTask(app.deps, id, user.id, request.body?.reason ?? '', ctx), seen),
  });

  app.route({
    ...tasksApi.deliver,
    config: { roles: ['collaborator'] },
    handler: async (request) => commandOnRecord(request, ['collaborator'], (id, user, ctx) => deliverTask(app.deps, id, user.id, request.body?.deliveryCode ?? '', ctx), seen),
  });

  app.route({
    ...tasksApi.cancel,
    config: { roles: ['shopkeeper', 'admin'] },
    handler: async (request) => {
      const cancel = (id: string, user: SessionUser, ctx: CommandContext) =>
        cancelTask(app.deps, id, { userId: user.id, role: user.role as 'shopkeeper' | 'admin' }, request.body?.reason ?? '', ctx);
      return commandOnRecord(request, ['shopkeeper', 'admin'], cancel, seen);
    },
  });
};
