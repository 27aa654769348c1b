import { anyOf, type ListResource } from '../../platform/http/admin-rest.js';
import { contactSubmission } from './contract.js';
import { replyTemplate } from './mails.js';
import { contactNotFound, contactStatuses } from './contact.js';

/** A column of the last answer's mail in the e-mail queue (one per event and template: its unique key). */
const replyMail = (column: string) => `(SELECT q.${column} FROM email_queue q WHERE q.source_event_id = c.reply_event_id AND q.template_name = '${replyTemplate}')`;

/** The admin's inbox: newest first, searched by name, e-mail, subject and company. */
export const contactSubmissionsResource: ListResource = {
  name: 'contact-submissions',
  from: 'contact_submissions c',
  select: `c.id, c.name, c.email, c.subject, c.message, c.phone, c.company, c.status, c.admin_notes AS "adminNotes",
    c.reply_message AS "replyMessage", c.replied_at AS "repliedAt", c.replied_by_user_id AS "repliedByUserId",
    (SELECT username FROM users WHERE id = c.replied_by_user_id) AS "repliedBy",
    ${replyMail('status')} AS "replyMailStatus", ${replyMail('sent_at')} AS "replyMailSentAt", ${replyMail('failure_reason')} AS "replyMailFailure", c.created_at AS "createdAt", c.updated_at AS "updatedAt"`,
  id: 'c.id',
  sortable: {
    id: 'c.id',
    name: 'c.name',
    email: 'lower(c.email)',
    subject: 'c.subject',
    status: 'c.status',
    repliedAt: 'c.replied_at',
    createdAt: 'c.created_at',
    updatedAt: 'c.updated_at',
  },
  defaultOrder: 'c.created_at DESC',
  filters: { status: anyOf(contactStatuses, 'Stato', 'c.status') },
  searchText: 'c.admin_text',
  notFound: contactNotFound,
  row: contactSubmission,
};
