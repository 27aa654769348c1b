import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { assignmentStreamId, type AssignmentEvent, type AssignmentFields } from './assignment.js';
import { assignmentsProjection } from './projection.js';

const fields = (over: Partial<AssignmentFields> = {}): AssignmentFields => ({
  assignmentId: randomUUID(),
  origin: 'unlock',
  storeId: randomUUID(),
  storeName: 'Bottega',
  shopkeeperId: randomUUID(),
  collaboratorId: randomUUID(),
  collaboratorName: 'Luca Bianchi',
  requestId: randomUUID(),
  unlockId: randomUUID(),
  packageId: randomUUID(),
  description: 'Catalogo',
  priority: 'high',
  paymentAmountCents: 4900,
  compensationCents: 3920,
  siteCommissionCents: 980,
  creditsEarned: 0,
  permissions: ['products', 'orders'],
  dueDate: null,
  ...over,
});

const columns = `SELECT status, payment_status, compensation_cents, accepted_at IS NOT NULL AS accepted, started_at IS NOT NULL AS started,
  completed_at IS NOT NULL AS completed, closed_at IS NOT NULL AS closed, has_problems, problem_description, paid_at IS NOT NULL AS paid, cancel_reason
  FROM collaborator_assignments WHERE id = $1`;

describe('assignments projection', () => {
  const spec = useProjection(assignmentsProjection);
  const log = new EventLog('2026-11-27T10:00:00.000Z');

  it('follows an assignment from the unlock to its payout, with the problems reported on the way; replayed, nothing changes', async () => {
    const a = fields();
    const events = log.record<AssignmentEvent>(assignmentStreamId(a.assignmentId), [
      { type: 'AssignmentCreated', data: { ...a, status: 'accepted', assignedAt: '2026-11-27T10:00:00.000Z' } },
      { type: 'AssignmentStarted', data: { startedAt: '2026-11-27T11:00:00.000Z' } },
      { type: 'AssignmentProblemReported', data: { byUserId: a.shopkeeperId, description: 'In ritardo', reportedAt: '2026-11-27T11:10:00.000Z' } },
      { type: 'AssignmentProblemReported', data: { byUserId: a.collaboratorId, description: 'Negozio chiuso', reportedAt: '2026-11-27T11:20:00.000Z' } },
      {
        type: 'AssignmentCompleted',
        data: { completedAt: '2026-11-27T12:00:00.000Z', compensationCents: 3920, creditsEarned: 0, collaboratorId: a.collaboratorId, storeId: a.storeId },
      },
      { type: 'AssignmentPaid', data: { byUserId: randomUUID(), paidAt: '2026-11-28T09:00:00.000Z', compensationCents: 3920 } },
    ]);
    await spec.apply(events);
    const expected = [
      {
        status: 'completed',
        payment_status: 'paid',
        compensation_cents: 3920,
        accepted: true,
        started: true,
        completed: true,
        closed: true,
        has_problems: true,
        problem_description: 'In ritardo\nNegozio chiuso',
        paid: true,
        cancel_reason: null,
      },
    ];
    expect(await spec.rows(columns, [a.assignmentId])).toEqual(expected);
    await spec.apply(events.slice(0, 1));
    expect(await spec.rows(columns, [a.assignmentId])).toEqual(expected);
  });

  it('a direct assignment rejected, another cancelled: closed, nothing to pay', async () => {
    const [rejected, cancelled] = [fields({ origin: 'direct', unlockId: null }), fields({ origin: 'direct', unlockId: null })];
    await spec.apply([
      ...log.record<AssignmentEvent>(assignmentStreamId(rejected.assignmentId), [
        { type: 'AssignmentCreated', data: { ...rejected, status: 'pending', assignedAt: '2026-11-27T10:00:00.000Z' } },
        { type: 'AssignmentRejected', data: { reason: 'In ferie', rejectedAt: '2026-11-27T10:05:00.000Z' } },
      ]),
      ...log.record<AssignmentEvent>(assignmentStreamId(cancelled.assignmentId), [
        { type: 'AssignmentCreated', data: { ...cancelled, status: 'pending', assignedAt: '2026-11-27T10:00:00.000Z' } },
        { type: 'AssignmentAccepted', data: { acceptedAt: '2026-11-27T10:01:00.000Z' } },
        { type: 'AssignmentCancelled', data: { by: 'shopkeeper', reason: 'Non serve più', cancelledAt: '2026-11-27T10:09:00.000Z' } },
      ]),
    ]);
    expect((await spec.rows(columns, [rejected.assignmentId]))[0]).toMatchObject({ status: 'rejected', payment_status: 'cancelled', closed: true });
    expect((await spec.rows(columns, [cancelled.assignmentId]))[0]).toMatchObject({
      status: 'cancelled',
      payment_status: 'cancelled',
      accepted: true,
      cancel_reason: 'Non serve più',
    });
  });
});
