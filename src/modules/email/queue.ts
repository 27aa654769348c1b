import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../platform/db/pool.js';
import type { EmailStatus } from './contract.js';
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
  const [id] = await enqueueEmails(tx, [mail], { wake });
  return id ?? null;
}

/**
 * The mails of `mails` whose template is active, rendered and queued in one statement: their ids,
 * in order (null for one not queued: no such active template, or its event's mail already is).
 *
 * One statement at the end of the work, not an INSERT a mail: a transaction's first write gives it
 * an id, and until it commits the event log shows no event appended after that (postgres.ts,
 * `visible`): every read model waits. The triggers read all they need first and write last, so
 * that window is this one statement and the commit.
 */
export async function enqueueEmails(tx: Queryable, mails: readonly MailRequest[], { wake = true }: { wake?: boolean } = {}): Promise<(string | null)[]> {
  if (!mails.length) return [];
  const { rows: templates } = await tx.query<{ id: string; name: string; subject: string; html_content: string; text_content: string; template_type: string }>(
    'SELECT id, name, subject, html_content, text_content, template_type FROM email_templates WHERE name = ANY ($1::text[]) AND is_active',
    [[...new Set(mails.map((mail) => mail.template))]],
  );
  const byName = new Map(templates.map((template) => [template.name, template]));
  const rows = mails.flatMap((mail) => {
    const template = byName.get(mail.template);
    if (!template) return [];
    const rendered = renderEmail({ subject: template.subject, htmlContent: template.html_content, textContent: template.text_content }, mail.data);
    const id = randomUUID();
    return [
      {
        id,
        source_event_id: mail.sourceEventId ?? null,
        template_name: mail.template,
        message_id: messageIdOf(id),
        to_email: mail.to.email,
        to_name: mail.to.name ?? null,
        subject: rendered.subject,
        html_content: rendered.html,
        text_content: rendered.text,
        template_id: template.id,
        template_data: mail.data,
        priority: mail.priority ?? defaultPriority,
        scheduled_at: mail.scheduledAt,
        max_retries: defaultMaxRetries,
        user_id: mail.userId ?? null,
        store_id: mail.storeId ?? null,
        template_type: template.template_type,
      },
    ];
  });
  if (!rows.length) return mails.map(() => null);
  const { rows: queued } = await tx.query<{ id: string }>(
    `INSERT INTO email_queue (id, source_event_id, template_name, message_id, to_email, to_name, subject, html_content, text_content,
       template_id, template_data, priority, scheduled_at, next_attempt_at, max_retries, user_id, store_id, created_at, template_type)
     SELECT id, source_event_id, template_name, message_id, to_email, to_name, subject, html_content, text_content,
       template_id, template_data, priority, scheduled_at, scheduled_at, max_retries, user_id, store_id, scheduled_at, template_type
     FROM jsonb_to_recordset($1::jsonb) AS m (id uuid, source_event_id uuid, template_name text, message_id text, to_email text, to_name text,
       subject text, html_content text, text_content text, template_id uuid, template_data jsonb, priority int, scheduled_at timestamptz,
       max_retries int, user_id uuid, store_id uuid, template_type text)
     ON CONFLICT (source_event_id, template_name) DO NOTHING
     RETURNING id`,
    [JSON.stringify(rows)],
  );
  const ids = new Set(queued.map((row) => row.id));
  if (wake && ids.size) await tx.query('SELECT pg_notify($1, $2)', [emailQueueChannel, '']);
  let next = 0;
  return mails.map((mail) => {
    if (!byName.has(mail.template)) return null;
    const { id } = rows[next++]!;
    return ids.has(id) ? id : null;
  });
}

/** Wakes the senders (a NOTIFY: sent when the caller's transaction commits). */
export async function wakeSenders(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [emailQueueChannel, '']);
}

/** A queued mail locked for an admin's action in the caller's transaction (the sender skips locked rows), or null when there is none. */
export async function lockQueuedEmail(tx: Queryable, id: string): Promise<{ status: EmailStatus; to_email: string; subject: string } | null> {
  const { rows } = await tx.query<{ status: EmailStatus; to_email: string; subject: string }>('SELECT status, to_email, subject FROM email_queue WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

/** An admin's change of a queued mail (`set`: its columns, the parameters from $2) and the log's line that says who made it, in the caller's transaction. */
export async function changeQueuedEmail(
  tx: Queryable,
  id: string,
  change: { set: string; params: unknown[] },
  log: { status: string; details: string; actorUserId: string | null; at: Date },
): Promise<void> {
  await tx.query(`UPDATE email_queue SET ${change.set} WHERE id = $1`, [id, ...change.params]);
  await tx.query('INSERT INTO email_logs (id, email_id, status, status_details, actor_user_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    randomUUID(),
    id,
    log.status,
    log.details,
    log.actorUserId,
    log.at,
  ]);
}
