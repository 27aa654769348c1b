import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { api, get, idParams, isoTime, post } from '../../platform/http/contract.js';
import { euroAmount, euros } from '../../platform/http/money.js';
import { pageQuery } from '../../platform/http/paging.js';
import { MAX_ACTION, MAX_DESCRIPTION, MAX_RESPONSE, MAX_TITLE, refundStatuses, reportEventNames, reportStatuses, reportTypes, severities } from './labels.js';

const words = (what: string, max: number) =>
  z
    .string({ error: `${what}: campo obbligatorio.` })
    .trim()
    .min(1, `${what}: campo obbligatorio.`)
    .max(max, `${what}: al massimo ${max} caratteri.`);

/** POST /api/reports: one side of an assignment reports a problem. */
export const newReport = z.strictObject({
  assignmentId: z.uuid('Incarico: identificativo non valido.'),
  reportType: z.enum(reportTypes, { error: 'Tipo: quality_issue, payment_dispute, communication_problem, code_misuse o other.' }),
  title: words('Titolo', MAX_TITLE),
  description: words('Descrizione', MAX_DESCRIPTION),
  severity: z.enum(severities, { error: 'Gravità: low, medium, high o critical.' }).default('medium'),
});
export type NewReportBody = z.output<typeof newReport>;

/** POST /api/admin/reports/:id/resolve: the admin's answer, what was done and the refund to the payer (euros; 0 or none: no refund). */
export const resolution = z.strictObject({
  adminResponse: words('Risposta', MAX_RESPONSE),
  resolutionAction: words('Azione risolutiva', MAX_ACTION),
  refundAmount: euroAmount(
    z.number({ error: 'Rimborso: un importo in euro.' }).min(0, 'Rimborso: non può essere negativo.').max(1_000_000, 'Rimborso: al massimo 1.000.000 €.'),
  ).optional(),
});
export type ResolutionBody = z.output<typeof resolution>;

/** POST /api/admin/reports/:id/close: closed, with a last word maybe. */
export const closing = z.strictObject({
  adminResponse: z.string({ error: 'Risposta: un testo.' }).trim().max(MAX_RESPONSE, `Risposta: al massimo ${MAX_RESPONSE} caratteri.`).optional(),
});

/** A step of the report's life: who did what, when. */
export const reportStep = z.object({
  type: z.enum(Object.keys(reportEventNames) as [keyof typeof reportEventNames, ...(keyof typeof reportEventNames)[]]),
  label: z.string(),
  at: isoTime,
  byUserId: z.uuid().nullable(),
  byName: z.string().nullable(),
  /** "amministrazione", "negozio", "collaboratore": the side that took the step. */
  byRole: z.string().nullable(),
  summary: z.string(),
});

/** A report (collaboration_reports), as its parties and the admins read it. */
export const report = z.object({
  id: z.uuid(),
  assignmentId: z.uuid(),
  assignmentDescription: z.string().nullable(),
  reportedByUserId: z.uuid(),
  reportedByName: z.string().nullable(),
  reporterRole: z.enum(['shopkeeper', 'collaborator']),
  shopkeeperId: z.uuid(),
  shopkeeperName: z.string().nullable(),
  collaboratorId: z.uuid(),
  collaboratorName: z.string().nullable(),
  storeName: z.string(),
  reportType: z.enum(reportTypes),
  title: z.string(),
  description: z.string(),
  severity: z.enum(severities),
  status: z.enum(reportStatuses),
  adminResponse: z.string().nullable(),
  adminUserId: z.uuid().nullable(),
  resolutionAction: z.string().nullable(),
  /** The refund of the resolution to the assignment's payer (euros), or null. */
  refundAmount: euros.nullable(),
  /** none, pending (asked, the provider has not confirmed yet), paid (confirmed). */
  refundStatus: z.enum(refundStatuses),
  createdAt: isoTime,
  investigatedAt: isoTime.nullable(),
  resolvedAt: isoTime.nullable(),
  closedAt: isoTime.nullable(),
  updatedAt: isoTime,
});
export type Report = z.infer<typeof report>;

/** One report with its timeline. */
export const reportWithTimeline = report.extend({ timeline: z.array(reportStep) });
export type ReportWithTimeline = z.infer<typeof reportWithTimeline>;

const admin = adminResource('/api/admin/reports', report, reportWithTimeline);
const adminMove = <const A extends string, B extends z.ZodType>(move: A, summary: string, body: B) =>
  post(`/api/admin/reports/:id/${move}`, summary, { 200: reportWithTimeline }, { params: idParams, body });

/** Issue [14]: the reports of problems on an assignment and the admin's answers. */
export const reportsApi = api('segnalazioni', {
  create: post(
    '/api/reports',
    'Una delle parti di un incarico (negozio o collaboratore) segnala un problema: tipo, titolo, descrizione e gravità',
    { 201: reportWithTimeline },
    { body: newReport },
  ),
  list: get(
    '/api/reports',
    'Le mie segnalazioni: quelle sugli incarichi di cui sono parte, chiunque le abbia inviate; dalla più recente (X-Total-Count)',
    { 200: z.array(report) },
    { querystring: z.object({ ...pageQuery(50, 200) }) },
  ),
  get: get('/api/reports/:id', 'Una segnalazione con la sua cronologia, per le parti dell’incarico e gli amministratori', { 200: reportWithTimeline }, { params: idParams }),
  adminList: admin.list('Le segnalazioni per l’amministrazione, con filtri per stato, gravità e tipo e ricerca per titolo o negozio (Content-Range)'),
  adminGet: admin.get('Una segnalazione con la sua cronologia'),
  investigate: adminMove('investigate', 'L’amministratore prende in verifica la segnalazione', z.object({}).passthrough().nullish()),
  resolve: adminMove(
    'resolve',
    'L’amministratore risolve la segnalazione: risposta, azione risolutiva e un eventuale rimborso al pagante dell’incarico, fatto una volta sola anche se la richiesta si ripete',
    resolution,
  ),
  close: adminMove('close', 'L’amministratore chiude la segnalazione, con un’ultima risposta facoltativa', closing.nullish()),
});
