import { emailTriggersName } from '../email/triggers.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { actOnContact, submitContact } from './commands.js';
import { contactApi, honeypotField, type ContactSubmission } from './contract.js';
import type { ContactCommand } from './contact.js';
import { contactSubmissionsResource } from './queries.js';

const received = { message: 'Grazie! Abbiamo ricevuto il tuo messaggio e ti risponderemo al più presto.' };

/** The contact form, and the admin's inbox of what it brought. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const submission = (id: string) => findOne<ContactSubmission>(db, contactSubmissionsResource, id);

  app.route({
    ...contactApi.submit,
    handler: async (request, reply) => {
      // A bot that filled the hidden field is told what a person is told, and nothing is kept or sent.
      if (request.body[honeypotField]) return reply.status(201).send(received);
      await request.settle(await submitContact(app.deps, request.body, request.ip, commandContext(request)));
      return reply.status(201).send(received);
    },
  });

  app.route({
    ...contactApi.list,
    handler: async (request, reply) => (await answerList(db, reply, contactSubmissionsResource, request.query)) as ContactSubmission[],
  });
  app.route({ ...contactApi.get, handler: async (request) => submission(request.params.id) });

  /** Acts on a message known to the inbox (404 otherwise) and answers it as it became. */
  const act = async (request: Parameters<typeof commandContext>[0], id: string, command: Exclude<ContactCommand, { type: 'SubmitContact' }>) => {
    await submission(id);
    const position = await actOnContact(app.deps, id, command, commandContext(request));
    await request.settle(position);
    // An answer is mailed: the e-mail triggers (no read model of their own, so settle does not wait
    // for them) queue it, and the answer reads its mail as queued, not as missing. Bounded as settle.
    if (command.type === 'ReplyToContact' && position) await app.deps.projections.waitFor(position, app.deps.config.READ_MODEL_WAIT_MS, [emailTriggersName]);
    return submission(id);
  };

  app.route({ ...contactApi.note, handler: async (request) => act(request, request.params.id, { type: 'NoteContact', adminNotes: request.body.adminNotes }) });
  app.route({ ...contactApi.read, handler: async (request) => act(request, request.params.id, { type: 'MarkContactRead' }) });
  app.route({ ...contactApi.close, handler: async (request) => act(request, request.params.id, { type: 'CloseContact' }) });
  app.route({
    ...contactApi.reply,
    handler: async (request) => {
      const admin = requireRole(request, 'admin');
      return act(request, request.params.id, { type: 'ReplyToContact', message: request.body.message, repliedByUserId: admin.id });
    },
  });
};
