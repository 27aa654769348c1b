import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerList } from '../../platform/http/admin-rest.js';
import { commandContext, commandOnRecord } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { answerPage } from '../../platform/http/read-paging.js';
import { multipartLimits, readUploadedFile } from '../../platform/http/uploads.js';
import { appPayments } from '../payments/routes.js';
import {
  addEvidence,
  adminMove,
  appeal,
  evidenceFile,
  fileComplaint,
  openDispute,
  payCompensation,
  postMessage,
  resolveCommand,
  respond,
  type Deps,
  type Reader,
} from './commands.js';
import { complaintsApi, type CaseRecord } from './contract.js';
import { caseDetail, casesOf, casesResource, caseSummary, recordOf, type CaseRow } from './queries.js';

/** Issue [14]: complaints on collaboration sessions, disputes on orders; the parties' calls and the admins'. */
export const complaintRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, db, store } = app.deps;
  const payments = appPayments(app);
  const deps: Deps = { store, pool, db, secret: app.deps.sessionKey, payments };
  const parties = ['shopkeeper', 'collaborator', 'customer', 'admin'] as const;
  const reader = (request: FastifyRequest) => requireRole(request, ...parties);
  /** The case page as `user` sees it now (commandOnRecord's answer). */
  const page = (id: string, user: Reader) => caseDetail(db, user, id, new Date());
  /** The case page as the reader sees it, once the read models hold what the request wrote. */
  const detail = (request: FastifyRequest, id: string) => page(id, reader(request));

  await app.register(multipart, multipartLimits);

  app.route({
    ...complaintsApi.list,
    config: { roles: parties },
    handler: async (request, reply) => {
      const { kind, status, ...paging } = request.query;
      return answerPage(reply, await casesOf(db, reader(request), { kind, status }, paging, new Date()));
    },
  });

  app.route({
    ...complaintsApi.disputes,
    config: { roles: parties },
    handler: async (request, reply) => {
      const { status, ...paging } = request.query;
      return answerPage(reply, await casesOf(db, reader(request), { kind: 'dispute', status }, paging, new Date()));
    },
  });

  app.route({
    ...complaintsApi.create,
    config: { roles: ['shopkeeper', 'collaborator'] },
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper', 'collaborator');
      const { id, position } = await fileComplaint(deps, user, request.body, commandContext(request));
      await request.settle(position);
      return reply.status(201).send(await detail(request, id));
    },
  });

  app.route({
    ...complaintsApi.openDispute,
    config: { roles: ['customer'] },
    handler: async (request, reply) => {
      const user = requireRole(request, 'customer');
      const { id, position } = await openDispute(deps, user.id, request.body, commandContext(request));
      await request.settle(position);
      return reply.status(201).send(await detail(request, id));
    },
  });

  app.route({ ...complaintsApi.get, config: { roles: parties }, handler: async (request) => detail(request, request.params.id) });
  app.route({ ...complaintsApi.dispute, config: { roles: parties }, handler: async (request) => detail(request, request.params.id) });

  app.route({
    ...complaintsApi.message,
    config: { roles: parties },
    handler: async (request) => commandOnRecord(request, parties, (id, user, ctx) => postMessage(deps, id, user, { text: request.body.text, internal: false }, ctx), page),
  });

  app.route({
    ...complaintsApi.respond,
    config: { roles: ['shopkeeper', 'collaborator'] },
    handler: async (request) => commandOnRecord(request, ['shopkeeper', 'collaborator'], (id, user, ctx) => respond(deps, id, user.id, request.body.text, ctx), page),
  });

  app.route({
    ...complaintsApi.appeal,
    config: { roles: ['shopkeeper', 'collaborator', 'customer'] },
    handler: async (request) => commandOnRecord(request, ['shopkeeper', 'collaborator', 'customer'], (id, user, ctx) => appeal(deps, id, user.id, request.body.reason, ctx), page),
  });

  app.route({
    ...complaintsApi.addEvidence,
    config: { roles: parties },
    handler: async (request, reply) => {
      const who = reader(request);
      const file = await readUploadedFile(request);
      await request.settle(await addEvidence(deps, request.params.id, who, file, commandContext(request)));
      return reply.status(201).send(await detail(request, request.params.id));
    },
  });

  app.route({
    ...complaintsApi.evidence,
    config: { roles: parties },
    handler: async (request, reply) => {
      const file = await evidenceFile(deps, request.params.id, request.params.fileId, reader(request));
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.body);
    },
  });

  // The admins' side (the admin role is checked for every /api/admin call).
  app.route({
    ...complaintsApi.adminList,
    handler: async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const now = new Date();
      return (await answerList<CaseRow>(db, reply, casesResource, request.query, (row) => recordOf(row, admin, now))) as CaseRecord[];
    },
  });
  app.route({ ...complaintsApi.adminGet, handler: async (request) => detail(request, request.params.id) });
  app.route({ ...complaintsApi.summary, handler: async () => caseSummary(db, new Date()) });

  const adminId = (request: FastifyRequest) => requireRole(request, 'admin').id;
  const admins = ['admin'] as const;
  app.route({
    ...complaintsApi.take,
    handler: async (request) => commandOnRecord(request, admins, (id, admin, ctx) => adminMove(deps, id, { type: 'TakeCase', adminId: admin.id, now: ctx.now }, ctx), page),
  });
  app.route({
    ...complaintsApi.ask,
    handler: async (request) =>
      commandOnRecord(
        request,
        admins,
        (id, admin, ctx) => adminMove(deps, id, { type: 'AskRespondent', adminId: admin.id, question: request.body.question, now: ctx.now }, ctx),
        page,
      ),
  });
  app.route({
    ...complaintsApi.adminMessage,
    handler: async (request) => commandOnRecord(request, admins, (id, admin, ctx) => postMessage(deps, id, admin, request.body, ctx), page),
  });
  app.route({
    ...complaintsApi.resolve,
    handler: async (request) => commandOnRecord(request, admins, (id, admin, ctx) => adminMove(deps, id, resolveCommand(admin.id, request.body, ctx.now), ctx), page),
  });
  app.route({
    ...complaintsApi.reject,
    handler: async (request) =>
      commandOnRecord(request, admins, (id, admin, ctx) => adminMove(deps, id, { type: 'RejectCase', adminId: admin.id, reason: request.body.reason, now: ctx.now }, ctx), page),
  });
  app.route({
    ...complaintsApi.approveCompensation,
    handler: async (request) => {
      const ctx = commandContext(request);
      const approved = await adminMove(deps, request.params.id, { type: 'ApproveCompensation', adminId: adminId(request), now: ctx.now }, ctx);
      // Paid now when it can be (credits; a refund its provider confirms at once); else by the upkeep.
      const paid = await payCompensation(deps, request.params.id, ctx);
      await request.settle(paid ?? approved);
      return detail(request, request.params.id);
    },
  });
};
