import type pg from 'pg';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { byEventType, type Projection } from '../../platform/projections/projection.js';
import { isOffered, type TaskEvent } from './task.js';

const idOf = (event: RecordedEvent) => event.streamId.slice('task-'.length);

/** Closes the task without completing it: no deadline left for the upkeep (its status is no longer pending). */
const cancel = (tx: pg.ClientBase, event: RecordedEvent, by: string, reason: string) =>
  tx.query(`UPDATE tasks SET status = 'cancelled', cancelled_by = $3, cancel_reason = $4, cancelled_at = $2, updated_at = $2 WHERE id = $1`, [
    idOf(event),
    event.metadata.at,
    by,
    reason,
  ]);

/** tasks (spec §3): one row per task, with the deadline the upkeep reads while it waits for a collaborator. */
export const tasksProjection: Projection = {
  name: 'tasks',
  title: 'Incarichi di consegna e catalogo',
  version: 1,
  tables: ['tasks'],
  apply: byEventType<TaskEvent>({
    TaskCreated: ({ data: f, metadata }, tx) =>
      tx.query(
        `INSERT INTO tasks (id, type, title, description, status, store_id, store_name, shopkeeper_id, order_id, assignment_id, collaborator_id,
           collaborator_name, offered, pickup_address, pickup_latitude, pickup_longitude, delivery_address, delivery_latitude, delivery_longitude,
           distance_km, deadline, compensation_cents, credits, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $23)
         ON CONFLICT (id) DO NOTHING`,
        [
          f.taskId,
          f.type,
          f.title,
          f.description,
          f.storeId,
          f.storeName,
          f.shopkeeperId,
          f.orderId,
          f.assignmentId,
          f.collaboratorId,
          f.collaboratorName,
          isOffered(f),
          f.pickupAddress,
          f.pickupLatitude,
          f.pickupLongitude,
          f.deliveryAddress,
          f.deliveryLatitude,
          f.deliveryLongitude,
          f.distanceKm,
          f.deadline,
          f.compensationCents,
          f.credits,
          metadata.at,
        ],
      ),
    TaskAccepted: (e, tx) =>
      tx.query(`UPDATE tasks SET status = 'accepted', collaborator_id = $3, collaborator_name = $4, accepted_at = $5, updated_at = $2 WHERE id = $1`, [
        idOf(e),
        e.metadata.at,
        e.data.collaboratorId,
        e.data.collaboratorName,
        e.data.acceptedAt,
      ]),
    TaskStarted: (e, tx) => tx.query(`UPDATE tasks SET status = 'in_progress', started_at = $3, updated_at = $2 WHERE id = $1`, [idOf(e), e.metadata.at, e.data.startedAt]),
    TaskCompleted: (e, tx) =>
      tx.query(`UPDATE tasks SET status = 'completed', completed_at = $3, completed_late = $4, updated_at = $2 WHERE id = $1`, [
        idOf(e),
        e.metadata.at,
        e.data.completedAt,
        e.data.late,
      ]),
    TaskRejected: (e, tx) => cancel(tx, e, 'collaborator', e.data.reason),
    TaskCancelled: (e, tx) => cancel(tx, e, e.data.by, e.data.reason),
    TaskExpired: (e, tx) => cancel(tx, e, 'system', e.data.reason),
  }),
};
