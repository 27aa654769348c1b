import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSettingsRow } from '../../platform/db/settings-row.js';
import { DomainError } from '../../platform/domain/errors.js';
import { emailLinksApi } from './contract.js';
import { logProviderEvents } from './mail-logs.js';
import { sendgridLogLines, sendgridSignatureHeader, sendgridTimestampHeader, verifySendgridSignature } from './provider-events.js';
import { defaultEmailSettings } from './settings.js';

const notConfigured = 'Eventi di SendGrid non attivi: manca la chiave di verifica nelle impostazioni delle e-mail.';
const badSignature = 'Firma degli eventi non valida.';
const badBody = 'Eventi non leggibili: serve un elenco JSON.';

/**
 * SendGrid's Event Webhook (provider-events.ts). Public, like the mails' links: the signature,
 * checked on the body exactly as it came, is the proof. Each event is logged once (by its id), so
 * SendGrid's retries and repeats add nothing; a reader's unsubscription or spam report also stops
 * the marketing mails to the address.
 */
export const emailProviderEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool } = app.deps;

  // The body stays as sent (a Buffer) in this scope only: the signature covers its bytes.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 5 * 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.route({
    ...emailLinksApi.sendgridEvents,
    handler: async (request) => {
      const { eventWebhookKey } = await readSettingsRow(pool, 'email_settings', defaultEmailSettings);
      if (!eventWebhookKey) throw new DomainError(notConfigured, 'forbidden');
      const signature = request.headers[sendgridSignatureHeader];
      const timestamp = request.headers[sendgridTimestampHeader];
      const body = request.body;
      if (typeof signature !== 'string' || typeof timestamp !== 'string' || !Buffer.isBuffer(body) || !verifySendgridSignature(eventWebhookKey, signature, timestamp, body)) {
        throw new DomainError(badSignature, 'invalid');
      }
      let events: unknown;
      try {
        events = JSON.parse(body.toString('utf8'));
      } catch {
        throw new DomainError(badBody, 'invalid');
      }
      if (!Array.isArray(events)) throw new DomainError(badBody, 'invalid');
      const lines = sendgridLogLines(events);
      return { received: events.length, logged: await logProviderEvents(pool, lines) };
    },
  });
};
