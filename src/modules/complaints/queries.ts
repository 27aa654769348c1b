import { z } from 'zod';
import type { Pool } from '../../platform/db/pool.js';
import { poolPage } from '../../platform/db/read-page.js';
import { DomainError } from '../../platform/domain/errors.js';
import { formatCents } from '../../platform/domain/money.js';
import { anyOf, type ListResource } from '../../platform/http/admin-rest.js';
import type { Paging } from '../../platform/http/paging.js';
import type { Reader } from './commands.js';
import type { CaseDetail, CaseRecord, TimelineEntry } from './contract.js';
import { caseKinds, caseNotFound, caseStatuses, compensationStatuses, severities, typeLabels, urgencies, type CaseKind, type CaseStatus, type CaseType } from './labels.js';

/** A case's row as the queries read it (the record's fields, by their column names). */
const columns = `c.id, c.kind, c.session_id, c.assignment_id, c.order_id, c.store_id, c.store_name, c.complainant_id, c.complainant_type, c.complainant_name,
  c.respondent_id, c.respondent_type, c.respondent_name, c.complaint_type, c.title, c.description, c.severity, c.urgency, c.witness_contacts, c.status,
  c.round, c.assigned_admin_id, (SELECT name FROM users WHERE id = c.assigned_admin_id) AS assigned_admin_name, c.review_started_at,
  c.first_response_due_at, c.first_response_at, c.first_response_late, c.respondent_asked_at, c.respondent_answer_by, c.respondent_answered_at,
  c.admin_response, c.resolution_action, c.rejection_reason, c.appeal_reason, c.compensation_method, c.compensation_cents, c.compensation_credits,
  c.compensation_status, c.compensation_reference, c.submitted_at, c.decided_at, c.appeal_by, c.appealed_at, c.due_at, c.evidence_count, c.events_count, c.updated_at`;

interface Row {
  id: string;
  kind: CaseKind;
  session_id: string | null;
  assignment_id: string | null;
  order_id: string | null;
  store_id: string;
  store_name: string;
  complainant_id: string;
  complainant_type: CaseRecord['complainant']['type'];
  complainant_name: string;
  respondent_id: string;
  respondent_type: CaseRecord['respondent']['type'];
  respondent_name: string;
  complaint_type: CaseType;
  title: string;
  description: string;
  severity: CaseRecord['severity'];
  urgency: CaseRecord['urgency'];
  witness_contacts: { name: string; contact: string }[];
  status: CaseStatus;
  round: number;
  assigned_admin_id: string | null;
  assigned_admin_name: string | null;
  review_started_at: Date | null;
  first_response_due_at: Date;
  first_response_at: Date | null;
  first_response_late: boolean;
  respondent_asked_at: Date | null;
  respondent_answer_by: Date | null;
  respondent_answered_at: Date | null;
  admin_response: string | null;
  resolution_action: string | null;
  rejection_reason: string | null;
  appeal_reason: string | null;
  compensation_method: 'refund' | 'credits' | null;
  compensation_cents: number;
  compensation_credits: number;
  compensation_status: CaseRecord['compensation']['status'];
  compensation_reference: string | null;
  submitted_at: Date;
  decided_at: Date | null;
  appeal_by: Date | null;
  appealed_at: Date | null;
  due_at: Date | null;
  evidence_count: number;
  events_count: number;
  updated_at: Date;
}

/** A time as the pool (Date) or the slonik read client (ISO text) gives it. */
const at = (d: Date | string): Date => (d instanceof Date ? d : new Date(d));
const iso = (d: Date | string | null) => (d ? at(d).toISOString() : null);

function myRole(row: Row, reader: Reader): CaseRecord['myRole'] {
  if (reader.id === row.complainant_id) return 'complainant';
  if (reader.id === row.respondent_id) return 'respondent';
  return 'admin';
}

