import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { readSettingsRowOf } from '../../platform/db/settings-row.js';
import { anyOf, booleanFilter, uuidFilter, type ListFilter, type ListResource } from '../../platform/http/admin-rest.js';
import { oneOrMany } from '../../platform/http/admin-rest.js';
import { z } from 'zod';
import { emailLog, emailLogStatuses, emailStatuses, emailTemplate, queuedEmail, type EmailQueueSummary, type EmailStatus } from './contract.js';
import { defaultEmailSettings, type EmailSettings } from './settings.js';
import { templateTypes } from './templates.js';
import { effectiveEmailSettings, whyNotSending } from './transport.js';

/** Password and key included: only the server reads them whole. */
export const readEmailSettings = (db: ReadDb): Promise<EmailSettings> => readSettingsRowOf(db, 'email_settings', defaultEmailSettings);

/** A recipient's address, or part of it, case ignored. */
const addressFilter = (column: string): ListFilter => ({
  schema: oneOrMany(z.string({ error: 'Destinatario: deve essere un testo.' }).max(254, 'Destinatario: al massimo 254 caratteri.')),
  where: (p) => `${column} ILIKE ANY (SELECT '%' || replace(replace(v, '%', '\\%'), '_', '\\_') || '%' FROM unnest(${p}::text[]) v)`,
});

export const emailTemplatesResource: ListResource = {
  name: 'email-templates',
  from: 'email_templates t',
  select: `t.id, t.name, t.subject, t.html_content AS "htmlContent", t.text_content AS "textContent", t.is_active AS "isActive",
    t.template_type AS "templateType", t.created_at AS "createdAt", t.updated_at AS "updatedAt"`,
  id: 't.id',
  sortable: { id: 't.id', name: 't.name', subject: 't.subject', isActive: 't.is_active', templateType: 't.template_type', createdAt: 't.created_at', updatedAt: 't.updated_at' },
  defaultOrder: 't.name',
  filters: { isActive: booleanFilter('t.is_active'), templateType: anyOf(templateTypes, 'Tipo', 't.template_type') },
  notFound: 'Modello di e-mail non trovato.',
  row: emailTemplate,
};

export const emailQueueResource: ListResource = {
  name: 'email-queue',
  from: 'email_queue q',
  select: `q.id, q.message_id AS "messageId", q.to_email AS "toEmail", q.to_name AS "toName", q.subject, q.html_content AS "htmlContent",
    q.text_content AS "textContent", q.template_id AS "templateId", q.template_name AS "templateName", q.template_data AS "templateData",
    q.status, q.priority, q.scheduled_at AS "scheduledAt", q.next_attempt_at AS "nextAttemptAt", q.sent_at AS "sentAt",
    q.failure_reason AS "failureReason", q.retry_count AS "retryCount", q.max_retries AS "maxRetries", q.user_id AS "userId",
    q.store_id AS "storeId", q.created_at AS "createdAt"`,
  id: 'q.id',
  sortable: {
    id: 'q.id',
    toEmail: 'q.to_email',
    subject: 'q.subject',
    status: 'q.status',
    priority: 'q.priority',
    scheduledAt: 'q.scheduled_at',
    nextAttemptAt: 'q.next_attempt_at',
    sentAt: 'q.sent_at',
    retryCount: 'q.retry_count',
    createdAt: 'q.created_at',
  },
  defaultOrder: 'q.created_at DESC',
  filters: {
    status: anyOf(emailStatuses, 'Stato', 'q.status'),
    toEmail: addressFilter('q.to_email'),
    userId: uuidFilter('q.user_id'),
    storeId: uuidFilter('q.store_id'),
  },
  notFound: 'E-mail non trovata nella coda.',
  row: queuedEmail,
};

