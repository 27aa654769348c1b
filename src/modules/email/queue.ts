import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../platform/db/pool.js';
import { renderEmail, type TemplateData } from './render.js';

/** Spec §9: priority 5 (1 first … 10 last), 3 retries. */
export const defaultPriority = 5;
export const defaultMaxRetries = 3;

/** One mail to queue from a template, and what it is about. */
export interface MailRequest {
  template: string;
  to: { email: string; name?: string | null };
  data: TemplateData;
  priority?: number;
  scheduledAt: Date;
  userId?: string | null;
  storeId?: string | null;
  /** The event the mail tells of: a second request for the same event and template is ignored. */
  sourceEventId?: string;
}

/** Told of the mails queued outside the triggers, so that the senders wake. */
export const emailQueueChannel = 'vicino_email_queue';

/**
 * Each mail's own Message-ID, fixed when it is queued: every attempt of the same mail carries the
 * same one, so a receiver (and the log) can tell a mail from a copy.
 */
export const messageIdOf = (id: string): string => `<${id}@vicino.local>`;

/**
 * Renders the template (active ones only) into a queued mail, in the caller's transaction.
 * Returns the mail's id, or null when the template is missing or switched off, or the event's
 * mail was already queued. `wake: false` leaves the senders' wake-up to the caller: a NOTIFY in a
 * transaction holds PostgreSQL's cluster-wide notify lock through its commit, stalling every other
 * notifying commit (the event store's, the read models'), so the triggers, which queue in busy
 * projection transactions, let their checkpoint's news (sent after COMMIT) wake the senders.
 */
export async function enqueueEmail(tx: Queryable, mail: MailRequest, { wake = true }: { wake?: boolean } = {}): Promise<string | null> {
  const { rows } = await tx.query<{ id: string; subject: string; html_content: string; text_content: string; template_type: string }>(
    'SELECT id, subject, html_content, text_content, template_type FROM email_templates WHERE name = $1 AND is_active',
    [mail.template],
  );
  const template = rows[0];
  if (!template) return null;
  const rendered = renderEmail({ subject: template.subject, htmlContent: template.html_content, textContent: template.text_content }, mail.data);
  const id = randomUUID();
  const { rowCount } = await tx.query(
    `INSERT INTO email_queue (id, source_event_id, template_name, message_id, to_email, to_name, subject, html_content, text_content,
       template_id, template_data, priority, scheduled_at, next_attempt_at, max_retries, user_id, store_id, created_at, template_type)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16, $13, $17)
     ON CONFLICT (source_event_id, template_name) DO NOTHING`,
    [
      id,
      mail.sourceEventId ?? null,
      mail.template,
      messageIdOf(id),
      mail.to.email,
      mail.to.name ?? null,
      rendered.subject,
      rendered.html,
      rendered.text,
      template.id,
      JSON.stringify(mail.data),
      mail.priority ?? defaultPriority,
      mail.scheduledAt,
      defaultMaxRetries,
      mail.userId ?? null,
      mail.storeId ?? null,
      template.template_type,
    ],
  );
  if (!rowCount) return null;
  if (wake) await tx.query('SELECT pg_notify($1, $2)', [emailQueueChannel, '']);
  return id;
}