/** A row as its reader sees it: a first response the SLA missed reads late before anyone takes it; an appeal still open reads so. */
export function recordOf(row: Row, reader: Reader, now: Date): CaseRecord {
  const role = reader.role === 'admin' && reader.id !== row.complainant_id && reader.id !== row.respondent_id ? 'admin' : myRole(row, reader);
  const lateResponse =
    row.first_response_late || (!row.first_response_at && at(row.first_response_due_at).getTime() < now.getTime() && (row.status === 'submitted' || row.status === 'appealed'));
  return {
    id: row.id,
    kind: row.kind,
    sessionId: row.session_id,
    assignmentId: row.assignment_id,
    orderId: row.order_id,
    storeId: row.store_id,
    storeName: row.store_name,
    complainant: { id: row.complainant_id, type: row.complainant_type, name: row.complainant_name },
    respondent: { id: row.respondent_id, type: row.respondent_type, name: row.respondent_name },
    myRole: role,
    complaintType: row.complaint_type,
    title: row.title,
    description: row.description,
    severity: row.severity,
    urgency: row.urgency,
    witnessContacts: row.witness_contacts,
    status: row.status,
    round: row.round,
    assignedAdminId: row.assigned_admin_id,
    assignedAdminName: role === 'admin' ? row.assigned_admin_name : row.assigned_admin_id ? 'Amministrazione Vicino' : null,
    reviewStartedAt: iso(row.review_started_at),
    firstResponseDueAt: at(row.first_response_due_at).toISOString(),
    firstResponseAt: iso(row.first_response_at),
    firstResponseLate: lateResponse,
    respondentAskedAt: iso(row.respondent_asked_at),
    respondentAnswerBy: iso(row.respondent_answer_by),
    respondentAnsweredAt: iso(row.respondent_answered_at),
    adminResponse: row.admin_response,
    resolutionAction: row.resolution_action,
    rejectionReason: row.rejection_reason,
    appealReason: row.appeal_reason,
    compensation: {
      method: row.compensation_method,
      amount: row.compensation_cents,
      credits: row.compensation_credits,
      status: row.compensation_status,
      reference: role === 'admin' ? row.compensation_reference : null,
    },
    submittedAt: at(row.submitted_at).toISOString(),
    decidedAt: iso(row.decided_at),
    appealBy: iso(row.appeal_by),
    appealedAt: iso(row.appealed_at),
    canAppeal:
      role === 'complainant' && row.round === 1 && (row.status === 'resolved' || row.status === 'rejected') && !!row.appeal_by && at(row.appeal_by).getTime() >= now.getTime(),
    dueAt: iso(row.due_at),
    late: !!row.due_at && at(row.due_at).getTime() < now.getTime(),
    evidenceCount: row.evidence_count,
    eventsCount: row.events_count,
    updatedAt: at(row.updated_at).toISOString(),
  };
}

/** Where a reader is a party: the complainant always, the other party once asked to answer. */
const partyOf = (me: string) => `(c.complainant_id = ${me} OR (c.respondent_id = ${me} AND c.respondent_asked_at IS NOT NULL))`;

/** A page of my cases (complaints and disputes), newest first. */
export async function casesOf(
  pool: Pool,
  reader: Reader,
  filter: { kind?: CaseKind; status?: CaseStatus },
  paging: Paging,
  now: Date,
): Promise<{ rows: CaseRecord[]; total: number }> {
  const params: unknown[] = [reader.id];
  const where = [partyOf('$1::uuid')];
  if (filter.kind) where.push(`c.kind = $${params.push(filter.kind)}`);
  if (filter.status) where.push(`c.status = $${params.push(filter.status)}`);
  const { rows, total } = await poolPage<Row>(pool, { select: columns, from: `complaints c WHERE ${where.join(' AND ')}`, order: 'c.submitted_at DESC, c.id', params }, paging);
  return { rows: rows.map((r) => recordOf(r, reader, now)), total };
}

const eventTitles: Record<string, string> = {
  CaseFiled: 'Caso presentato',
  CaseEvidenceAdded: 'File di prova aggiunto',
  CaseMessagePosted: 'Messaggio',
  CaseTaken: 'Preso in carico',
  CaseRespondentAsked: 'Richiesta di risposta all’altra parte',
  CaseRespondentAnswered: 'Risposta dell’altra parte',
  CaseRespondentLate: 'Nessuna risposta nei termini',
  CaseResolved: 'Caso risolto',
  CaseRejected: 'Caso respinto',
  CaseCompensationApproved: 'Indennizzo approvato',
  CaseCompensationPaid: 'Indennizzo pagato',
  CaseAppealed: 'Ricorso presentato',
};
export { eventTitles as caseEventNames };

const day = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

function compensationText(c: { method: string; amountCents: number; credits: number } | null): string {
  if (!c) return '';
  return c.method === 'refund' ? ` Indennizzo: rimborso di ${formatCents(c.amountCents)}.` : ` Indennizzo: ${c.credits} crediti AI.`;
}

/** Words someone wrote, ended by one full stop (not two when they wrote one). */
const sentence = (text: unknown): string => {
  const words = String(text).trim();
  return /[.!?…]$/.test(words) ? words : `${words}.`;
};

