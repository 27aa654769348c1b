import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { api, get, idParams, isoTime, post, put } from '../../platform/http/contract.js';
import { roleValues } from '../users/contract.js';
import { consentKinds, erasureStatuses } from './labels.js';
import { LEGAL_BODY_MAX, LEGAL_NOTE_MAX, legalKinds } from './legal.js';

/** One erasure (GDPR art. 17), from its request to its completion; `id` is the person's. */
export const erasureRecord = z.object({
  id: z.uuid(),
  /** The person's name while it lasts: «Utente cancellato» once erased. */
  name: z.string().nullable(),
  role: z.enum(roleValues),
  requestedBy: z.enum(['self', 'admin']),
  status: z.enum(erasureStatuses),
  requestedAt: isoTime,
  /** A month from the request (GDPR art. 12(3)). */
  dueAt: isoTime,
  /** The orders of the person's shop still open, while the erasure waits for them. */
  openOrders: z.number().int(),
  keysErased: z.number().int().nullable(),
  carriedOutAt: isoTime.nullable(),
  completedAt: isoTime.nullable(),
  /** Past its deadline and not complete. */
  late: z.boolean(),
});
export type ErasureRecord = z.infer<typeof erasureRecord>;

/** What a person's privacy settings show. */
export const myPrivacy = z.object({ erasure: erasureRecord.nullable() });

/** A person asks for their data to be erased: their password again, so that no one else can. */
export const erasureRequest = z.object({
  password: z.string({ error: 'Password: obbligatoria.' }).min(1, 'Password: obbligatoria.').max(200, 'Password: al massimo 200 caratteri.'),
  confirm: z.literal(true, { error: 'Conferma di aver capito che la cancellazione non si può annullare.' }),
});

/** The export's file: the JSON (every field, portability) or the readable summary (HTML). */
export const exportParams = z.object({ format: z.enum(['json', 'html'], { error: 'Formato: json o html.' }) });
export const personExportParams = idParams.extend(exportParams.shape);

/** One rule of how long a kind of personal data is kept (privacy/retention.ts). */
export const retentionRule = z.object({
  key: z.string(),
  what: z.string(),
  keptFor: z.string(),
  /** null: not kept at all. */
  days: z.number().int().nullable(),
  why: z.string(),
});
/** The rule with its last run by the upkeep (the admin's view). */
export const retentionRuleRun = retentionRule.extend({
  /** Applied by the upkeep (some rules only say what the law asks). */
  applied: z.boolean(),
  ranAt: isoTime.nullable(),
  removed: z.number().int().nullable(),
  removedInAll: z.number().int(),
});

/** What the cookie notice needs: whether the admin turned the e-mails' tracking on (otherwise only technical cookies, nothing to ask). */
export const cookiesInfo = z.object({ emailTracking: z.boolean() });

/** One kind of consent as the person sees it: the text, and their last answer (null: never answered). */
export const consentRecord = z.object({
  kind: z.enum(consentKinds),
  label: z.string(),
  text: z.string(),
  granted: z.boolean().nullable(),
  changedAt: isoTime.nullable(),
  /** The admin turned it off for everyone (the tracking): nothing is measured whatever the answer. */
  offered: z.boolean(),
});
export const myConsents = z.object({ consents: z.array(consentRecord) });
export const consentParams = z.object({ kind: z.enum(consentKinds, { error: 'Consenso sconosciuto.' }) });
export const consentAnswer = z.object({
  granted: z.boolean({ error: 'Rispondi sì o no.' }),
  /** Where the person answered: the settings or the cookie notice. */
  source: z.enum(['settings', 'notice'], { error: 'Da dove: settings o notice.' }).default('settings'),
});

/** The privacy policy or the terms, in one version; with the list of every version. */
export const legalDocument = z.object({
  kind: z.enum(legalKinds),
  title: z.string(),
  version: z.number().int(),
  body: z.string(),
  note: z.string(),
  publishedAt: isoTime,
  /** The version in force (the last published). */
  current: z.boolean(),
  versions: z.array(z.object({ version: z.number().int(), note: z.string(), publishedAt: isoTime })),
});
/** The versions in force, what the registration shows and sends back. */
export const legalVersions = z.object({ terms: z.number().int(), privacy: z.number().int() });
export const legalParams = z.object({ kind: z.enum(legalKinds, { error: 'Documento: privacy o terms.' }) });
export const legalQuery = z.object({ version: z.coerce.number({ error: 'Versione: un numero.' }).int('Versione: un numero intero.').positive('Versione: da 1 in su.').optional() });
export const newLegalVersion = z.object({
  body: z.string({ error: 'Testo: obbligatorio.' }).trim().min(1, 'Testo: obbligatorio.').max(LEGAL_BODY_MAX, `Testo: al massimo ${LEGAL_BODY_MAX} caratteri.`),
  note: z.string({ error: 'Nota: un testo.' }).trim().max(LEGAL_NOTE_MAX, `Nota: al massimo ${LEGAL_NOTE_MAX} caratteri.`).default(''),
});