export const emailLogsResource: ListResource = {
  name: 'email-logs',
  from: 'email_logs l JOIN email_queue q ON q.id = l.email_id',
  select: `l.id, l.email_id AS "emailId", q.to_email AS "toEmail", q.subject, l.status, l.status_details AS "statusDetails",
    l.user_agent AS "userAgent", l.ip_address AS "ipAddress", l.clicked_links AS "clickedLinks", l.actor_user_id AS "actorUserId",
    l.created_at AS "createdAt"`,
  id: 'l.id',
  sortable: { id: 'l.id', emailId: 'l.email_id', toEmail: 'q.to_email', status: 'l.status', createdAt: 'l.created_at' },
  defaultOrder: 'l.created_at DESC, l.id',
  filters: {
    status: anyOf(emailLogStatuses, 'Esito', 'l.status'),
    emailId: uuidFilter('l.email_id'),
    toEmail: addressFilter('q.to_email'),
  },
  notFound: 'Voce del registro non trovata.',
  row: emailLog,
};

const statusCount = z.object({ status: z.enum(emailStatuses), n: z.number() });
const hourUse = z.object({ sent: z.number(), sending: z.number(), oldest: column.time.nullable(), due: z.number() });
const hourMs = 60 * 60 * 1000;
const clockTime = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' });

/**
 * The queue at a glance: mails by status, and the hour's budget as the sender counts it (sender.ts
 * claim: mails being sent and those sent in the sliding hour use it up); why due mails wait, if
 * they do: the settings first, then a budget used up.
 */
export async function emailQueueSummary(db: ReadDb, now: Date, env: NodeJS.ProcessEnv = process.env): Promise<EmailQueueSummary> {
  const hourAgo = new Date(now.getTime() - hourMs).toISOString();
  const [counts, use, settings] = await Promise.all([
    db.any(sql.type(statusCount)`SELECT status, count(*)::int AS n FROM email_queue GROUP BY status`),
    db.one(sql.type(hourUse)`
      SELECT count(*) FILTER (WHERE status = 'sent' AND sent_at > ${hourAgo})::int AS sent,
             count(*) FILTER (WHERE status = 'sending')::int AS sending,
             min(sent_at) FILTER (WHERE status = 'sent' AND sent_at > ${hourAgo}) AS oldest,
             count(*) FILTER (WHERE status = 'pending' AND next_attempt_at <= ${now.toISOString()})::int AS due
      FROM email_queue WHERE status IN ('sent', 'sending', 'pending')`),
    readEmailSettings(db),
  ]);
  const byStatus = Object.fromEntries(emailStatuses.map((status) => [status, 0])) as Record<EmailStatus, number>;
  for (const { status, n } of counts) byStatus[status] = n;
  const maxPerHour = settings.maxEmailsPerHour;
  const remaining = Math.max(0, maxPerHour - use.sent - use.sending);
  // With nothing left, the next mail goes when the oldest of the hour's sends leaves the hour.
  const budgetFreesAt = remaining === 0 && use.oldest ? new Date(new Date(use.oldest).getTime() + hourMs).toISOString() : null;
  const capReached =
    remaining === 0 && use.due > 0
      ? `Raggiunto il limite di ${maxPerHour} e-mail all’ora: ${budgetFreesAt ? `le prossime partono dalle ${clockTime.format(new Date(budgetFreesAt))}` : 'le prossime partono appena finiscono gli invii in corso'}.`
      : null;
  return {
    count: Object.values(byStatus).reduce((a, b) => a + b, 0),
    byStatus,
    sentLastHour: use.sent,
    sending: use.sending,
    maxPerHour,
    remaining,
    budgetFreesAt,
    notSending: whyNotSending(effectiveEmailSettings(settings, env)) ?? capReached,
  };
}

/** Whether the address asked for no more promotional mail. */
export async function isUnsubscribed(db: ReadDb, address: string): Promise<boolean> {
  return db.exists(sql.unsafe`SELECT 1 FROM email_unsubscribes WHERE email = ${address}`);
}
