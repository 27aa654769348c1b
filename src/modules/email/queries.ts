import type { ReadDb } from '../../platform/db/read.js';
import { readSettingsRowOf } from '../../platform/db/settings-row.js';
import { anyOf, booleanFilter, uuidFilter, type ListFilter, type ListResource } from '../../platform/http/admin-rest.js';
import { oneOrMany } from '../../platform/http/admin-rest.js';
import { z } from 'zod';
import { emailLog, emailLogStatuses, emailStatuses, emailTemplate, queuedEmail } from './contract.js';
import { defaultEmailSettings, type EmailSettings } from './settings.js';
import { templateTypes } from './templates.js';

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
    l.user_agent AS "userAgent", l.ip_address AS "ipAddress", l.clicked_links AS "clickedLinks", l.created_at AS "createdAt"`,
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
