import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { closeSession, requireRole, requireUser } from '../../platform/http/plugins/session.js';
import { checkPassword } from '../users/login-throttle.js';
import { userById } from '../users/queries.js';
import { answerConsent, publishLegalVersion, requestErasure } from './commands.js';
import { privacyApi, type ErasureRecord } from './contract.js';
import { consentsOf, erasureOf, erasuresResource, legalDocumentOf, legalVersionsInForce, retentionRunsOf } from './queries.js';
import { readEmailSettings } from '../email/queries.js';
import { consentKindLabels, consentKinds, consentTexts } from './labels.js';
import { retentionRules } from './retention.js';
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

  /** Whether the admin turned the e-mails' tracking on: what the cookie notice asks about. */
  const trackingOn = async () => {
    const settings = await readEmailSettings(db);
    return settings.trackOpens || settings.trackClicks;
  };
  const consentsFor = async (userId: string) => {
    const [answers, tracking] = await Promise.all([consentsOf(db, userId), trackingOn()]);
    return {
      consents: consentKinds.map((kind) => {
        const answer = answers.get(kind);
        return {
          kind,
          label: consentKindLabels[kind],
          text: consentTexts[kind],
          granted: answer?.granted ?? null,
          changedAt: answer?.changedAt ?? null,
          offered: kind !== 'email-tracking' || tracking,
        };
      }),
    };
  };
  app.route({ ...privacyApi.cookies, handler: async () => ({ emailTracking: await trackingOn() }) });
  app.route({ ...privacyApi.myConsents, handler: async (request) => consentsFor(requireUser(request).id) });
  app.route({
    ...privacyApi.answerConsent,
    handler: async (request) => {
      const me = requireUser(request);
      await request.settle(
        await answerConsent(app.deps, me.id, { kind: request.params.kind, granted: request.body.granted, source: request.body.source }, commandContext(request)),
      );
      return consentsFor(me.id);
    },
  });

  app.route({ ...privacyApi.legalInForce, handler: async () => legalVersionsInForce(db) });
  app.route({
    ...privacyApi.legal,
    handler: async (request) => {
      const document = await legalDocumentOf(db, request.params.kind, request.query.version);
      if (!document) throw new DomainError(request.query.version ? 'Questa versione non esiste.' : 'Documento non ancora pubblicato.', 'not-found');
      return document;
    },
  });
  app.route({
    ...privacyApi.publishLegal,
    handler: async (request, reply) => {
      requireRole(request, 'admin');
      const { position } = await publishLegalVersion(app.deps, request.params.kind, request.body, commandContext(request));
      await request.settle(position);
      return reply.status(201).send((await legalDocumentOf(db, request.params.kind))!);
    },
  });

  const rulesShown = retentionRules.map(({ key, what, keptFor, days, why }) => ({ key, what, keptFor, days, why }));
  app.route({ ...privacyApi.retention, handler: async () => rulesShown });
  app.route({
    ...privacyApi.retentionRuns,
    handler: async (request) => {
      requireRole(request, 'admin');
      const runs = await retentionRunsOf(db);
      return retentionRules.map((rule, i) => {
        const run = runs.get(rule.key);
        return { ...rulesShown[i]!, applied: Boolean(rule.enforce), ranAt: run?.ranAt ?? null, removed: run?.removed ?? null, removedInAll: run?.removedInAll ?? 0 };
      });
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
