import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { contactApi } from '@contracts/contact';
import { apiRequest } from '../../lib/client';
import { formatDateTime } from '../../lib/dates';

export type ContactForm = BodyOf<typeof contactApi.submit>;
export type ContactSubmission = ResponseOf<typeof contactApi.get>;

/** POST /api/contact: the server's thanks, in Italian. */
export const sendContact = (form: ContactForm) => apiRequest<ResponseOf<typeof contactApi.submit, 201>>('POST', '/api/contact', form);

/** The inbox's statuses by their Italian names (spec §3 contact_submissions). */
export const contactStatusLabels: Record<ContactSubmission['status'], string> = { new: 'Nuovo', read: 'Letto', replied: 'Risposto', closed: 'Chiuso' };

/**
 * Where the admin's last answer stands, read from its mail in the e-mail queue: queued is not sent
 * (the toast says «in coda», this line says when it left or why it did not). Null before any answer.
 */
export function replyMailState(m: Pick<ContactSubmission, 'email' | 'repliedAt' | 'replyMailStatus' | 'replyMailSentAt' | 'replyMailFailure'>): {
  severity: 'info' | 'success' | 'warning' | 'error';
  text: string;
} | null {
  if (!m.repliedAt) return null;
  const reason = m.replyMailFailure ? `: ${m.replyMailFailure.trim().replace(/\.$/, '')}.` : '.';
  switch (m.replyMailStatus) {
    case 'pending':
      return { severity: 'info', text: `Risposta in coda: partirà per e-mail a ${m.email} appena possibile.` };
    case 'sending':
      return { severity: 'info', text: `Risposta in invio a ${m.email}…` };
    case 'sent':
      return { severity: 'success', text: `Risposta inviata a ${m.email}${m.replyMailSentAt ? ` il ${formatDateTime(m.replyMailSentAt)}` : ''}.` };
    case 'failed':
      return { severity: 'error', text: `La risposta non è partita${reason} Puoi rimetterla in coda dalla coda delle e-mail.` };
    case 'cancelled':
      return { severity: 'warning', text: `La risposta non è stata inviata${reason}` };
    default:
      return { severity: 'warning', text: 'Nessuna e-mail è in coda per questa risposta: il modello «contatto-risposta» potrebbe essere disattivato.' };
  }
}
