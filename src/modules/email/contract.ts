import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { api, countsByStatus, get, idParams, isoTime, post, put, timestamps } from '../../platform/http/contract.js';
import { field } from '../settings/contract.js';
import { emailProviders, type EmailSettings } from './settings.js';
import { templateTypes, type EmailTemplateFields } from './templates.js';

/** Spec §4: the states of a queued mail. */
export const emailStatuses = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

const email = (label: string) => field.text(label, 254).pipe(z.email(`${label}: indirizzo non valido.`).or(z.literal('')));

/** PUT /api/admin/email-settings/current: any field of spec §3 email_settings. */
export const emailSettingsInput = z
  .object({
    provider: z.enum(emailProviders, { error: 'Servizio: smtp o sendgrid.' }),
    host: field.text('Server SMTP', 253, { pattern: [/^[A-Za-z0-9.:-]*$/, 'Server SMTP: un nome di server o un indirizzo (es. smtp.example.com).'] }),
    port: field.number('Porta', 1, 65535, { integer: true }),
    secure: field.flag('Connessione cifrata (TLS)'),
    user: field.text('Utente', 254),
    /** Empty or masked keep the stored one, null removes it (secrets.ts typedSecret). */
    password: z.string({ error: 'Password: deve essere un testo.' }).max(300, 'Password: al massimo 300 caratteri.').nullable(),
    apiKey: field.secret('Chiave API'),
    fromName: field.text('Nome del mittente', 100),
    fromAddress: email('Indirizzo del mittente'),
    replyTo: email('Rispondi a'),
    isEnabled: field.flag('Invio attivo'),
    maxEmailsPerHour: field.number('E-mail all’ora', 1, 1_000_000, { integer: true }),
    useEnvironmentVars: field.flag('Usa le variabili d’ambiente'),
    trackOpens: field.flag('Traccia le aperture'),
    trackClicks: field.flag('Traccia i clic'),
    eventWebhookKey: field.text('Chiave di verifica degli eventi', 500, {
      pattern: [/^[A-Za-z0-9+/=\s]*$/, 'Chiave di verifica degli eventi: la «Verification Key» di SendGrid, in base64.'],
    }),
  })
  .partial()
  .extend({ clearPassword: field.flag('Rimuovi la password').optional(), clearApiKey: field.flag('Rimuovi la chiave').optional() });

/** The one record of the e-mail settings: secrets masked, and why mails wait, if they do. */
export const emailSettingsRecord = z.object({
  id: z.literal('current'),
  provider: z.enum(emailProviders),
  host: z.string(),
  port: z.number(),
  secure: z.boolean(),
  user: z.string(),
  password: z.string().nullable(),
  passwordSet: z.boolean(),
  apiKey: z.string().nullable(),
  apiKeySet: z.boolean(),
  fromName: z.string(),
  fromAddress: z.string(),
  replyTo: z.string(),
  isEnabled: z.boolean(),
  maxEmailsPerHour: z.number(),
  useEnvironmentVars: z.boolean(),
  trackOpens: z.boolean(),
  trackClicks: z.boolean(),
  eventWebhookKey: z.string(),
  /** Why queued mails wait (with the environment's values in force), or null when they go. */
  notSending: z.string().nullable(),
}) satisfies z.ZodType<Omit<EmailSettings, 'password' | 'apiKey'>>;
export type EmailSettingsRecord = z.infer<typeof emailSettingsRecord>;

const templateText = (label: string, max: number) => z.string({ error: `${label}: deve essere un testo.` }).max(max, `${label}: al massimo ${max} caratteri.`);

/** A template's fields as a form sends them. */
const templateFields = z.object({
  name: field.text('Nome', 100, { required: true, pattern: [/^[a-z0-9][a-z0-9-]*$/, 'Nome: lettere minuscole, cifre e trattini (es. ordine-pronto).'] }),
  subject: field.text('Oggetto', 300, { required: true }),
  htmlContent: templateText('Contenuto HTML', 200_000).min(1, 'Contenuto HTML: campo obbligatorio.'),
  textContent: templateText('Testo semplice', 100_000).min(1, 'Testo semplice: campo obbligatorio.'),
  isActive: field.flag('Attivo'),
  templateType: z.enum(templateTypes, { error: 'Tipo: system, transactional, notification o marketing.' }),
});

