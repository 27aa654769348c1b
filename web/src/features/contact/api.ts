import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { contactApi } from '@contracts/contact';
import { apiRequest } from '../../lib/client';

export type ContactForm = BodyOf<typeof contactApi.submit>;
export type ContactSubmission = ResponseOf<typeof contactApi.get>;

/** POST /api/contact: the server's thanks, in Italian. */
export const sendContact = (form: ContactForm) => apiRequest<ResponseOf<typeof contactApi.submit, 201>>('POST', '/api/contact', form);

/** The inbox's statuses by their Italian names (spec §3 contact_submissions). */
export const contactStatusLabels: Record<ContactSubmission['status'], string> = { new: 'Nuovo', read: 'Letto', replied: 'Risposto', closed: 'Chiuso' };
