import { z } from 'zod';
import { readPage } from '../../platform/db/read-page.js';
import { fixedSql, sql, type ReadDb } from '../../platform/db/read.js';
import { DomainError } from '../../platform/domain/errors.js';
import { formatCents } from '../../platform/domain/money.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import { anyOf, folded, type ListResource, uuidFilter } from '../../platform/http/admin-rest.js';
import { centsRow } from '../../platform/http/money.js';
import type { Paging } from '../../platform/http/paging.js';
import { namesOf } from '../users/queries.js';
import { report, type Report, type ReportWithTimeline } from './contract.js';
import { reportEventNames, reportStatuses, reportTypeLabels, reportTypes, severities, severityLabels } from './labels.js';
import { reportNotFound, reportStreamId, type ReportEvent } from './report.js';

const name = (id: string) => `(SELECT name FROM users WHERE id = ${id})`;

/** Paid once the payments' read model has the refund's own row (the provider confirmed it). */
const refundStatus = `CASE WHEN r.refund_key IS NULL THEN 'none'
  WHEN EXISTS (SELECT 1 FROM payment_transactions p WHERE p.transaction_type = 'refund' AND p.metadata ->> 'refundKey' = r.refund_key
    AND p.metadata ->> 'refundOf' = r.payment_id::text) THEN 'paid' ELSE 'pending' END`;

const columns = fixedSql(`r.id, r.assignment_id AS "assignmentId", (SELECT description FROM collaborator_assignments WHERE id = r.assignment_id) AS "assignmentDescription",
  r.reported_by_user_id AS "reportedByUserId", ${name('r.reported_by_user_id')} AS "reportedByName", r.reporter_role AS "reporterRole",
  r.shopkeeper_id AS "shopkeeperId", ${name('r.shopkeeper_id')} AS "shopkeeperName", r.collaborator_id AS "collaboratorId", ${name('r.collaborator_id')} AS "collaboratorName",
  r.store_name AS "storeName", r.report_type AS "reportType", r.title, r.description, r.severity, r.status, r.admin_response AS "adminResponse",
  r.admin_user_id AS "adminUserId", r.resolution_action AS "resolutionAction", r.refund_amount_cents::int AS "refundAmount", ${refundStatus} AS "refundStatus",
  r.created_at AS "createdAt", r.investigated_at AS "investigatedAt", r.resolved_at AS "resolvedAt", r.closed_at AS "closedAt", r.updated_at AS "updatedAt"`);

/** A report as the read side gives it: its refund as the cents the table holds. */
const reportRow = centsRow(report);

export interface Reader {
  id: string;
  role: string;
}

/** A page of the reports on the reader's assignments (either side), newest first; an admin's: all. */
export async function reportsFor(db: ReadDb, reader: Reader, filter: { id?: string }, paging: Paging): Promise<{ rows: Report[]; total: number }> {
  const where = [
    reader.role === 'admin' ? sql.fragment`true` : sql.fragment`(r.shopkeeper_id = ${reader.id} OR r.collaborator_id = ${reader.id})`,
    filter.id ? sql.fragment`r.id = ${filter.id}` : sql.fragment`true`,
  ];
  return readPage(
    db,
    { row: reportRow, select: columns, from: sql.fragment`collaboration_reports r WHERE ${sql.join(where, sql.fragment` AND `)}`, order: sql.fragment`r.created_at DESC, r.id` },
    paging,
  );
}

const sideOf: Record<string, string> = { admin: 'amministrazione', shopkeeper: 'negozio', collaborator: 'collaboratore' };

/** The sentence of a step, as the parties read it. */
function summaryOf(event: ReportEvent): string {
  switch (event.type) {
    case 'ReportSubmitted':
      return `${reportTypeLabels[event.data.reportType]}, gravità ${severityLabels[event.data.severity].toLowerCase()}: ${event.data.title}.`;
    case 'ReportInvestigationStarted':
      return 'L’amministrazione sta verificando la segnalazione.';
    case 'ReportResolved': {
      const refund = event.data.refund ? ` Rimborso al pagante: ${formatCents(event.data.refund.amountCents)}.` : '';
      return `${event.data.adminResponse} Azione: ${event.data.resolutionAction}.${refund}`;
    }
    case 'ReportClosed':
      return event.data.adminResponse ? `Chiusa: ${event.data.adminResponse}` : 'La segnalazione è stata chiusa.';
  }
}

/** The report's steps from its log: who did what, when. */
export async function timelineOf(store: EventStore, db: ReadDb, id: string): Promise<ReportWithTimeline['timeline']> {
  const events = await store.readStream(reportStreamId(id));
  const ids = [...new Set(events.map((e) => e.metadata.actorUserId).filter((u): u is string => u !== null))];
  const names = ids.length ? await namesOf(db, ids) : new Map<string, string>();
  return events.map((recorded) => {
    const event = recorded as unknown as ReportEvent;
    const { actorUserId, actorRole, at } = recorded.metadata;
    return {
      type: event.type,
      label: reportEventNames[event.type],
      at,
      byUserId: actorUserId,
      byName: actorUserId ? (names.get(actorUserId) ?? null) : null,
      byRole: actorRole ? (sideOf[actorRole] ?? actorRole) : null,
      summary: summaryOf(event),
    };
  });
}

/** One report with its timeline, for its parties and the admins; anyone else reads it as not found. */
export async function reportAnswer(db: ReadDb, store: EventStore, reader: Reader, id: string): Promise<ReportWithTimeline> {
  const [found] = (await reportsFor(db, reader, { id }, { page: 1, pageSize: 1 })).rows;
  if (!found) throw new DomainError(reportNotFound, 'not-found');
  return { ...found, timeline: await timelineOf(store, db, id) };
}

/** The admin's list of every report. */
export const reportsResource: ListResource = {
  name: 'reports',
  from: 'collaboration_reports r',
  select: columns.sql,
  id: 'r.id',
  sortable: {
    id: 'r.id',
    createdAt: 'r.created_at',
    updatedAt: 'r.updated_at',
    status: `array_position(ARRAY['open', 'investigating', 'resolved', 'closed'], r.status)`,
    severity: `array_position(ARRAY['low', 'medium', 'high', 'critical'], r.severity)`,
    reportType: 'r.report_type',
    storeName: 'lower(r.store_name)',
    title: 'lower(r.title)',
  },
  defaultOrder: 'r.created_at DESC',
  filters: {
    status: anyOf(reportStatuses, 'Stato della segnalazione', 'r.status'),
    severity: anyOf(severities, 'Gravità', 'r.severity'),
    reportType: anyOf(reportTypes, 'Tipo di segnalazione', 'r.report_type'),
    assignmentId: uuidFilter('r.assignment_id'),
  },
  searchText: folded(`r.title || ' ' || r.store_name`),
  notFound: reportNotFound,
  row: reportRow,
};

const paymentIdRow = z.object({ id: z.string() });

/** The assignment's payment made between the parties through the site (collaboration_payment, completed or refunded), if any. */
export async function collaborationPaymentOf(db: ReadDb, assignmentId: string): Promise<string | null> {
  return db.maybeOneFirst(sql.type(paymentIdRow)`
    SELECT id FROM payment_transactions
    WHERE assignment_id = ${assignmentId} AND transaction_type = 'collaboration_payment' AND status IN ('completed', 'refunded') ORDER BY created_at LIMIT 1`);
}
