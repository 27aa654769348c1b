import type { FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { readPage } from '../../platform/db/read-page.js';
import { column, fixedSql, sql, type ReadDb } from '../../platform/db/read.js';
import { DomainError } from '../../platform/domain/errors.js';
import { formatCents } from '../../platform/domain/money.js';
import { anyOf, folded, type ListResource } from '../../platform/http/admin-rest.js';
import type { Paging } from '../../platform/http/paging.js';
import type { Reader } from './commands.js';
import { caseRecord, type CaseDetail, type CaseRecord, type TimelineEntry } from './contract.js';
import { caseKinds, caseNotFound, caseStatuses, compensationStatuses, severities, typeLabels, urgencies, type CaseKind, type CaseStatus, type CaseType } from './labels.js';

/**
 * A case's row as the queries read it: the record's fields under its names, its parties and its
 * compensation gathered as the record's objects (the amount in cents); what depends on the reader
 * and the time is recordOf's.
 */
const columns = fixedSql(`c.id, c.kind, c.session_id AS "sessionId", c.assignment_id AS "assignmentId", c.order_id AS "orderId", c.store_id AS "storeId",
  c.store_name AS "storeName", json_build_object('id', c.complainant_id, 'type', c.complainant_type, 'name', c.complainant_name) AS complainant,
  json_build_object('id', c.respondent_id, 'type', c.respondent_type, 'name', c.respondent_name) AS respondent, c.complaint_type AS "complaintType",
  c.title, c.description, c.severity, c.urgency, c.witness_contacts AS "witnessContacts", c.status, c.round, c.assigned_admin_id AS "assignedAdminId",
  (SELECT name FROM users WHERE id = c.assigned_admin_id) AS "assignedAdminName", c.review_started_at AS "reviewStartedAt",
  c.first_response_due_at AS "firstResponseDueAt", c.first_response_at AS "firstResponseAt", c.first_response_late AS "firstResponseLate",
  c.respondent_asked_at AS "respondentAskedAt", c.respondent_answer_by AS "respondentAnswerBy", c.respondent_answered_at AS "respondentAnsweredAt",
  c.admin_response AS "adminResponse", c.resolution_action AS "resolutionAction", c.rejection_reason AS "rejectionReason", c.appeal_reason AS "appealReason",
  json_build_object('method', c.compensation_method, 'amount', c.compensation_cents, 'credits', c.compensation_credits, 'status', c.compensation_status,
    'reference', c.compensation_reference) AS compensation,
  c.submitted_at AS "submittedAt", c.decided_at AS "decidedAt", c.appeal_by AS "appealBy", c.appealed_at AS "appealedAt", c.due_at AS "dueAt",
  c.evidence_count AS "evidenceCount", c.events_count AS "eventsCount", c.updated_at AS "updatedAt"`);

const caseRow = caseRecord.omit({ myRole: true, canAppeal: true, late: true }).extend({ compensation: caseRecord.shape.compensation.extend({ amount: z.number() }) });
/** A case's row, its times as ISO text (the admin list's rows too). */
export type CaseRow = z.infer<typeof caseRow>;

/** A time of a row (ISO text) as a moment, to compare with `now`. */
const ms = (time: string): number => Date.parse(time);

function myRole(row: CaseRow, reader: Reader): CaseRecord['myRole'] {
  if (reader.id === row.complainant.id) return 'complainant';
  if (reader.id === row.respondent.id) return 'respondent';
  return 'admin';
}

/** A row as its reader sees it: a first response the SLA missed reads late before anyone takes it; an appeal still open reads so. */
export function recordOf(row: CaseRow, reader: Reader, now: Date): CaseRecord {
  const role = reader.role === 'admin' && reader.id !== row.complainant.id && reader.id !== row.respondent.id ? 'admin' : myRole(row, reader);
  const lateResponse = row.firstResponseLate || (!row.firstResponseAt && ms(row.firstResponseDueAt) < now.getTime() && (row.status === 'submitted' || row.status === 'appealed'));
  return {
    ...row,
    myRole: role,
    assignedAdminName: role === 'admin' ? row.assignedAdminName : row.assignedAdminId ? 'Amministrazione Vicino' : null,
    firstResponseLate: lateResponse,
    compensation: { ...row.compensation, reference: role === 'admin' ? row.compensation.reference : null },
    canAppeal: role === 'complainant' && row.round === 1 && (row.status === 'resolved' || row.status === 'rejected') && !!row.appealBy && ms(row.appealBy) >= now.getTime(),
    late: !!row.dueAt && ms(row.dueAt) < now.getTime(),
  };
}

/** Where a reader is a party: the complainant or the other party (told of the case when it is filed). */
const partyOf = (me: string) => sql.fragment`(c.complainant_id = ${me} OR c.respondent_id = ${me})`;

/** A page of my cases (complaints and disputes), newest first. */
export async function casesOf(
  db: ReadDb,
  reader: Reader,
  filter: { kind?: CaseKind; status?: CaseStatus },
  paging: Paging,
  now: Date,
): Promise<{ rows: CaseRecord[]; total: number }> {
  const where: FragmentSqlToken[] = [partyOf(reader.id)];
  if (filter.kind) where.push(sql.fragment`c.kind = ${filter.kind}`);
  if (filter.status) where.push(sql.fragment`c.status = ${filter.status}`);
  const { rows, total } = await readPage(
    db,
    { row: caseRow, select: columns, from: sql.fragment`complaints c WHERE ${sql.join(where, sql.fragment` AND `)}`, order: sql.fragment`c.submitted_at DESC, c.id` },
    paging,
  );
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

const timelineRow = z.object({
  revision: z.number(),
  type: z.string(),
  actor_id: column.uuid.nullable(),
  actor_role: z.string().nullable(),
  actor_name: z.string().nullable(),
  at: column.time,
  data: z.record(z.string(), z.unknown()),
  for_parties: z.boolean(),
});

const evidenceRow = z.object({
  id: column.uuid,
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  added_at: column.time,
  added_by: column.uuid,
  added_by_role: z.string(),
  by_name: z.string().nullable(),
});

/**
 * The case page: the case, its whole story in order (the parties read all but the admins'
 * internal notes; an admin's name shows to admins only) and its files.
 */
export async function caseDetail(db: ReadDb, reader: Reader, id: string, now: Date): Promise<CaseDetail> {
  const row = await db.maybeOne(sql.type(caseRow)`SELECT ${columns} FROM complaints c WHERE c.id = ${id}`);
  const isAdmin = reader.role === 'admin';
  if (!row || (!isAdmin && reader.id !== row.complainant.id && reader.id !== row.respondent.id)) throw new DomainError(caseNotFound, 'not-found');
  const [timeline, evidence] = await Promise.all([
    db.any(
      // Each actor's name looked up by id: a join let the planner hash every user (100,000) for a case's few.
      sql.type(timelineRow)`SELECT t.revision, t.type, t.actor_id, t.actor_role, (SELECT u.name FROM users u WHERE u.id = t.actor_id) AS actor_name, t.at, t.data, t.for_parties
       FROM complaint_timeline t
       WHERE t.case_id = ${id} ${isAdmin ? sql.fragment`` : sql.fragment`AND t.for_parties`} ORDER BY t.revision`,
    ),
    db.any(
      sql.type(evidenceRow)`SELECT e.id, e.name, e.content_type, e.size_bytes, e.added_at, e.added_by, e.added_by_role, u.name AS by_name
       FROM complaint_evidence e LEFT JOIN users u ON u.id = e.added_by WHERE e.case_id = ${id} ORDER BY e.added_at, e.id`,
    ),
  ]);
  const hideAdmin = (role: string | null, name: string | null) => (!isAdmin && role === 'admin' ? 'Amministrazione Vicino' : (name ?? 'Utente'));
  return {
    ...recordOf(row, reader, now),
    timeline: timeline.map(
      (t): TimelineEntry => ({
        revision: t.revision,
        type: t.type,
        title: t.type === 'CaseMessagePosted' && t.data.internal ? 'Nota interna' : (eventTitles[t.type] ?? t.type),
        detail: caseEventDetail(t.type, t.data, isAdmin),
        at: t.at,
        actor: t.actor_id ? { id: t.actor_id, name: hideAdmin(t.actor_role, t.actor_name), role: t.actor_role } : null,
        internal: !t.for_parties,
      }),
    ),
    evidence: evidence.map((e) => ({
      id: e.id,
      name: e.name,
      contentType: e.content_type,
      sizeBytes: e.size_bytes,
      addedAt: e.added_at,
      addedBy: { id: e.added_by, name: hideAdmin(e.added_by_role, e.by_name), role: e.added_by_role },
      url: `/api/complaints/${id}/evidence/${e.id}`,
    })),
  };
}

/** The admins' list: every case, what is due first on top (decided ones last). */
export const casesResource: ListResource = {
  name: 'complaints',
  from: 'complaints c',
  select: columns.sql,
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
  searchText: folded(`c.title || ' ' || c.store_name || ' ' || c.complainant_name || ' ' || c.respondent_name`),
  filters: {
    status: anyOf(caseStatuses, 'Stato del caso', 'c.status'),
    kind: anyOf(caseKinds, 'Tipo', 'c.kind'),
    urgency: anyOf(urgencies, 'Urgenza', 'c.urgency'),
    severity: anyOf(severities, 'Gravità', 'c.severity'),
    compensationStatus: anyOf(compensationStatuses, 'Indennizzo', 'c.compensation_status'),
    late: { schema: z.boolean({ error: 'In ritardo: true o false.' }), where: (p) => `((c.due_at < now()) = ${p})` },
  },
  notFound: caseNotFound,
  row: caseRow,
};

const urgencyCounts = z.object({ urgency: z.enum(urgencies), open: z.number(), late: z.number(), to_approve: z.number() });

/** The admin dashboard's count of open cases by urgency, the late ones, the compensations to approve. */
export async function caseSummary(db: ReadDb, now: Date) {
  const rows = await db.any(sql.type(urgencyCounts)`
    SELECT urgency, count(*) FILTER (WHERE status NOT IN ('resolved', 'rejected'))::int AS open,
       count(*) FILTER (WHERE due_at < ${now.toISOString()}::timestamptz)::int AS late, count(*) FILTER (WHERE compensation_status = 'pending')::int AS to_approve
     FROM complaints WHERE status NOT IN ('resolved', 'rejected') OR compensation_status = 'pending' GROUP BY urgency`);
  const open = { low: 0, normal: 0, high: 0, immediate: 0 };
  let late = 0;
  let compensationsToApprove = 0;
  for (const r of rows) {
    open[r.urgency] = r.open;
    late += r.late;
    compensationsToApprove += r.to_approve;
  }
  return { open, late, compensationsToApprove };
}

const sessionPaymentRow = z.object({ paymentId: column.uuid, amountCents: z.number() });

/** The payment a shopkeeper made for a session's assignment (its purchased unlock), if paid online. */
export async function sessionPayment(db: ReadDb, assignmentId: string | null): Promise<{ paymentId: string; amountCents: number } | null> {
  if (!assignmentId) return null;
  return db.maybeOne(sql.type(sessionPaymentRow)`
    SELECT p.id AS "paymentId", p.amount_cents AS "amountCents" FROM collaborator_assignments a
       JOIN package_unlocks u ON u.id = a.unlock_id
       JOIN payment_transactions p ON p.id = u.payment_id AND p.status IN ('completed', 'refunded')
     WHERE a.id = ${assignmentId}`);
}

const evidenceFileRow = z.object({ body: z.instanceof(Buffer), contentType: z.string(), name: z.string() });

/** An evidence file of this case with its name (complaint_files' bytes, complaint_evidence's name), or null: another case's file is not found here. */
export async function evidenceFileOf(db: ReadDb, caseId: string, fileId: string): Promise<{ body: Buffer; contentType: string; name: string } | null> {
  return db.maybeOne(sql.type(evidenceFileRow)`
    SELECT f.body, f.content_type AS "contentType", coalesce(e.name, 'prova') AS name
    FROM complaint_files f JOIN complaint_evidence e ON e.id = f.id AND e.case_id = f.case_id
    WHERE f.id = ${fileId} AND f.case_id = ${caseId}`);
}

const idRow = z.object({ id: column.uuid });

/** The cases whose other party did not answer in time and were not noted so since they were asked (500 at most). */
export async function casesRespondentLate(db: ReadDb, now: Date): Promise<readonly { id: string }[]> {
  return db.any(sql.type(idRow)`
    SELECT id FROM complaints WHERE status = 'investigating' AND respondent_answered_at IS NULL AND respondent_answer_by <= ${now.toISOString()}::timestamptz
       AND NOT EXISTS (SELECT FROM complaint_timeline t WHERE t.case_id = complaints.id AND t.type = 'CaseRespondentLate' AND t.at >= complaints.respondent_asked_at)
     LIMIT 500`);
}

/** The cases whose compensation is approved and not yet paid (500 at most). */
export async function compensationsUnpaid(db: ReadDb): Promise<readonly { id: string }[]> {
  return db.any(sql.type(idRow)`SELECT id FROM complaints WHERE compensation_status = 'approved' LIMIT 500`);
}
