import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { api, get, idParams, isoTime, movesOf, post, statusesQuery } from '../../platform/http/contract.js';
import { euroAmount, euros } from '../../platform/http/money.js';
import {
  assignmentOrigins,
  assignmentPaymentStatuses,
  assignmentStatuses,
  MAX_DESCRIPTION,
  MAX_PAYMENT_CENTS,
  MAX_REASON,
  permissions,
  priorities,
  shopPaymentStatuses,
} from './labels.js';
import { ofStore } from '../stores/contract.js';

const reason = (what: string) =>
  z
    .string({ error: `${what}: campo obbligatorio.` })
    .trim()
    .min(1, `${what}: campo obbligatorio.`)
    .max(MAX_REASON, `${what}: al massimo ${MAX_REASON} caratteri.`);

/** POST /api/assignments: a shopkeeper's assignment to a collaborator they already worked with. */
export const newAssignment = z.strictObject({
  collaboratorId: z.uuid('Collaboratore: identificativo non valido.'),
  description: z
    .string({ error: 'Descrizione: campo obbligatorio.' })
    .trim()
    .min(1, 'Descrizione: campo obbligatorio.')
    .max(MAX_DESCRIPTION, `Descrizione: al massimo ${MAX_DESCRIPTION} caratteri.`),
  priority: z.enum(priorities, { error: 'Priorità: low, medium, high o urgent.' }).default('medium'),
  paymentAmount: euroAmount(
    z
      .number({ error: 'Compenso: un importo in euro.' })
      .min(0, 'Compenso: non può essere negativo.')
      .max(MAX_PAYMENT_CENTS / 100, `Compenso: al massimo ${(MAX_PAYMENT_CENTS / 100).toLocaleString('it-IT')} €.`),
  ),
  dueDate: z.iso.datetime({ offset: true, error: 'Scadenza: data e ora ISO 8601.' }).optional(),
  /** AI credits the collaborator earns on completion, beside the money. */
  credits: z.number({ error: 'Crediti: un numero intero.' }).int('Crediti: un numero intero.').min(0, 'Crediti: non negativi.').max(1000, 'Crediti: al massimo 1000.').default(0),
  permissions: z
    .array(z.enum(permissions, { error: 'Permesso: products, orders o ai.' }), { error: 'Permessi: un elenco.' })
    .refine((p) => new Set(p).size === p.length, 'Permessi: ognuno una volta sola.')
    .default(['products']),
});
export type NewAssignmentBody = z.output<typeof newAssignment>;

/** How the reader sees an assignment's sessions at a glance: open = scheduled and not yet activated. */
const sessionCounts = z.object({ total: z.number().int(), open: z.number().int(), active: z.number().int(), completed: z.number().int() });

/** An assignment (collaborator_assignments), as its shopkeeper, its collaborator or an admin sees it (docs/api-assignments.md). */
export const assignment = z.object({
  id: z.uuid(),
  origin: z.enum(assignmentOrigins),
  ...ofStore,
  shopkeeperId: z.uuid(),
  shopkeeperName: z.string(),
  collaboratorId: z.uuid(),
  collaboratorName: z.string(),
  requestId: z.uuid().nullable(),
  unlockId: z.uuid().nullable(),
  packageId: z.uuid().nullable(),
  packageName: z.string().nullable(),
  description: z.string(),
  priority: z.enum(priorities),
  status: z.enum(assignmentStatuses),
  /** What the shop pays for it. */
  paymentAmount: euros,
  /** What the collaborator earns: the payment less the site's commission. */
  compensation: euros,
  siteCommission: euros,
  paymentStatus: z.enum(assignmentPaymentStatuses),
  /** From a package unlock: the shop's payment of the package (null for a direct assignment, which the shop pays itself). */
  shopPayment: z.enum(shopPaymentStatuses).nullable(),
  /** AI credits the collaborator earns on completion. */
  creditsEarned: z.number().int(),
  permissions: z.array(z.enum(permissions)),
  dueDate: isoTime.nullable(),
  assignedAt: isoTime,
  acceptedAt: isoTime.nullable(),
  startedAt: isoTime.nullable(),
  completedAt: isoTime.nullable(),
  closedAt: isoTime.nullable(),
  rejectionReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  hasProblems: z.boolean(),
  problemDescription: z.string().nullable(),
  paidAt: isoTime.nullable(),
  /** How the compensation was paid (issue [20]): by a transfer to the collaborator's payment account (the provider and its id); null by hand, or not yet. */
  payoutTransfer: z.object({ provider: z.string(), transferId: z.string() }).nullable(),
  /** Issue [14]: the published reviews of its sessions: the shop's of the collaborator (average, latest comment) and the collaborator's of the shop. */
  shopkeeperRating: z.number().nullable(),
  shopkeeperReview: z.string().nullable(),
  collaboratorRating: z.number().nullable(),
  collaboratorReview: z.string().nullable(),
  sessions: sessionCounts,
  updatedAt: isoTime,
  /** When the collaborator says they are free, in their words (their profile), for the shopkeeper programming a session. */
  collaboratorAvailability: z.string().nullable(),
  /** How long the request said the work takes, in minutes (from a request): the first session's length. */
  estimatedMinutes: z.number().int().nullable(),
  /** The AI credits of its package (from a package unlock): what the first session proposes to carry. */
  packageCredits: z.number().int().nullable(),
});
export type Assignment = z.infer<typeof assignment>;