const erasures = adminResource('/api/admin/erasures', erasureRecord);

/** Personal data (GDPR): a person's erasure, asked by them or by an admin on their request. */
export const privacyApi = api('privacy', {
  mine: get('/api/user/privacy', 'Lo stato della cancellazione dei tuoi dati, se l’hai chiesta', { 200: myPrivacy }),
  requestErasure: post(
    '/api/user/privacy/erasure',
    'Chiede la cancellazione del tuo account e dei tuoi dati personali (con la password): esci da ogni dispositivo; i dati sono cancellati entro un mese, gli ordini restano per la legge fiscale con «Utente cancellato» al posto dei tuoi dati',
    { 202: myPrivacy },
    { body: erasureRequest },
  ),
  myExport: get(
    '/api/user/privacy/export/:format',
    'Scarica tutti i dati che Vicino conserva su di te (GDPR artt. 15 e 20): account, ordini, prenotazioni, recensioni, messaggi, casi, sessioni, crediti, pagamenti, notifiche, consensi; json: il file completo da portare altrove, html: il riepilogo leggibile',
    {},
    { params: exportParams },
  ),
  exportFor: get(
    '/api/admin/users/:id/export/:format',
    'I dati personali di una persona, per consegnarglieli quando li chiede all’amministrazione (GDPR art. 15): lo stesso file che la persona scarica dalle sue impostazioni',
    {},
    { params: personExportParams },
  ),
  cookies: get('/api/privacy/cookies', 'Che cosa dice l’avviso sui cookie: solo cookie tecnici, o anche la misura delle e-mail se l’amministrazione l’ha attivata', {
    200: cookiesInfo,
  }),
  myConsents: get('/api/user/consents', 'I tuoi consensi: e-mail promozionali, misura delle e-mail; il testo di ciascuno e la tua ultima risposta', { 200: myConsents }),
  answerConsent: put(
    '/api/user/consents/:kind',
    'Dai o ritiri un consenso (registrato con il testo e l’ora); la stessa risposta due volte non cambia nulla',
    { 200: myConsents },
    { params: consentParams, body: consentAnswer },
  ),
  legalInForce: get('/api/legal', 'Le versioni in vigore dei Termini e condizioni e dell’Informativa sulla privacy (quelle che si accettano registrandosi)', {
    200: legalVersions,
  }),
  legal: get(
    '/api/legal/:kind',
    'L’Informativa sulla privacy (privacy) o i Termini e condizioni (terms): la versione in vigore, o quella chiesta con ?version=N, e l’elenco delle versioni',
    { 200: legalDocument },
    { params: legalParams, querystring: legalQuery },
  ),
  publishLegal: post(
    '/api/admin/legal/:kind',
    'Pubblica una nuova versione dell’informativa o dei termini (amministrazione): le precedenti restano leggibili',
    { 201: legalDocument },
    { params: legalParams, body: newLegalVersion },
  ),
  retention: get('/api/privacy/retention', 'Per quanto tempo Vicino conserva ogni tipo di dato personale, e perché (la tabella dell’informativa)', {
    200: z.array(retentionRule),
  }),
  retentionRuns: get('/api/admin/retention', 'La tabella della conservazione dei dati con l’ultima applicazione di ogni regola e quanti dati ha tolto (amministrazione)', {
    200: z.array(retentionRuleRun),
  }),
  list: erasures.list('Le richieste di cancellazione dei dati, le aperte prima, per scadenza (Content-Range)'),
  get: erasures.get('Una richiesta di cancellazione dei dati'),
  requestFor: post(
    '/api/admin/users/:id/erasure',
    'Chiede la cancellazione dei dati di una persona che l’ha chiesta all’amministrazione (per e-mail, per posta)',
    { 202: erasureRecord },
    { params: idParams },
  ),
});
