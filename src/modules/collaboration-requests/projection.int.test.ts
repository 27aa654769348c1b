import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { collaborationRequestsProjection } from './projection.js';
import { requestStreamId, type RequestEvent, type RequestFields } from './request.js';

const fields = (over: Partial<RequestFields> = {}): RequestFields => ({
  requestId: randomUUID(),
  shopkeeperId: randomUUID(),
  storeId: randomUUID(),
  storeName: 'Bottega',
  requestType: 'auto_match',
  collaboratorId: null,
  message: 'Aiuto con le consegne',
  estimatedDuration: 120,
  urgencyLevel: 'high',
  maxBudgetCents: 4000,
  requiredServices: ['delivery'],
  responseDeadline: '2026-11-25T10:00:00.000Z',
  unlockId: randomUUID(),
  packageId: randomUUID(),
  ...over,
});

const columns = `SELECT request_type, status, collaborator_id, offered_to, declined_by, offered_until IS NOT NULL AS offered, deadline IS NOT NULL AS deadline,
  expired_reason, closed_at IS NOT NULL AS closed, max_budget_cents FROM collaboration_requests WHERE id = $1`;

describe('collaboration requests projection', () => {
  const spec = useProjection(collaborationRequestsProjection);
  const log = new EventLog('2026-11-24T10:00:00.000Z');

  it('follows an auto_match request from offer to offer, keeps who declined, and closes it with no deadline left for the upkeep', async () => {
    const r = fields();
    const stream = requestStreamId(r.requestId);
    const [first, second] = [randomUUID(), randomUUID()];
    await spec.apply(
      log.record<RequestEvent>(stream, [
        { type: 'CollaborationRequestCreated', data: r },
        { type: 'CollaborationRequestOffered', data: { collaboratorId: first, offeredUntil: '2026-11-24T11:00:00.000Z' } },
      ]),
    );
    expect(await spec.rows(columns, [r.requestId])).toEqual([
      {
        request_type: 'auto_match',
        status: 'pending',
        collaborator_id: first,
        offered_to: [first],
        declined_by: [],
        offered: true,
        deadline: true,
        expired_reason: null,
        closed: false,
        max_budget_cents: 4000,
      },
    ]);
    await spec.apply(
      log.record<RequestEvent>(stream, [
        { type: 'CollaborationRequestDeclined', data: { collaboratorId: first, reason: 'Occupato' } },
        { type: 'CollaborationRequestOffered', data: { collaboratorId: second, offeredUntil: '2026-11-24T12:00:00.000Z' } },
        { type: 'CollaborationRequestOfferLapsed', data: { collaboratorId: second } },
        { type: 'CollaborationRequestExpired', data: { reason: 'no_match', collaboratorId: null } },
      ]),
    );
    expect(await spec.rows(columns, [r.requestId])).toEqual([
      {
        request_type: 'auto_match',
        status: 'expired',
        collaborator_id: null,
        offered_to: [first, second],
        declined_by: [first],
        offered: false,
        deadline: false,
        expired_reason: 'no_match',
        closed: true,
        max_budget_cents: 4000,
      },
    ]);
  });

  it('a direct request declined is rejected; a waiting one accepted names its collaborator and the purchase deadline; replayed, nothing changes', async () => {
    const asked = randomUUID();
    const direct = fields({ requestType: 'direct', collaboratorId: asked });
    const waiting = fields({ requestType: 'waiting' });
    const winner = randomUUID();
    const events = [
      ...log.record<RequestEvent>(requestStreamId(direct.requestId), [
        { type: 'CollaborationRequestCreated', data: direct },
        { type: 'CollaborationRequestDeclined', data: { collaboratorId: asked, reason: 'Fuori zona quel giorno' } },
      ]),
      ...log.record<RequestEvent>(requestStreamId(waiting.requestId), [
        { type: 'CollaborationRequestCreated', data: waiting },
        {
          type: 'CollaborationRequestAccepted',
          data: {
            collaboratorId: winner,
            collaboratorName: 'Luca',
            acceptedAt: '2026-11-24T10:05:00.000Z',
            unlockId: waiting.unlockId,
            purchaseDeadline: '2026-11-25T10:05:00.000Z',
          },
        },
      ]),
    ];
    await spec.apply(events);
    await spec.apply(events);
    expect(
      await spec.rows('SELECT status, collaborator_id, rejection_reason, deadline IS NULL AS no_deadline FROM collaboration_requests WHERE id = $1', [direct.requestId]),
    ).toEqual([{ status: 'rejected', collaborator_id: asked, rejection_reason: 'Fuori zona quel giorno', no_deadline: true }]);
    expect(
      await spec.rows(
        `SELECT status, collaborator_id, collaborator_name, purchase_deadline::text AS purchase_deadline, deadline IS NULL AS no_deadline
                            FROM collaboration_requests WHERE id = $1`,
        [waiting.requestId],
      ),
    ).toEqual([{ status: 'accepted', collaborator_id: winner, collaborator_name: 'Luca', purchase_deadline: '2026-11-25 10:05:00+00', no_deadline: true }]);
  });
});
