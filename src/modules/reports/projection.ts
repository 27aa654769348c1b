import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { ReportEvent } from './report.js';

const idOf = (event: RecordedEvent) => event.streamId.slice('report-'.length);

/** collaboration_reports (spec §3): one row per report, with the admin's answer and its refund. */
export const reportsProjection: Projection = {
  name: 'collaboration-reports',
  title: 'Segnalazioni sulle collaborazioni',
  version: 1,
  tables: ['collaboration_reports'],
  apply: byEventType<ReportEvent>({
    ReportSubmitted: ({ data: r }, tx) =>
      tx.query(
        `INSERT INTO collaboration_reports (id, assignment_id, reported_by_user_id, reporter_role, shopkeeper_id, collaborator_id, store_name, report_type,
           title, description, severity, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'open', $12, $12)
         ON CONFLICT (id) DO NOTHING`,
        [
          r.reportId,
          r.assignmentId,
          r.reportedByUserId,
          r.reporterRole,
          r.shopkeeperId,
          r.collaboratorId,
          r.storeName,
          r.reportType,
          r.title,
          r.description,
          r.severity,
          r.submittedAt,
        ],
      ),
    ReportInvestigationStarted: (e, tx) =>
      tx.query(`UPDATE collaboration_reports SET status = 'investigating', admin_user_id = $3, investigated_at = $2, updated_at = $2 WHERE id = $1`, [
        idOf(e),
        e.data.startedAt,
        e.data.adminUserId,
      ]),
    ReportResolved: (e, tx) =>
      tx.query(
        `UPDATE collaboration_reports SET status = 'resolved', admin_user_id = $3, admin_response = $4, resolution_action = $5, refund_amount_cents = $6,
           payment_id = $7, refund_key = $8, resolved_at = $2, updated_at = $2
         WHERE id = $1`,
        [
          idOf(e),
          e.data.resolvedAt,
          e.data.adminUserId,
          e.data.adminResponse,
          e.data.resolutionAction,
          e.data.refund?.amountCents ?? null,
          e.data.refund?.paymentId ?? null,
          e.data.refund?.refundKey ?? null,
        ],
      ),
    ReportClosed: (e, tx) =>
      tx.query(
        `UPDATE collaboration_reports SET status = 'closed', admin_user_id = $3, admin_response = coalesce($4, admin_response), closed_at = $2, updated_at = $2 WHERE id = $1`,
        [idOf(e), e.data.closedAt, e.data.adminUserId, e.data.adminResponse],
      ),
  }),
};