/** POST /api/admin/email-templates: a new template, active and transactional unless said. */
export const newEmailTemplate = templateFields.extend({
  isActive: templateFields.shape.isActive.default(true),
  templateType: templateFields.shape.templateType.default('transactional'),
}) satisfies z.ZodType<EmailTemplateFields, unknown>;

/** PUT /api/admin/email-templates/:id: the fields sent, and only those (no defaults). */
export const emailTemplateChanges = templateFields.partial();

export const emailTemplate = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  htmlContent: z.string(),
  textContent: z.string(),
  isActive: z.boolean(),
  templateType: z.enum(templateTypes),
  ...timestamps,
});
export type EmailTemplate = z.infer<typeof emailTemplate>;

export const queuedEmail = z.object({
  id: z.uuid(),
  messageId: z.string(),
  toEmail: z.string(),
  toName: z.string().nullable(),
  subject: z.string(),
  htmlContent: z.string(),
  textContent: z.string(),
  templateId: z.uuid().nullable(),
  templateName: z.string().nullable(),
  templateData: z.record(z.string(), z.unknown()),
  status: z.enum(emailStatuses),
  priority: z.number(),
  scheduledAt: isoTime,
  nextAttemptAt: isoTime,
  sentAt: isoTime.nullable(),
  failureReason: z.string().nullable(),
  retryCount: z.number(),
  maxRetries: z.number(),
  userId: z.uuid().nullable(),
  storeId: z.uuid().nullable(),
  createdAt: isoTime,
});
export type QueuedEmail = z.infer<typeof queuedEmail>;

/** The sender's outcomes of an attempt, the admin's actions (retried, cancelled), and what the tracking tells. */
export const emailLogStatuses = [
  'sent',
  'deferred',
  'bounced',
  'failed',
  'interrupted',
  'retried',
  'cancelled',
  'delivered',
  'complained',
  'opened',
  'clicked',
  'unsubscribed',
] as const;