/** What an event of the case said, in a sentence (shown under its title on the case page). */
export function caseEventDetail(type: string, d: Record<string, unknown>, forAdmin: boolean): string | null {
  switch (type) {
    case 'CaseFiled':
      return `${typeLabels[d.complaintType as CaseType] ?? String(d.complaintType)}: «${String(d.title)}». ${String(d.description)}`;
    case 'CaseEvidenceAdded':
      return String(d.name);
    case 'CaseMessagePosted':
      return String(d.text);
    case 'CaseTaken':
      return forAdmin && d.round === 2 ? 'Il ricorso è esaminato da un altro amministratore.' : d.firstResponseLate ? 'Preso in carico oltre il tempo previsto.' : null;
    case 'CaseRespondentAsked':
      return `${String(d.question)} (risposta entro il ${day.format(new Date(String(d.answerBy)))})`;
    case 'CaseRespondentAnswered':
      return String(d.text);
    case 'CaseRespondentLate':
      return `La risposta era attesa entro il ${day.format(new Date(String(d.answerBy)))}.`;
    case 'CaseResolved':
      return `${sentence(d.adminResponse)} Azione: ${sentence(d.resolutionAction)}${compensationText(d.compensation as never)}${d.round === 2 ? ' Decisione definitiva.' : ''}`;
    case 'CaseRejected':
      return `${d.round === 2 ? `${sentence(d.reason)} Decisione definitiva.` : String(d.reason)}`;
    case 'CaseCompensationApproved':
    case 'CaseCompensationPaid':
      return compensationText(d.compensation as never).trim() || null;
    case 'CaseAppealed':
      return String(d.reason);
    default:
      return null;
  }
}

interface TimelineRow {
  revision: number;
  type: string;
  actor_id: string | null;
  actor_role: string | null;
  actor_name: string | null;
  at: Date;
  data: Record<string, unknown>;
  for_parties: boolean;
}

/**
 * The case page: the case, its whole story in order (the parties read all but the admins'
 * internal notes; an admin's name shows to admins only) and its files.
 */
export async function caseDetail(pool: Pool, reader: Reader, id: string, now: Date): Promise<CaseDetail> {
  const {
    rows: [row],
  } = await pool.query<Row>(`SELECT ${columns} FROM complaints c WHERE c.id = $1`, [id]);
  const isAdmin = reader.role === 'admin';
  if (!row || (!isAdmin && reader.id !== row.complainant_id && !(reader.id === row.respondent_id && row.respondent_asked_at))) throw new DomainError(caseNotFound, 'not-found');
  const [timeline, evidence] = await Promise.all([
    pool.query<TimelineRow>(
      // Each actor's name looked up by id: a join let the planner hash every user (100,000) for a case's few.
      `SELECT t.revision, t.type, t.actor_id, t.actor_role, (SELECT u.name FROM users u WHERE u.id = t.actor_id) AS actor_name, t.at, t.data, t.for_parties
       FROM complaint_timeline t
       WHERE t.case_id = $1 ${isAdmin ? '' : 'AND t.for_parties'} ORDER BY t.revision`,
      [id],
    ),
    pool.query<{ id: string; name: string; content_type: string; size_bytes: number; added_at: Date; added_by: string; added_by_role: string; by_name: string | null }>(
      `SELECT e.id, e.name, e.content_type, e.size_bytes, e.added_at, e.added_by, e.added_by_role, u.name AS by_name
       FROM complaint_evidence e LEFT JOIN users u ON u.id = e.added_by WHERE e.case_id = $1 ORDER BY e.added_at, e.id`,
      [id],
    ),
  ]);
  const hideAdmin = (role: string | null, name: string | null) => (!isAdmin && role === 'admin' ? 'Amministrazione Vicino' : (name ?? 'Utente'));
  return {
    ...recordOf(row, reader, now),
    timeline: timeline.rows.map(
      (t): TimelineEntry => ({
        revision: t.revision,
        type: t.type,
        title: t.type === 'CaseMessagePosted' && t.data.internal ? 'Nota interna' : (eventTitles[t.type] ?? t.type),
        detail: caseEventDetail(t.type, t.data, isAdmin),
        at: t.at.toISOString(),
        actor: t.actor_id ? { id: t.actor_id, name: hideAdmin(t.actor_role, t.actor_name), role: t.actor_role } : null,
        internal: !t.for_parties,
      }),
    ),
    evidence: evidence.rows.map((e) => ({
      id: e.id,
      name: e.name,
      contentType: e.content_type,
      sizeBytes: e.size_bytes,
      addedAt: e.added_at.toISOString(),
      addedBy: { id: e.added_by, name: hideAdmin(e.added_by_role, e.by_name), role: e.added_by_role },
      url: `/api/complaints/${id}/evidence/${e.id}`,
    })),
  };
}

