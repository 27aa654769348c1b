import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maskSecret } from '../../platform/domain/secrets.js';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { serveSettingsRecord } from '../../platform/http/settings-record.js';
import { cancelEmail, changeEmailTemplate, createEmailTemplate, deleteEmailTemplate, retryEmail, updateEmailSettings } from './commands.js';
import { emailApi, type EmailLog, type EmailSettingsRecord, type EmailTemplate, type QueuedEmail } from './contract.js';
import { emailLogsResource, emailQueueResource, emailQueueSummary, emailTemplatesResource, readEmailSettings } from './queries.js';
import { sendTestEmail } from './test-email.js';
import { effectiveEmailSettings, whyNotSending } from './transport.js';

/** The admin's e-mail: settings (secrets masked), templates, the queue and its log. */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const template = (id: string) => findOne<EmailTemplate>(db, emailTemplatesResource, id);

  serveSettingsRecord(
    app,
    { get: emailApi.settings, update: emailApi.updateSettings },
    {
      read: async (): Promise<EmailSettingsRecord> => {
        const settings = await readEmailSettings(db);
        return {
          id: 'current',
          ...settings,
          password: maskSecret(settings.password),
          passwordSet: settings.password !== null,
          apiKey: maskSecret(settings.apiKey),
          apiKeySet: settings.apiKey !== null,
          notSending: whyNotSending(effectiveEmailSettings(settings)),
        };
      },
      change: (form, context) => updateEmailSettings(app.deps, form, context),
    },
  );

  app.route({
    ...emailApi.templates,
    handler: async (request, reply) => (await answerList(db, reply, emailTemplatesResource, request.query)) as EmailTemplate[],
  });
  app.route({ ...emailApi.template, handler: async (request) => template(request.params.id) });
  app.route({
    ...emailApi.createTemplate,
    handler: async (request, reply) => {
      const { id, position } = await createEmailTemplate(app.deps, request.body, commandContext(request));
      await request.settle(position);
      return reply.status(201).send(await template(id));
    },
  });
  app.route({
    ...emailApi.updateTemplate,
    handler: async (request) => {
      const { id } = request.params;
      await template(id);
      await request.settle(await changeEmailTemplate(app.deps, id, request.body, commandContext(request)));
      return template(id);
    },
  });
  app.route({
    ...emailApi.deleteTemplate,
    handler: async (request) => {
      const current = await template(request.params.id);
      await request.settle(await deleteEmailTemplate(app.deps, current.id, commandContext(request)));
      return current;
    },
  });

  app.route({
    ...emailApi.queue,
    handler: async (request, reply) => (await answerList(db, reply, emailQueueResource, request.query)) as QueuedEmail[],
  });
  const queued = (id: string) => findOne<QueuedEmail>(db, emailQueueResource, id);
  app.route({ ...emailApi.queued, handler: async (request) => queued(request.params.id) });
  app.route({ ...emailApi.queueSummary, handler: async () => emailQueueSummary(db, new Date()) });
  app.route({
    ...emailApi.retry,
    handler: async (request) => {
      await retryEmail(app.deps, request.params.id, commandContext(request));
      return queued(request.params.id);
    },
  });
  app.route({
    ...emailApi.cancel,
    handler: async (request) => {
      await cancelEmail(app.deps, request.params.id, commandContext(request));
      return queued(request.params.id);
    },
  });
  app.route({
    ...emailApi.testEmail,
    handler: async (request) => sendTestEmail(effectiveEmailSettings(await readEmailSettings(db)), request.body.to),
  });
  app.route({
    ...emailApi.logs,
    handler: async (request, reply) => (await answerList(db, reply, emailLogsResource, request.query)) as EmailLog[],
  });
  app.route({ ...emailApi.log, handler: async (request) => findOne<EmailLog>(db, emailLogsResource, request.params.id) });
};
