import { layout } from '../email/seed-templates.js';
import type { EmailTemplateFields } from '../email/templates.js';
import type { CollaboratorNotificationType, NotificationPriority } from './labels.js';

const why = 'Ricevi questa e-mail perché collabori con i negozi di Vicino.';

/**
 * The mail of a collaboration notice: its subject, and the notice's own title and message
 * ({{title}}, {{message}}) with the page to open ({{actionUrl}}), so that the mail says what the
 * app says.
 */
const notice = (name: string, subject: string): EmailTemplateFields => ({
  name,
  templateType: 'notification',
  isActive: true,
  subject,
  htmlContent: layout('{{title}}', '<p>Ciao {{name}},</p><p>{{message}}</p><p><a href="{{actionUrl}}">Apri in Vicino</a></p><p>Il team di Vicino</p>', why),
  textContent: 'Ciao {{name}},\n\n{{message}}\n\nApri in Vicino: {{actionUrl}}\n\nIl team di Vicino\n',
});

/** The template of each kind of notice, by name. */
export const collaborationNoticeTemplate: Record<CollaboratorNotificationType, string> = {
  collaborator_available: 'collaborazione-collaboratori-disponibili',
  request_accepted: 'collaborazione-richiesta-accettata',
  session_ready: 'collaborazione-confermata',
  session_starting: 'collaborazione-sessione-in-partenza',
  new_request: 'collaborazione-nuova-richiesta',
  request_declined: 'collaborazione-richiesta-rifiutata',
  request_expired: 'collaborazione-richiesta-scaduta',
  request_cancelled: 'collaborazione-richiesta-annullata',
};

const subjects: Record<CollaboratorNotificationType, string> = {
  collaborator_available: 'La tua richiesta per {{storeName}} è stata inviata ai collaboratori',
  request_accepted: 'Richiesta di collaborazione accettata per {{storeName}}',
  session_ready: 'Collaborazione confermata con {{storeName}}',
  session_starting: 'La sessione con {{storeName}} sta per iniziare',
  new_request: 'Nuova richiesta di collaborazione da {{storeName}}',
  request_declined: 'Richiesta di collaborazione rifiutata per {{storeName}}',
  request_expired: 'Richiesta di collaborazione scaduta: {{storeName}}',
  request_cancelled: 'Richiesta di collaborazione annullata da {{storeName}}',
};

/** Seeded at every start when missing (by name), as the e-mail module's own; the admin may change them. */
export const collaborationNoticeTemplates: EmailTemplateFields[] = (Object.keys(subjects) as CollaboratorNotificationType[]).map((type) =>
  notice(collaborationNoticeTemplate[type], subjects[type]),
);

/** A high-priority notice's mail goes first (spec §9: 1 first … 10 last, 5 by default). */
export const mailPriority: Record<NotificationPriority, number> = { high: 3, normal: 5, low: 7 };