const listQuery = z.object({
  status: statusesQuery(assignmentStatuses, { example: 'accepted,in_progress', unknown: 'Stato dell’incarico non valido.' }),
  ...pageQuery(100, 300),
});

/** GET /api/collaborators/earnings: what the collaborator earned, by month and by shop, pending and paid. */
const earningsLine = z.object({ count: z.number().int(), pending: euros, paid: euros, credits: z.number().int() });
export const earnings = z.object({
  totals: earningsLine,
  byMonth: z.array(earningsLine.extend({ month: z.string().describe('AAAA-MM, ora di Roma') })),
  byStore: z.array(earningsLine.extend({ storeId: z.uuid(), storeName: z.string() })),
  /** The latest completed assignments and tasks, each with what it earned. */
  latest: z.array(
    z.object({
      kind: z.enum(['assignment', 'task']),
      id: z.uuid(),
      storeName: z.string(),
      title: z.string(),
      completedAt: isoTime,
      amount: euros,
      credits: z.number().int(),
      paymentStatus: z.enum(assignmentPaymentStatuses),
    }),
  ),
});
export type Earnings = z.infer<typeof earnings>;

const one = movesOf('/api/assignments/:id', assignment);
/** A move whose body is required (movesOf's are optional). */
const oneWith = <const A extends string, B extends z.ZodType>(move: A, summary: string, body: B) =>
  post(`/api/assignments/:id/${move}`, summary, { 200: assignment }, { params: idParams, body });
const admin = adminResource('/api/admin/assignments', assignment);

/** Issue [13]: the agreements between a shop and a collaborator. */
export const assignmentsApi = api('incarichi', {
  list: get(
    '/api/assignments',
    'Gli incarichi: del negozio (negoziante), affidati a me (collaboratore), tutti (amministratore); dal più recente',
    { 200: z.array(assignment) },
    { querystring: listQuery },
  ),
  get: get('/api/assignments/:id', 'Un incarico, per le sue parti e gli amministratori', { 200: assignment }, { params: idParams }),
  create: post(
    '/api/assignments',
    'Il negoziante affida un incarico a un collaboratore con cui ha già lavorato: resta in attesa finché lo accetta o lo rifiuta',
    { 201: assignment },
    { body: newAssignment },
  ),
  accept: one('accept', 'Il collaboratore accetta l’incarico'),
  reject: oneWith('reject', 'Il collaboratore rifiuta l’incarico, con il motivo', z.object({ reason: reason('Motivo') })),
  start: one('start', 'Il collaboratore inizia l’incarico accettato (anche la prima sessione attivata lo inizia)'),
  complete: one('complete', 'Il negoziante (o un amministratore) conferma l’incarico completato: il compenso va al collaboratore'),
  cancel: oneWith(
    'cancel',
    'Il negoziante annulla l’incarico prima che inizi, un amministratore fino al completamento; le sessioni aperte si annullano',
    z.object({ reason: reason('Motivo') }),
  ),
  problem: oneWith('problem', 'Una delle parti segnala un problema sull’incarico', z.object({ description: reason('Descrizione del problema') })),
  markPaid: one('paid', 'Il negoziante segna pagato il compenso di un incarico diretto'),
  earnings: get('/api/collaborators/earnings', 'I guadagni del collaboratore: per mese e per negozio, da pagare e pagati, e gli ultimi', { 200: earnings }),
  adminList: admin.list('Gli incarichi per l’amministrazione, con filtri per stato, pagamento e problemi e ricerca per negozio o collaboratore (Content-Range)'),
  adminGet: admin.get('Un incarico'),
  payout: post(
    '/api/admin/assignments/:id/payout',
    'L’amministratore paga al collaboratore il compenso di un incarico completato: un trasferimento sul conto di pagamento del collaboratore (Stripe, o di prova), una volta sola; con byHand, lo segna pagato a mano (pagato in altro modo)',
    { 200: assignment },
    {
      params: idParams,
      body: z
        .object({ byHand: z.boolean({ error: 'byHand: vero o falso.' }).optional() })
        .passthrough()
        .nullish(),
    },
  ),
});
