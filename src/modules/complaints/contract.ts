import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { api, get, idParams, isoTime, post } from '../../platform/http/contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { euroAmount, euros } from '../../platform/http/money.js';
import {
  caseKinds,
  caseStatuses,
  caseTypes,
  compensationMethods,
  compensationStatuses,
  complaintTypes,
  disputeTypes,
  MAX_COMPENSATION_CENTS,
  MAX_COMPENSATION_CREDITS,
  MAX_TEXT,
  MAX_TITLE,
  MAX_WITNESSES,
  partyTypes,
  severities,
  urgencies,
} from './labels.js';
import { ofStore } from '../stores/contract.js';

const text = (what: string, max = MAX_TEXT) =>
  z
    .string({ error: `${what}: campo obbligatorio.` })
    .trim()
    .min(1, `${what}: campo obbligatorio.`)
    .max(max, `${what}: al massimo ${max} caratteri.`);

const severity = z.enum(severities, { error: 'Gravità: low, medium, high o critical.' });
const urgency = z.enum(urgencies, { error: 'Urgenza: low, normal, high o immediate.' });

const witness = z.strictObject({
  name: text('Nome del testimone', 120),
  contact: text('Contatto del testimone', 200),
});

/** POST /api/complaints: a party of a collaboration session files a complaint on it. */
export const newComplaint = z.strictObject({
  sessionId: z.uuid('Sessione: identificativo non valido.'),
  complaintType: z.enum(complaintTypes, { error: `Tipo di reclamo: uno tra ${complaintTypes.join(', ')}.` }),
  title: text('Titolo', MAX_TITLE),
  description: text('Descrizione'),
  severity: severity.default('medium'),
  urgency: urgency.default('normal'),
  witnessContacts: z.array(witness, { error: 'Testimoni: un elenco.' }).max(MAX_WITNESSES, `Testimoni: al massimo ${MAX_WITNESSES}.`).default([]),
});
export type NewComplaint = z.output<typeof newComplaint>;

/** POST /api/disputes: the customer of a completed order disputes it, within 14 days. */
export const newDispute = z.strictObject({
  orderId: z.uuid('Ordine: identificativo non valido.'),
  reason: z.enum(disputeTypes, { error: 'Motivo: not_received, wrong_items o damaged.' }),
  title: text('Titolo', MAX_TITLE).optional(),
  description: text('Descrizione'),
  severity: severity.default('medium'),
  urgency: urgency.default('normal'),
  witnessContacts: z.array(witness, { error: 'Testimoni: un elenco.' }).max(MAX_WITNESSES, `Testimoni: al massimo ${MAX_WITNESSES}.`).default([]),
});
export type NewDispute = z.output<typeof newDispute>;

const party = z.object({ id: z.uuid(), type: z.enum(partyTypes), name: z.string() });

/** A case (complaint or dispute) as one of its parties or an admin reads it (docs/api-complaints.md). */
export const caseRecord = z.object({
  id: z.uuid(),
  kind: z.enum(caseKinds),
  sessionId: z.uuid().nullable(),
  assignmentId: z.uuid().nullable(),
  orderId: z.uuid().nullable(),
  ...ofStore,
  complainant: party,
  respondent: party,
  /** The reader's place in the case. */
  myRole: z.enum(['complainant', 'respondent', 'admin']),
  complaintType: z.enum(caseTypes),
  title: z.string(),
  description: z.string(),
  severity: z.enum(severities),
  urgency: z.enum(urgencies),
  witnessContacts: z.array(z.object({ name: z.string(), contact: z.string() })),
  status: z.enum(caseStatuses),
  /** 1; 2 once appealed (reviewed again by another admin, whose decision is final). */
  round: z.number().int(),
  assignedAdminId: z.uuid().nullable(),
  assignedAdminName: z.string().nullable(),
  reviewStartedAt: isoTime.nullable(),
  /** The SLA: the admin's first response due by (by urgency), when it came, whether late. */
  firstResponseDueAt: isoTime,
  firstResponseAt: isoTime.nullable(),
  firstResponseLate: z.boolean(),
  respondentAskedAt: isoTime.nullable(),
  respondentAnswerBy: isoTime.nullable(),
  respondentAnsweredAt: isoTime.nullable(),
  adminResponse: z.string().nullable(),
  resolutionAction: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  appealReason: z.string().nullable(),
  compensation: z.object({
    method: z.enum(compensationMethods).nullable(),
    amount: euros,
    credits: z.number().int(),
    status: z.enum(compensationStatuses),
    reference: z.string().nullable(),
  }),
  submittedAt: isoTime,
  decidedAt: isoTime.nullable(),
  /** Until when the complainant may appeal the decision; null once appealed or final. */
  appealBy: isoTime.nullable(),
  appealedAt: isoTime.nullable(),
  canAppeal: z.boolean(),
  /** What is due next and by when; late when past it. */
  dueAt: isoTime.nullable(),
  late: z.boolean(),
  evidenceCount: z.number().int(),
  eventsCount: z.number().int(),
  updatedAt: isoTime,
});
export type CaseRecord = z.infer<typeof caseRecord>;

