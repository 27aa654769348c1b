import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { caseStreamId, type CaseCommand, type CaseEvent, type CaseFields } from './case.js';
import { aNewSetting, complaintFields, eventsOf } from './case-fixtures.js';
import { complaintsProjection } from './projection.js';

const t0 = new Date('2026-11-27T10:00:00.000Z');
const after = (ms: number) => new Date(t0.getTime() + ms);
const hour = 3_600_000;

/** A "normal" complaint paid online (49 €), in a shop of its own. */
const fields = (): CaseFields => complaintFields(randomUUID(), aNewSetting(), { urgency: 'normal' });

const columns = `SELECT status, round, due_at, first_response_at IS NOT NULL AS responded, compensation_status, compensation_cents, evidence_count, events_count,
  (SELECT count(*)::int FROM complaint_timeline t WHERE t.case_id = c.id) AS timeline, (SELECT count(*)::int FROM complaint_timeline t WHERE t.case_id = c.id AND NOT t.for_parties) AS internal
  FROM complaints c WHERE id = $1`;

describe('complaints projection', () => {
  const spec = useProjection(complaintsProjection);
  const log = new EventLog(t0);

  it('follows a case to its paid compensation and its appeal, with what is due next at each step; replayed, nothing changes', async () => {
    const f = fields();
    const admin = randomUUID();
    const steps: CaseCommand[] = [
      { type: 'FileCase', fields: f, now: t0 },
      {
        type: 'AddEvidence',
        by: { userId: f.complainant.userId, role: 'shopkeeper' },
        file: { fileId: randomUUID(), name: 'foto.png', contentType: 'image/png', sizeBytes: 10, sha256: 'x' },
        now: after(1000),
      },
      { type: 'TakeCase', adminId: admin, now: after(hour) },
      { type: 'PostMessage', by: { userId: admin, role: 'admin' }, text: 'nota', internal: true, now: after(hour) },
      { type: 'AskRespondent', adminId: admin, question: 'Perché?', now: after(2 * hour) },
    ];
    const upToAsk = log.record<CaseEvent>(caseStreamId(f.caseId), eventsOf(steps));
    await spec.apply(upToAsk);
    const [asked] = await spec.rows(columns, [f.caseId]);
    expect(asked).toMatchObject({ status: 'investigating', round: 1, responded: true, evidence_count: 1, events_count: 5, timeline: 5, internal: 1 });
    expect((asked!.due_at as Date).toISOString()).toBe(after(2 * hour + 72 * hour).toISOString());

    const rest = eventsOf([
      ...steps,
      { type: 'Respond', userId: f.respondent.userId, text: 'Ecco', now: after(3 * hour) },
      {
        type: 'ResolveCase',
        adminId: admin,
        adminResponse: 'ok',
        resolutionAction: 'rimborso',
        compensation: { method: 'refund', amountCents: 900, credits: 0 },
        now: after(4 * hour),
      },
      { type: 'ApproveCompensation', adminId: admin, now: after(5 * hour) },
      { type: 'RecordCompensationPaid', reference: 'refund:p', now: after(6 * hour) },
      { type: 'Appeal', userId: f.complainant.userId, reason: 'poco', now: after(7 * hour) },
    ]).slice(steps.length);
    const later = log.record<CaseEvent>(caseStreamId(f.caseId), rest);
    await spec.apply(later);
    const expected = {
      status: 'appealed',
      round: 2,
      responded: false,
      compensation_status: 'paid',
      compensation_cents: 900,
      evidence_count: 1,
      events_count: 10,
      timeline: 10,
      internal: 1,
    };
    const [appealed] = await spec.rows(columns, [f.caseId]);
    expect(appealed).toMatchObject(expected);
    // An appeal is due for its first response by the urgency's SLA (normal: a day).
    expect((appealed!.due_at as Date).toISOString()).toBe(after(7 * hour + 24 * hour).toISOString());
    await spec.apply([...upToAsk, ...later]);
    expect(await spec.rows(columns, [f.caseId])).toEqual([appealed]);
  });
});
