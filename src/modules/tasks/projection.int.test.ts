import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { tasksProjection } from './projection.js';
import { deliveryTask } from './task-fixtures.js';
import { expiredReason, noRoute, taskStreamId, type TaskEvent, type TaskFields } from './task.js';

/** The delivery of order AB12CD34, with ids of its own for each test, fragile, 2.37 km, for 3 credits. */
const fields = (over: Partial<TaskFields> = {}): TaskFields =>
  deliveryTask('2026-11-24T14:00:00.000Z', {
    taskId: randomUUID(),
    storeId: randomUUID(),
    shopkeeperId: randomUUID(),
    orderId: randomUUID(),
    title: 'Consegna dell’ordine AB12CD34',
    description: 'Fragile',
    distanceKm: 2.37,
    credits: 3,
    ...over,
  });

const columns = `SELECT type, status, offered, collaborator_id, collaborator_name, compensation_cents, credits, distance_km, deadline::text AS deadline,
  accepted_at IS NOT NULL AS accepted, started_at IS NOT NULL AS started, completed_at IS NOT NULL AS completed, completed_late, cancelled_by, cancel_reason
  FROM tasks WHERE id = $1`;

describe('tasks projection', () => {
  const spec = useProjection(tasksProjection);
  const log = new EventLog('2026-11-24T10:00:00.000Z');

  it('follows an offered delivery from created to accepted, picked up and delivered late; replayed, nothing changes', async () => {
    const f = fields();
    const winner = randomUUID();
    const events = log.record<TaskEvent>(taskStreamId(f.taskId), [
      { type: 'TaskCreated', data: f },
      { type: 'TaskAccepted', data: { collaboratorId: winner, collaboratorName: 'Marco Neri', acceptedAt: '2026-11-24T10:05:00.000Z' } },
      { type: 'TaskStarted', data: { collaboratorId: winner, startedAt: '2026-11-24T11:00:00.000Z' } },
    ]);
    await spec.apply(events.slice(0, 1));
    expect(await spec.rows(columns, [f.taskId])).toEqual([
      {
        type: 'delivery',
        status: 'pending',
        offered: true,
        collaborator_id: null,
        collaborator_name: null,
        compensation_cents: 650,
        credits: 3,
        distance_km: 2.37,
        deadline: '2026-11-24 14:00:00+00',
        accepted: false,
        started: false,
        completed: false,
        completed_late: null,
        cancelled_by: null,
        cancel_reason: null,
      },
    ]);
    await spec.apply(events.slice(1));
    const done = log.record<TaskEvent>(taskStreamId(f.taskId), [
      { type: 'TaskCompleted', data: { collaboratorId: winner, completedAt: '2026-11-24T15:00:00.000Z', late: true, credits: 0 } },
    ]);
    await spec.apply(done);
    await spec.apply([...events, ...done]);
    expect(await spec.rows(columns, [f.taskId])).toEqual([
      {
        type: 'delivery',
        status: 'completed',
        offered: true,
        collaborator_id: winner,
        collaborator_name: 'Marco Neri',
        compensation_cents: 650,
        credits: 3,
        distance_km: 2.37,
        deadline: '2026-11-24 14:00:00+00',
        accepted: true,
        started: true,
        completed: true,
        completed_late: true,
        cancelled_by: null,
        cancel_reason: null,
      },
    ]);
  });

  it('a handed task rejected, one cancelled by the shop and one expired are cancelled, each saying by whom and why', async () => {
    const handedTo = randomUUID();
    const handed = fields({ collaboratorId: handedTo, collaboratorName: 'Giulia Verdi' });
    const shops = fields({
      type: 'product_management',
      orderId: null,
      assignmentId: randomUUID(),
      collaboratorId: handedTo,
      collaboratorName: 'Giulia Verdi',
      title: 'Foto',
      ...noRoute,
    });
    const nobody = fields();
    await spec.apply([
      ...log.record<TaskEvent>(taskStreamId(handed.taskId), [
        { type: 'TaskCreated', data: handed },
        { type: 'TaskRejected', data: { collaboratorId: handedTo, reason: 'Sono fuori città' } },
      ]),
      ...log.record<TaskEvent>(taskStreamId(shops.taskId), [
        { type: 'TaskCreated', data: shops },
        { type: 'TaskCancelled', data: { by: 'shopkeeper', reason: 'Non serve più', collaboratorId: handedTo } },
      ]),
      ...log.record<TaskEvent>(taskStreamId(nobody.taskId), [
        { type: 'TaskCreated', data: nobody },
        { type: 'TaskExpired', data: { reason: expiredReason, collaboratorId: null } },
      ]),
    ]);
    const closed = 'SELECT status, offered, collaborator_id, cancelled_by, cancel_reason, cancelled_at IS NOT NULL AS at FROM tasks WHERE id = $1';
    expect(await spec.rows(closed, [handed.taskId])).toEqual([
      { status: 'cancelled', offered: false, collaborator_id: handedTo, cancelled_by: 'collaborator', cancel_reason: 'Sono fuori città', at: true },
    ]);
    expect(await spec.rows(closed, [shops.taskId])).toEqual([
      { status: 'cancelled', offered: false, collaborator_id: handedTo, cancelled_by: 'shopkeeper', cancel_reason: 'Non serve più', at: true },
    ]);
    expect(await spec.rows(closed, [nobody.taskId])).toEqual([
      { status: 'cancelled', offered: true, collaborator_id: null, cancelled_by: 'system', cancel_reason: expiredReason, at: true },
    ]);
  });
});