export const timelineEntry = z.object({
  revision: z.number().int(),
  type: z.string(),
  /** The event's Italian name and what it said. */
  title: z.string(),
  detail: z.string().nullable(),
  at: isoTime,
  actor: z.object({ id: z.uuid(), name: z.string(), role: z.string().nullable() }).nullable(),
  /** An admin's internal note: admins alone read it. */
  internal: z.boolean(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

export const evidenceFile = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  addedAt: isoTime,
  addedBy: z.object({ id: z.uuid(), name: z.string(), role: z.string() }),
  /** Served only to the case's parties and admins. */
  url: z.string(),
});

/** The case page: the case, its whole story in order, its files. */
export const caseDetail = caseRecord.extend({ timeline: z.array(timelineEntry), evidence: z.array(evidenceFile) });
export type CaseDetail = z.infer<typeof caseDetail>;

export const caseListQuery = z.object({
  status: z.enum(caseStatuses, { error: 'Stato del caso non valido.' }).optional(),
  ...pageQuery(50, 200),
});

const partyMessage = z.strictObject({ text: text('Messaggio') });
const message = z.strictObject({ text: text('Messaggio'), internal: z.boolean({ error: 'Nota interna: true o false.' }).default(false) });
const question = z.strictObject({ question: text('Domanda') });
const answer = z.strictObject({ text: text('Risposta') });
const appeal = z.strictObject({ reason: text('Motivo del ricorso') });
const rejection = z.strictObject({ reason: text('Motivo') });
export const resolution = z.strictObject({
  adminResponse: text('Risposta alle parti'),
  resolutionAction: text('Azione decisa', 1000),
  compensation: z
    .strictObject({
      method: z.enum(compensationMethods, { error: 'Indennizzo: refund (rimborso) o credits (crediti AI).' }),
      amount: euroAmount(
        z
          .number({ error: 'Importo: un numero in euro.' })
          .min(0, 'Importo: non negativo.')
          .max(MAX_COMPENSATION_CENTS / 100, `Importo: al massimo ${MAX_COMPENSATION_CENTS / 100} €.`),
      ).default(0),
      credits: z
        .number({ error: 'Crediti: un numero intero.' })
        .int('Crediti: un numero intero.')
        .min(0, 'Crediti: non negativi.')
        .max(MAX_COMPENSATION_CREDITS, `Crediti: al massimo ${MAX_COMPENSATION_CREDITS}.`)
        .default(0),
    })
    .refine((c) => (c.method === 'refund' ? c.amount > 0 && c.credits === 0 : c.credits > 0 && c.amount === 0), {
      message: 'Indennizzo: un importo per il rimborso, un numero di crediti per i crediti AI.',
    })
    .nullable()
    .default(null),
});
export type Resolution = z.output<typeof resolution>;

export const caseSummary = z.object({
  /** Cases not yet decided (or appealed), by urgency. */
  open: z.object({ low: z.number().int(), normal: z.number().int(), high: z.number().int(), immediate: z.number().int() }),
  late: z.number().int(),
  compensationsToApprove: z.number().int(),
});

const admin = adminResource('/api/admin/complaints', caseRecord, caseDetail);
const mine = '/api/complaints' as const;
const adminBase = '/api/admin/complaints' as const;

/** Issue [14]: complaints on sessions and disputes on orders, the parties' side and the admins'. */
export const complaintsApi = api('reclami e contestazioni', {
  list: get(
    mine,
    'I miei casi (reclami e contestazioni), come chi li ha presentati o come parte chiamata a rispondere; dal più recente (X-Total-Count)',
    { 200: z.array(caseRecord) },
    { querystring: caseListQuery.extend({ kind: z.enum(caseKinds, { error: 'Tipo: complaint o dispute.' }).optional() }) },
  ),
  create: post(
    mine,
    'Una parte di una sessione di collaborazione presenta un reclamo; un reclamo di sicurezza immediato revoca subito la sessione',
    { 201: caseDetail },
    { body: newComplaint },
  ),
  get: get(`${mine}/:id`, 'Un caso con la sua storia e i suoi file, per le sue parti e gli amministratori', { 200: caseDetail }, { params: idParams }),
  message: post(`${mine}/:id/messages`, 'Una parte scrive nel caso (finché non è deciso)', { 200: caseDetail }, { params: idParams, body: partyMessage }),
  respond: post(`${mine}/:id/respond`, 'La parte chiamata risponde alla domanda dell’amministratore (entro 3 giorni)', { 200: caseDetail }, { params: idParams, body: answer }),
  appeal: post(
    `${mine}/:id/appeal`,
    'Chi ha presentato il caso fa ricorso contro la decisione, una volta, entro 7 giorni',
    { 200: caseDetail },
    { params: idParams, body: appeal },
  ),
  addEvidence: post(
    `${mine}/:id/evidence`,
    'Aggiunge un file di prova al caso (multipart/form-data, campo "file"): immagine JPEG, PNG o WebP, o PDF, fino a 5 MB',
    { 201: caseDetail },
    { params: idParams },
  ),
  // The file itself (its own content type), not a JSON answer.
  evidence: get(
    `${mine}/:id/evidence/:fileId`,
    'Un file di prova del caso: solo per le sue parti e gli amministratori',
    {},
    {
      params: z.object({ id: z.uuid('Identificativo non valido.'), fileId: z.uuid('File: identificativo non valido.') }),
    },
  ),
  disputes: get('/api/disputes', 'Le mie contestazioni sugli ordini; dalla più recente (X-Total-Count)', { 200: z.array(caseRecord) }, { querystring: caseListQuery }),
  openDispute: post(
    '/api/disputes',
    'Il cliente contesta un ordine completato (non ricevuto, articoli sbagliati, danneggiati) entro 14 giorni',
    { 201: caseDetail },
    { body: newDispute },
  ),
  dispute: get('/api/disputes/:id', 'Una contestazione con la sua storia (come GET /api/complaints/:id)', { 200: caseDetail }, { params: idParams }),
  adminList: admin.list('Tutti i casi, per scadenza (i primi da trattare prima), con filtri per stato, tipo, urgenza e ritardo (Content-Range)'),
  adminGet: admin.get('Un caso con tutta la sua storia, note interne comprese'),
  summary: get(`${adminBase}-summary`, 'I casi aperti per urgenza, quelli in ritardo e gli indennizzi da approvare (cruscotto)', { 200: caseSummary }),
  take: post(
    `${adminBase}/:id/take`,
    'L’amministratore prende in carico il caso (in ricorso: un amministratore diverso da chi ha deciso)',
    { 200: caseDetail },
    { params: idParams },
  ),
  ask: post(`${adminBase}/:id/ask`, 'L’amministratore chiede all’altra parte di rispondere entro 3 giorni', { 200: caseDetail }, { params: idParams, body: question }),
  adminMessage: post(`${adminBase}/:id/messages`, 'L’amministratore scrive alle parti, o una nota interna', { 200: caseDetail }, { params: idParams, body: message }),
  resolve: post(
    `${adminBase}/:id/resolve`,
    'L’amministratore risolve il caso, con un eventuale indennizzo (rimborso o crediti AI) da approvare',
    { 200: caseDetail },
    { params: idParams, body: resolution },
  ),
  reject: post(`${adminBase}/:id/reject`, 'L’amministratore respinge il caso, con il motivo', { 200: caseDetail }, { params: idParams, body: rejection }),
  approveCompensation: post(
    `${adminBase}/:id/approve-compensation`,
    'L’amministratore approva l’indennizzo, che viene pagato una volta sola (riprovare non paga due volte)',
    { 200: caseDetail },
    { params: idParams },
  ),
});
