import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { closeSession, requireRole, requireUser } from '../../platform/http/plugins/session.js';
import { checkPassword } from '../users/login-throttle.js';
import { userById } from '../users/queries.js';
import { requestErasure } from './commands.js';
import { privacyApi, type ErasureRecord } from './contract.js';
import { erasureOf, erasuresResource } from './queries.js';
import { personalDataExport } from './export.js';
import { exportFileName, exportHtml, exportJson, type ExportFileFormat } from './export-documents.js';
import { changeUser } from '../users/commands.js';
import type { DataExportedBy } from '../users/user.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A person's erasure from their settings, and the admin's list of erasures and requests on a person's behalf. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.route({
    ...privacyApi.mine,
    handler: async (request) => ({ erasure: await erasureOf(db, requireUser(request).id) }),
  });

  app.route({
    ...privacyApi.requestErasure,
    handler: async (request, reply) => {
      const me = requireUser(request);
      const account = await userById(db, me.id);
      if (!account) throw new DomainError('Utente non trovato', 'not-found');
      // The password again (throttled as a login), so that an open session alone cannot erase anyone.
      if (!(await checkPassword(request, { username: account.username, password: request.body.password, hash: account.password_hash }))) {
        throw new DomainError('La password non è corretta.', 'rule', { password: 'La password non è corretta.' });
      }
      await request.settle(await requestErasure(app.deps, { userId: me.id, role: me.role }, 'self', commandContext(request)));
      const erasure = await erasureOf(db, me.id);
      await closeSession(request);
      return reply.status(202).send({ erasure });
    },
  });

  /** The person's export as the file asked for, noted in their account's history (who asked, which file). */
  const sendExport = async (request: FastifyRequest, reply: FastifyReply, userId: string, by: DataExportedBy, format: ExportFileFormat) => {
    const account = await userById(db, userId);
    if (!account) throw new DomainError('Utente non trovato', 'not-found');
    const ctx = commandContext(request);
    const exported = await personalDataExport(app.deps, app.catalog, account, ctx.now);
    await changeUser(app.deps, account.id, { type: 'RecordDataExport', by, format }, ctx);
    return reply
      .type(format === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${exportFileName(exported, format)}"`)
      .header('Cache-Control', 'private, no-store')
      .send(format === 'json' ? exportJson(exported) : exportHtml(exported, app.catalog.personalExport));
  };

  app.route({
    ...privacyApi.myExport,
    handler: async (request, reply) => sendExport(request, reply, requireUser(request).id, 'self', request.params.format),
  });
  app.route({
    ...privacyApi.exportFor,
    handler: async (request, reply) => {
      requireRole(request, 'admin');
      return sendExport(request, reply, request.params.id, 'admin', request.params.format);
    },
  });

  app.route({
    ...privacyApi.list,
    handler: async (request, reply) => (await answerList(db, reply, erasuresResource, request.query)) as ErasureRecord[],
  });
  app.route({ ...privacyApi.get, handler: async (request) => findOne<ErasureRecord>(db, erasuresResource, request.params.id) });

  app.route({
    ...privacyApi.requestFor,
    handler: async (request, reply) => {
      const admin = requireRole(request, 'admin');
      if (request.params.id === admin.id) throw new DomainError('Non puoi chiedere la cancellazione del tuo stesso account da qui.', 'rule');
      const account = await userById(db, request.params.id);
      if (!account) throw new DomainError('Utente non trovato', 'not-found');
      await request.settle(await requestErasure(app.deps, { userId: account.id, role: account.role }, 'admin', commandContext(request)));
      return reply.status(202).send(await findOne<ErasureRecord>(db, erasuresResource, account.id));
    },
  });
};
