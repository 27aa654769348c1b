import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { reportStreamId, type ReportEvent, type ReportFields } from './report.js';
import { reportsProjection } from './projection.js';

const columns = `SELECT status, title, severity, admin_response, resolution_action, refund_amount_cents::int AS refund, refund_key,
  investigated_at IS NOT NULL AS investigated, resolved_at IS NOT NULL AS resolved, closed_at IS NOT NULL AS closed FROM collaboration_reports WHERE id = $1`;

describe('collaboration reports projection', () => {
  const spec = useProjection(reportsProjection);
  const log = new EventLog('2026-11-27T10:00:00.000Z');

  it('follows a report from its submission to its resolution with a refund, then its closing; replayed, nothing changes', async () => {
    const f: ReportFields = {
      reportId: randomUUID(),
      assignmentId: randomUUID(),
      reportedByUserId: randomUUID(),
      reporterRole: 'shopkeeper',
      shopkeeperId: randomUUID(),
      collaboratorId: randomUUID(),
      storeName: 'Bottega',
      reportType: 'quality_issue',
      title: 'Foto sfocate',
      description: 'Le foto del catalogo sono sfocate.',
      severity: 'high',
    };
    const parties = { shopkeeperId: f.shopkeeperId, collaboratorId: f.collaboratorId, reportTitle: f.title };
    const admin = randomUUID();
    const paymentId = randomUUID();
    const events = log.record<ReportEvent>(reportStreamId(f.reportId), [
      { type: 'ReportSubmitted', data: { ...f, submittedAt: '2026-11-27T10:00:00.000Z' } },
      { type: 'ReportInvestigationStarted', data: { ...parties, adminUserId: admin, startedAt: '2026-11-27T11:00:00.000Z' } },
      {
        type: 'ReportResolved',
        data: {
          ...parties,
          adminUserId: admin,
          adminResponse: 'Rifatte a metà.',
          resolutionAction: 'Rimborso parziale',
          refund: { paymentId, amountCents: 1500, refundKey: `report-${f.reportId}` },
          resolvedAt: '2026-11-27T12:00:00.000Z',
        },
      },
    ]);
    await spec.apply(events);
    const resolved = {
      status: 'resolved',
      title: 'Foto sfocate',
      severity: 'high',
      admin_response: 'Rifatte a metà.',
      resolution_action: 'Rimborso parziale',
      refund: 1500,
      refund_key: `report-${f.reportId}`,
      investigated: true,
      resolved: true,
      closed: false,
    };
    expect(await spec.rows(columns, [f.reportId])).toEqual([resolved]);
    await spec.apply(events.slice(0, 1));
    expect(await spec.rows(columns, [f.reportId])).toEqual([resolved]);
    await spec.apply(
      log.record<ReportEvent>(reportStreamId(f.reportId), [
        { type: 'ReportClosed', data: { ...parties, adminUserId: admin, adminResponse: null, closedAt: '2026-11-28T09:00:00.000Z' } },
      ]),
    );
    expect(await spec.rows(columns, [f.reportId])).toEqual([{ ...resolved, status: 'closed', closed: true }]);
  });
});
