import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { caseStreamId, type CaseEvent, type CaseFields } from './case.js';
import { complaintsProjection } from './projection.js';

const fields = (): CaseFields => ({
  caseId: randomUUID(), kind: 'complaint', sessionId: randomUUID(), assignmentId: randomUUID(), orderId: null, storeId: randomUUID(), storeName: 'Forno Santi',
  complainant: { userId: randomUUID(), type: 'shopkeeper', name: 'Marco Santi' }, respondent: { userId: randomUUID(), type: 'collaborator', name: 'Anna Bianchi' },
  complaintType: 'quality_issue', title: 'Prezzi sbagliati', description: 'Metà dei prezzi sono errati.', severity: 'high', urgency: 'high',
  witnessContacts: [], paymentId: null, paymentAmountCents: 0,
});

const columns = `SELECT status, round, evidence_count, compensation_status, compensation_credits, due_at::text AS due_at, appeal_by IS NOT NULL AS appealable
  FROM complaints WHERE id = $1`;

describe('complaints projection', () => {
  const spec = useProjection(complaintsProjection);
  const log = new EventLog('2026-11-20T10:00:00.000Z');

  it('follows a case from filed to taken, asked, resolved with credits, paid and appealed; its story keeps the internal note apart', async () => {
    const f = fields();
    const ref = { complainantId: f.complainant.userId, respondentId: f.respondent.userId };
    const admin = randomUUID();
    const events = log.record<CaseEvent>(caseStreamId(f.caseId), [
      { type: 'CaseFiled', data: { ...f, submittedAt: '2026-11-20T10:00:00.000Z', firstResponseDueAt: '2026-11-20T14:00:00.000Z' } },
      { type: 'CaseEvidenceAdded', data: { ...ref, fileId: randomUUID(), name: 'vetrina.png', contentType: 'image/png', sizeBytes: 10, sha256: 'x', byUserId: f.complainant.userId, byRole: 'shopkeeper', addedAt: '2026-11-20T10:01:00.000Z' } },
      { type: 'CaseTaken', data: { ...ref, adminId: admin, round: 1, reviewStartedAt: '2026-11-20T11:00:00.000Z', firstResponseLate: false } },
      { type: 'CaseMessagePosted', data: { ...ref, byUserId: admin, byRole: 'admin', text: 'Nota', internal: true, postedAt: '2026-11-20T11:05:00.000Z' } },
      { type: 'CaseRespondentAsked', data: { ...ref, adminId: admin, question: 'Perché?', askedAt: '2026-11-20T11:10:00.000Z', answerBy: '2026-11-23T11:10:00.000Z' } },
    ]);
    await spec.apply(events);
    expect(await spec.rows(columns, [f.caseId])).toEqual([
      { status: 'investigating', round: 1, evidence_count: 1, compensation_status: 'none', compensation_credits: 0, due_at: '2026-11-23 11:10:00+00', appealable: false },
    ]);
    const compensation = { method: 'credits' as const, amountCents: 0, credits: 20 };
    await spec.apply(log.record<CaseEvent>(caseStreamId(f.caseId), [
      { type: 'CaseResolved', data: { ...ref, adminId: admin, round: 1, adminResponse: 'Ok', resolutionAction: 'Crediti', compensation, compensationStatus: 'pending', resolvedAt: '2026-11-21T10:00:00.000Z', appealBy: '2026-11-28T10:00:00.000Z' } },
      { type: 'CaseCompensationApproved', data: { ...ref, adminId: admin, compensation, approvedAt: '2026-11-21T10:05:00.000Z' } },
      { type: 'CaseCompensationPaid', data: { ...ref, compensation, reference: 'credits:1', paidAt: '2026-11-21T10:05:00.000Z' } },
      { type: 'CaseAppealed', data: { ...ref, reason: 'Non basta', appealedAt: '2026-11-22T10:00:00.000Z', firstResponseDueAt: '2026-11-22T14:00:00.000Z' } },
    ]));
    expect(await spec.rows(columns, [f.caseId])).toEqual([
      { status: 'appealed', round: 2, evidence_count: 1, compensation_status: 'paid', compensation_credits: 20, due_at: '2026-11-22 14:00:00+00', appealable: false },
    ]);
    expect(await spec.rows('SELECT type, for_parties FROM complaint_timeline WHERE case_id = $1 ORDER BY revision', [f.caseId])).toEqual([
      { type: 'CaseFiled', for_parties: true }, { type: 'CaseEvidenceAdded', for_parties: true }, { type: 'CaseTaken', for_parties: true },
      { type: 'CaseMessagePosted', for_parties: false }, { type: 'CaseRespondentAsked', for_parties: true }, { type: 'CaseResolved', for_parties: true },
      { type: 'CaseCompensationApproved', for_parties: true }, { type: 'CaseCompensationPaid', for_parties: true }, { type: 'CaseAppealed', for_parties: true },
    ]);
  });
});
