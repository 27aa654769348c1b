import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSettingsRow } from '../../platform/db/settings-row.js';
import { DomainError } from '../../platform/domain/errors.js';
import { emailLinksApi } from './contract.js';
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
      const { rows } = await pool.query<{ logged: number }>(
        `WITH e AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS e (id uuid, provider_event_id text, email_id uuid, status text, details text,
             user_agent text, ip text, clicked_links jsonb, at timestamptz)
         ), stopped AS (
           INSERT INTO email_unsubscribes (email, created_at)
           SELECT DISTINCT lower(q.to_email), now() FROM e JOIN email_queue q ON q.id = e.email_id WHERE e.status IN ('unsubscribed', 'complained')
           ON CONFLICT (email) DO NOTHING
         ), logged AS (
           INSERT INTO email_logs (id, email_id, status, status_details, user_agent, ip_address, clicked_links, created_at, provider_event_id)
           SELECT e.id, e.email_id, e.status, e.details, e.user_agent, e.ip, e.clicked_links, e.at, e.provider_event_id
           FROM e JOIN email_queue q ON q.id = e.email_id
           ON CONFLICT DO NOTHING
           RETURNING 1
         )
         SELECT count(*)::int AS logged FROM logged`,
        [
          JSON.stringify(
            lines.map((line) => ({
              id: randomUUID(),
              provider_event_id: line.providerEventId,
              email_id: line.emailId,
              status: line.status,
              details: line.details,
              user_agent: line.userAgent,
              ip: line.ip,
              clicked_links: line.clickedLinks,
              at: line.at,
            })),
          ),
        ],
      );
      return { received: events.length, logged: rows[0]!.logged };
    },
  });
};