export const emailLog = z.object({
  id: z.uuid(),
  emailId: z.uuid(),
  toEmail: z.string(),
  subject: z.string(),
  status: z.enum(emailLogStatuses),
  statusDetails: z.string().nullable(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  clickedLinks: z.array(z.string()).nullable(),
  /** The admin who retried or cancelled the mail; null on the sender's lines. */
  actorUserId: z.uuid().nullable(),
  createdAt: isoTime,
});
export type EmailLog = z.infer<typeof emailLog>;

/** GET /api/admin/email-queue/summary: the queue by status and the hour's sending budget. */
export const emailQueueSummary = z.object({
  ...countsByStatus(z.enum(emailStatuses)),
  /** Sent in the last sliding hour. */
  sentLastHour: z.number(),
  /** Being sent now: they count against the hour as well. */
  sending: z.number(),
  /** maxEmailsPerHour of the settings. */
  maxPerHour: z.number(),
  /** What may still go in this hour. */
  remaining: z.number(),
  /** With nothing left: when the next one may go. */
  budgetFreesAt: isoTime.nullable(),
  /** Why due mails wait, in Italian (the settings, or the hour's cap reached); null when they go. */
  notSending: z.string().nullable(),
});
export type EmailQueueSummary = z.infer<typeof emailQueueSummary>;

/** POST /api/admin/email-settings/test. */
export const testEmailInput = z.object({
  to: field.text('Destinatario', 254, { required: true }).pipe(z.email('Destinatario: indirizzo non valido.')),
});

/** What the SMTP server answered the test mail. */
export const testEmailResult = z.object({
  to: z.string(),
  messageId: z.string(),
  /** The server's answer as it gave it, e.g. "250 2.0.0 Ok: queued". */
  response: z.string(),
});
export type TestEmailResult = z.infer<typeof testEmailResult>;

const templates = adminResource('/api/admin/email-templates', emailTemplate);
const queue = adminResource('/api/admin/email-queue', queuedEmail);
const logs = adminResource('/api/admin/email-logs', emailLog);

/** Spec §3 e-mail: the settings, the templates, the queue and the log of every attempt, for the admin. */
export const emailApi = api('e-mail', {
  settings: get('/api/admin/email-settings/current', 'Le impostazioni di invio delle e-mail, con password e chiave mascherate e il motivo per cui le e-mail aspettano', {
    200: emailSettingsRecord,
  }),
  updateSettings: put(
    '/api/admin/email-settings/current',
    'Cambia le impostazioni di invio delle e-mail (password e chiave vuote o mascherate restano quelle salvate)',
    {
      200: emailSettingsRecord,
    },
    { body: emailSettingsInput },
  ),
  templates: templates.list('Elenco dei modelli di e-mail, con ordinamento, filtri e intervallo (Content-Range)'),
  template: templates.get('Un modello di e-mail'),
  createTemplate: post('/api/admin/email-templates', 'Crea un modello di e-mail (il nome è unico)', { 201: emailTemplate }, { body: newEmailTemplate }),
  updateTemplate: templates.update('Modifica un modello di e-mail (i campi inviati)', emailTemplateChanges),
  deleteTemplate: templates.delete('Elimina un modello di e-mail; risponde il record com’era'),
  queue: queue.list('La coda delle e-mail, con ordinamento, filtri (stato, destinatario) e intervallo (Content-Range)'),
  queued: queue.get('Un’e-mail della coda, con il suo contenuto'),
  queueSummary: get(
    '/api/admin/email-queue/summary',
    'Le e-mail della coda per stato, quante ne sono partite nell’ultima ora, il limite orario, quante ne restano e perché aspettano',
    {
      200: emailQueueSummary,
    },
  ),
  retry: post(
    '/api/admin/email-queue/:id/retry',
    'Rimette in coda un’e-mail non riuscita o annullata: parte subito, con i tentativi contati da capo (409 se è in invio o già inviata)',
    {
      200: queuedEmail,
    },
    { params: idParams },
  ),
  cancel: post('/api/admin/email-queue/:id/cancel', 'Annulla un’e-mail in attesa (409 se è in invio o già inviata)', { 200: queuedEmail }, { params: idParams }),
  testEmail: post(
    '/api/admin/email-settings/test',
    'Invia subito un’e-mail di prova con le impostazioni salvate, fuori dalla coda; risponde con la risposta del server SMTP (502 se il server rifiuta o non risponde)',
    {
      200: testEmailResult,
    },
    { body: testEmailInput },
  ),
  logs: logs.list('Il registro di ogni tentativo di invio e del suo esito, con ordinamento, filtri e intervallo (Content-Range)'),
  log: logs.get('Una voce del registro delle e-mail'),
});

const linkToken = z.object({ token: z.string().max(400, 'Collegamento non valido.') });

/**
 * The links the mails carry, for whoever reads them (no login): each token is signed by the app
 * (links.ts). They answer a page, an image or a redirect, not JSON.
 */
export const emailLinksApi = api('e-mail', {
  unsubscribePage: get(
    '/api/email/unsubscribe/:token',
    'Pagina per annullare l’iscrizione alle e-mail promozionali (dal collegamento in fondo a ciascuna)',
    {},
    { params: linkToken },
  ),
  unsubscribe: post(
    '/api/email/unsubscribe/:token',
    'Annulla l’iscrizione alle e-mail promozionali dell’indirizzo del collegamento (anche con un clic dal programma di posta, RFC 8058)',
    {},
    { params: linkToken },
  ),
  open: get('/api/email/open/:token', 'Immagine di 1×1 pixel delle e-mail con il tracciamento delle aperture: registra la prima apertura', {}, { params: linkToken }),
  click: get(
    '/api/email/click/:token',
    'Registra il clic su un collegamento di un’e-mail e porta alla sua destinazione, solo a quella firmata',
    {},
    {
      params: linkToken,
      querystring: z.object({ url: z.string({ error: 'Collegamento non valido.' }).max(4000, 'Collegamento non valido.') }),
    },
  ),
  sendgridEvents: post(
    '/api/email/events/sendgrid',
    'Eventi di SendGrid sulle e-mail partite (consegna, rifiuto, segnalazione di spam, apertura, clic): firmati, ciascuno registrato una volta sola',
    { 200: z.object({ received: z.number().int(), logged: z.number().int() }) },
  ),
});
