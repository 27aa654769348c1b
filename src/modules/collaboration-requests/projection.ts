import type { RecordedEvent } from '../../platform/eventstore/types.js';
import type pg from 'pg';
import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { RequestEvent } from './request.js';

const idOf = (event: RecordedEvent) => event.streamId.slice('collaboration-request-'.length);

/** Closes the request: no deadline or offer window left for the upkeep. */
const close = (tx: pg.ClientBase, id: string, at: string, set: string, values: unknown[]) =>
  tx.query(`UPDATE collaboration_requests SET ${set}, deadline = NULL, offered_until = NULL, closed_at = $2, updated_at = $2 WHERE id = $1`, [id, at, ...values]);

/** collaboration_requests (spec §3): one row per request, with the deadlines the upkeep reads. */
export const collaborationRequestsProjection: Projection = {
  name: 'collaboration-requests',
  title: 'Richieste di collaborazione',
  version: 1,
  tables: ['collaboration_requests'],
  apply: byEventType<RequestEvent>({
    CollaborationRequestCreated: ({ data: r, metadata }, tx) =>
      tx.query(
        `INSERT INTO collaboration_requests (id, shopkeeper_id, store_id, store_name, request_type, status, collaborator_id, message,
           estimated_duration, urgency_level, max_budget_cents, required_services, response_deadline, deadline, unlock_id, package_id,
           created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16, $16)
         ON CONFLICT (id) DO NOTHING`,
        [
          r.requestId,
          r.shopkeeperId,
          r.storeId,
          r.storeName,
          r.requestType,
          r.requestType === 'direct' ? 'pending' : 'waiting',
          r.collaboratorId,
          r.message,
          r.estimatedDuration,
          r.urgencyLevel,
          r.maxBudgetCents,
          r.requiredServices,
          r.responseDeadline,
          r.unlockId,
          r.packageId,
          metadata.at,
        ],
      ),
    CollaborationRequestOffered: (e, tx) =>
      tx.query(
        `UPDATE collaboration_requests SET status = 'pending', collaborator_id = $3, offered_until = $4, offered_to = array_append(offered_to, $3::uuid), updated_at = $2
         WHERE id = $1`,
        [idOf(e), e.metadata.at, e.data.collaboratorId, e.data.offeredUntil],
      ),
    CollaborationRequestOfferLapsed: (e, tx) =>
      tx.query('UPDATE collaboration_requests SET collaborator_id = NULL, offered_until = NULL, updated_at = $2 WHERE id = $1', [idOf(e), e.metadata.at]),
    CollaborationRequestDeclined: (e, tx) =>
      tx.query(
        `UPDATE collaboration_requests SET declined_by = array_append(declined_by, $3::uuid), rejection_reason = $4, rejected_at = $2, updated_at = $2,
           status = CASE WHEN request_type = 'direct' THEN 'rejected' ELSE status END,
           deadline = CASE WHEN request_type = 'direct' THEN NULL ELSE deadline END,
           collaborator_id = CASE WHEN request_type = 'direct' THEN collaborator_id ELSE NULL END, offered_until = NULL
         WHERE id = $1`,
        [idOf(e), e.metadata.at, e.data.collaboratorId, e.data.reason],
      ),
    CollaborationRequestAccepted: (e, tx) =>
      tx.query(
        `UPDATE collaboration_requests SET status = 'accepted', collaborator_id = $3, collaborator_name = $4, accepted_at = $5, purchase_deadline = $6,
           deadline = NULL, offered_until = NULL, updated_at = $2
         WHERE id = $1`,
        [idOf(e), e.metadata.at, e.data.collaboratorId, e.data.collaboratorName, e.data.acceptedAt, e.data.purchaseDeadline],
      ),
    CollaborationRequestExpired: (e, tx) => close(tx, idOf(e), e.metadata.at, `status = 'expired', expired_reason = $3`, [e.data.reason]),
    CollaborationRequestCancelled: (e, tx) => close(tx, idOf(e), e.metadata.at, `status = 'cancelled', cancel_reason = $3`, [e.data.reason || null]),
    CollaborationRequestCompleted: (e, tx) => close(tx, idOf(e), e.data.completedAt, `status = 'completed'`, []),
  }),
};
