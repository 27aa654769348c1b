import { layout } from '../email/seed-templates.js';
import type { EmailTemplateFields } from '../email/templates.js';
import type { Recipient } from '../email/triggers.js';
import type { ContactEvent } from './contact.js';

type Submitted = Extract<ContactEvent, { type: 'ContactSubmitted' }>['data'];
type Replied = Extract<ContactEvent, { type: 'ContactReplied' }>['data'];

/** A visitor has no account: the footer says why they get the mail. */
const why = 'Ricevi questa e-mail perché hai scritto a Vicino dal modulo dei contatti.';
/** The visitor's own words, kept as written (line breaks included). */
const quoted = (mark: string) => `<blockquote style="margin:16px 0;padding:8px 16px;border-left:4px solid #FFD747;color:#555;white-space:pre-wrap">{{${mark}}}</blockquote>`;

/** The admin's answer's template: the inbox reads its mail's state by it (queries.ts). */
export const replyTemplate = 'contatto-risposta';

/** Seeded at every start when missing (by name), as the e-mail module's own. */
export const contactTemplates: EmailTemplateFields[] = [
  {
    name: 'contatto-ricevuto',
    templateType: 'transactional',
    isActive: true,
    subject: 'Abbiamo ricevuto il tuo messaggio: {{subject}}',
    htmlContent: layout(
      'Messaggio ricevuto',
      `<p>Ciao {{name}},</p><p>grazie per averci scritto. Abbiamo ricevuto il tuo messaggio «<strong>{{subject}}</strong>» e ti risponderemo al più presto a questo indirizzo.</p>${quoted('message')}<p>A presto,<br>il team di Vicino</p>`,
      why,
    ),
    textContent:
      'Ciao {{name}},\n\ngrazie per averci scritto. Abbiamo ricevuto il tuo messaggio «{{subject}}» e ti risponderemo al più presto a questo indirizzo.\n\n--- Il tuo messaggio ---\n{{message}}\n\nA presto,\nil team di Vicino\n',
  },
  {
    name: replyTemplate,
    templateType: 'transactional',
    isActive: true,
    subject: 'Re: {{subject}}',
    htmlContent: layout(
      'La nostra risposta',
      `<p>Ciao {{name}},</p><div style="white-space:pre-wrap">{{reply}}</div><p>Il team di Vicino</p><p style="margin-top:24px;font-size:14px;color:#555">Il tuo messaggio del {{sentOn}}:</p>${quoted('message')}`,
      why,
    ),
    textContent: 'Ciao {{name}},\n\n{{reply}}\n\nIl team di Vicino\n\n--- Il tuo messaggio del {{sentOn}} ---\n{{message}}\n',
  },
];

const sentOn = (at: Date) => new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'Europe/Rome' }).format(at);

/**
 * The contact form's mails, in the e-mail triggers' table: the visitor's acknowledgement when a
 * message arrives, and the admin's answer with the visitor's message quoted.
 */
export const contactEmailTriggers: Record<string, { template: string; to: Recipient }[]> = {
  ContactSubmitted: [
    {
      template: 'contatto-ricevuto',
      to: async (event) => {
        const m = event.data as Submitted;
        return { to: { email: m.email, name: m.name }, data: { name: m.name, subject: m.subject, message: m.message } };
      },
    },
  ],
  ContactReplied: [
    {
      template: replyTemplate,
      // The message was in the inbox before the admin could answer it.
      to: async (event, rows) => {
        const m = await rows<{ name: string; email: string; subject: string; message: string; created_at: Date }>(
          'contact_submissions',
          'name, email, subject, message, created_at',
          event.streamId.slice('contact-submission-'.length),
        );
        if (!m) return null;
        const reply = (event.data as Replied).message;
        return { to: { email: m.email, name: m.name }, data: { name: m.name, subject: m.subject, message: m.message, reply, sentOn: sentOn(m.created_at) } };
      },
    },
  ],
};
