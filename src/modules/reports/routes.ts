import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerList } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { answerPage } from '../../platform/http/read-paging.js';
import { appProviders } from '../payments/routes.js';
import { closeReport, investigateReport, resolveReport, submitReport } from './commands.js';
import { reportsApi, type Report } from './contract.js';
import { reportAnswer, reportsFor, reportsResource } from './queries.js';

/** Issue [14]: the reports of problems on assignments, and the admin's answers to them. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { store, db } = app.deps;
  const deps = { store, db, providers: appProviders(app) };
  const parties = ['shopkeeper', 'collaborator'] as const;

  app.route({
    ...reportsApi.create,
    config: { roles: parties },
    handler: async (request, reply) => {
      const user = requireRole(request, ...parties);
      const { id, position } = await submitReport(deps, user, request.body, commandContext(request));
      await request.settle(position);
      return reply.status(201).send(await reportAnswer(db, store, user, id));
    },
  });

  app.route({
    ...reportsApi.list,
    config: { roles: parties },
    handler: async (request, reply) => {
      return answerPage(reply, await reportsFor(db, requireRole(request, ...parties), {}, request.query));
    },
  });

  app.route({
    ...reportsApi.get,
    config: { roles: [...parties, 'admin'] },
    handler: async (request) => reportAnswer(db, store, requireRole(request, ...parties, 'admin'), request.params.id),
  });

  app.route({
    ...reportsApi.adminList,
    handler: async (request, reply) => {
      requireRole(request, 'admin');
      return (await answerList(db, reply, reportsResource, request.query)) as Report[];
    },
  });
  app.route({
    ...reportsApi.adminGet,
    handler: async (request) => reportAnswer(db, store, requireRole(request, 'admin'), request.params.id),
  });

  app.route({
    ...reportsApi.investigate,
    handler: async (request) => {
      const admin = requireRole(request, 'admin');
      await request.settle(await investigateReport(deps, request.params.id, admin.id, commandContext(request)));
      return reportAnswer(db, store, admin, request.params.id);
    },
  });

  app.route({
    ...reportsApi.resolve,
    handler: async (request) => {
      const admin = requireRole(request, 'admin');
      await request.settle(await resolveReport(deps, request.params.id, admin.id, request.body, commandContext(request)));
      return reportAnswer(db, store, admin, request.params.id);
    },
  });

  app.route({
    ...reportsApi.close,
    handler: async (request) => {
      const admin = requireRole(request, 'admin');
      await request.settle(await closeReport(deps, request.params.id, admin.id, request.body?.adminResponse?.trim() || null, commandContext(request)));
      return reportAnswer(db, store, admin, request.params.id);
    },
  });
};
