import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { api, idParams, isoTime, post, timestamps } from '../../platform/http/contract.js';
import { emailStatuses } from '../email/contract.js';
import { field } from '../settings/contract.js';
import { contactStatuses } from './contact.js';

/** The hidden field people never see: whatever fills it is a bot (contact.int.test.ts). */
export const honeypotField = 'website';

/** POST /api/contact: what a visitor writes on /contatti. */
export const contactForm = z.object({
  name: field.text('Nome', 100, { required: true }),
  email: field.text('Email', 254, { required: true }).pipe(z.email('Email: indirizzo non valido.')),
  subject: field.text('Oggetto', 200, { required: true }),
  message: field.text('Messaggio', 5000, { required: true }),
  phone: field.text('Telefono', 30, { pattern: [/^[0-9+()./\s-]*$/, 'Telefono: solo cifre, spazi e + ( ) - . /'] }).optional(),
  company: field.text('Azienda', 200).optional(),
  [honeypotField]: z.string({ error: 'Campo non valido.' }).max(500, 'Campo non valido.').optional(),
});

export const contactReceived = z.object({ message: z.string() });

/** Spec §3 contact_submissions, as the admin's inbox shows one. */
export const contactSubmission = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  status: z.enum(contactStatuses),
  adminNotes: z.string().nullable(),
  /** The last answer sent. */
  replyMessage: z.string().nullable(),
  repliedAt: isoTime.nullable(),
  repliedByUserId: z.uuid().nullable(),
  /** The username of who answered. */
  repliedBy: z.string().nullable(),
  /** The last answer's mail in the e-mail queue: queued (pending), sending, sent, failed or cancelled; null before any answer. */
  replyMailStatus: z.enum(emailStatuses).nullable(),
  replyMailSentAt: isoTime.nullable(),
  /** Why the mail did not leave (the server's answer), when it did not. */
  replyMailFailure: z.string().nullable(),
  ...timestamps,
});
export type ContactSubmission = z.infer<typeof contactSubmission>;

export const contactNotes = z.object({ adminNotes: field.text('Note', 5000) });
export const contactReply = z.object({ message: field.text('Risposta', 10_000, { required: true }) });

const inbox = adminResource('/api/admin/contact-submissions', contactSubmission);

/** The contact form (public) and the admin's inbox of its messages. */
export const contactApi = api('contatti', {
  submit: post(
    '/api/contact',
    'Invia un messaggio dal modulo dei contatti: chi scrive riceve una conferma per e-mail (limitato per indirizzo e-mail e per IP)',
    {
      201: contactReceived,
    },
    { body: contactForm },
  ),
  list: inbox.list('I messaggi ricevuti dal modulo dei contatti, con ricerca, filtro per stato, ordinamento e intervallo (Content-Range)'),
  get: inbox.get('Un messaggio ricevuto dal modulo dei contatti'),
  note: inbox.update('Salva le note dell’amministrazione su un messaggio (il campo adminNotes)', contactNotes),
  read: post('/api/admin/contact-submissions/:id/read', 'Segna un messaggio come letto (se è nuovo)', { 200: contactSubmission }, { params: idParams }),
  reply: post(
    '/api/admin/contact-submissions/:id/reply',
    'Risponde a un messaggio: la risposta parte per e-mail con il messaggio originale citato',
    { 200: contactSubmission },
    {
      params: idParams,
      body: contactReply,
    },
  ),
  close: post('/api/admin/contact-submissions/:id/close', 'Chiude un messaggio: non riceve più risposte', { 200: contactSubmission }, { params: idParams }),
});