/** The admins' list: every case, what is due first on top (decided ones last). */
export const casesResource: ListResource = {
  name: 'complaints',
  from: 'complaints c',
  select: columns,
  id: 'c.id',
  sortable: {
    id: 'c.id',
    dueAt: 'c.due_at',
    submittedAt: 'c.submitted_at',
    updatedAt: 'c.updated_at',
    urgency: 'c.urgency_rank',
    status: `array_position(ARRAY['submitted', 'under_review', 'investigating', 'appealed', 'resolved', 'rejected'], c.status)`,
    storeName: 'lower(c.store_name)',
    title: 'lower(c.title)',
  },
  defaultOrder: 'c.due_at ASC NULLS LAST, c.id',
  // The back office's search box (filter q): title, shop and both parties.
  searchText: `f_unaccent(c.title || ' ' || c.store_name || ' ' || c.complainant_name || ' ' || c.respondent_name)`,
  filters: {
    status: anyOf(caseStatuses, 'Stato del caso', 'c.status'),
    kind: anyOf(caseKinds, 'Tipo', 'c.kind'),
    urgency: anyOf(urgencies, 'Urgenza', 'c.urgency'),
    severity: anyOf(severities, 'Gravità', 'c.severity'),
    compensationStatus: anyOf(compensationStatuses, 'Indennizzo', 'c.compensation_status'),
    late: { schema: z.boolean({ error: 'In ritardo: true o false.' }), where: (p) => `((c.due_at < now()) = ${p})` },
  },
  notFound: caseNotFound,
};

/** The admin dashboard's count of open cases by urgency, the late ones, the compensations to approve. */
export async function caseSummary(pool: Pool, now: Date) {
  const { rows } = await pool.query<{ urgency: string; open: number; late: number; to_approve: number }>(
    `SELECT urgency, count(*) FILTER (WHERE status NOT IN ('resolved', 'rejected'))::int AS open,
       count(*) FILTER (WHERE due_at < $1)::int AS late, count(*) FILTER (WHERE compensation_status = 'pending')::int AS to_approve
     FROM complaints WHERE status NOT IN ('resolved', 'rejected') OR compensation_status = 'pending' GROUP BY urgency`,
    [now],
  );
  const open = { low: 0, normal: 0, high: 0, immediate: 0 };
  let late = 0;
  let compensationsToApprove = 0;
  for (const r of rows) {
    open[r.urgency as keyof typeof open] = r.open;
    late += r.late;
    compensationsToApprove += r.to_approve;
  }
  return { open, late, compensationsToApprove };
}

/** The payment a shopkeeper made for a session's assignment (its purchased unlock), if paid online. */
export async function sessionPayment(pool: Pool, assignmentId: string | null): Promise<{ paymentId: string; amountCents: number } | null> {
  if (!assignmentId) return null;
  const { rows } = await pool.query<{ payment_id: string; amount_cents: number }>(
    `SELECT p.id AS payment_id, p.amount_cents FROM collaborator_assignments a
       JOIN package_unlocks u ON u.id = a.unlock_id
       JOIN payment_transactions p ON p.id = u.payment_id AND p.status IN ('completed', 'refunded')
     WHERE a.id = $1`,
    [assignmentId],
  );
  return rows[0] ? { paymentId: rows[0].payment_id, amountCents: Number(rows[0].amount_cents) } : null;
}

/** An evidence file of this case with its name (complaint_files' bytes, complaint_evidence's name), or null: another case's file is not found here. */
export async function evidenceFileOf(pool: Pool, caseId: string, fileId: string): Promise<{ body: Buffer; contentType: string; name: string } | null> {
  const { rows } = await pool.query<{ body: Buffer; content_type: string; name: string | null }>(
    `SELECT f.body, f.content_type, e.name FROM complaint_files f JOIN complaint_evidence e ON e.id = f.id AND e.case_id = f.case_id
     WHERE f.id = $1 AND f.case_id = $2`,
    [fileId, caseId],
  );
  return rows[0] ? { body: rows[0].body, contentType: rows[0].content_type, name: rows[0].name ?? 'prova' } : null;
}

/** The cases whose other party did not answer in time and were not noted so since they were asked (500 at most). */
export async function casesRespondentLate(pool: Pool, now: Date): Promise<{ id: string }[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM complaints WHERE status = 'investigating' AND respondent_answered_at IS NULL AND respondent_answer_by <= $1
       AND NOT EXISTS (SELECT FROM complaint_timeline t WHERE t.case_id = complaints.id AND t.type = 'CaseRespondentLate' AND t.at >= complaints.respondent_asked_at)
     LIMIT 500`,
    [now],
  );
  return rows;
}

/** The cases whose compensation is approved and not yet paid (500 at most). */
export async function compensationsUnpaid(pool: Pool): Promise<{ id: string }[]> {
  const { rows } = await pool.query<{ id: string }>(`SELECT id FROM complaints WHERE compensation_status = 'approved' LIMIT 500`);
  return rows;
}
