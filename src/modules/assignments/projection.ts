import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { ReviewEvent } from '../reviews/review.js';
import type { AssignmentEvent } from './assignment.js';

const idOf = (event: RecordedEvent) => event.streamId.slice('assignment-'.length);

/** collaborator_assignments (spec §3): one row per assignment, with its money and its moments. */
export const assignmentsProjection: Projection = {
  name: 'collaborator-assignments',
  title: 'Incarichi dei collaboratori',
  // 3: how the compensation was paid (a transfer's provider and id, issue [20]).
  version: 3,
  tables: ['collaborator_assignments', 'assignment_review_ratings'],
  apply: byEventType<AssignmentEvent | Extract<ReviewEvent, { type: 'ReviewsPublished' }>>({
    AssignmentCreated: ({ data: a }, tx) =>
      tx.query(
        `INSERT INTO collaborator_assignments (id, origin, store_id, store_name, shopkeeper_user_id, collaborator_user_id, collaborator_name, request_id,
           unlock_id, package_id, description, priority, status, payment_amount_cents, compensation_cents, site_commission_cents, payment_status,
           credits_earned, permissions, due_date, assigned_at, accepted_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'pending', $17, $18, $19, $20,
           CASE WHEN $13 = 'accepted' THEN $20::timestamptz END, $20)
         ON CONFLICT (id) DO NOTHING`,
        [
          a.assignmentId,
          a.origin,
          a.storeId,
          a.storeName,
          a.shopkeeperId,
          a.collaboratorId,
          a.collaboratorName,
          a.requestId,
          a.unlockId,
          a.packageId,
          a.description,
          a.priority,
          a.status,
          a.paymentAmountCents,
          a.compensationCents,
          a.siteCommissionCents,
          a.creditsEarned,
          a.permissions,
          a.dueDate,
          a.assignedAt,
        ],
      ),
    AssignmentAccepted: (e, tx) =>
      tx.query(`UPDATE collaborator_assignments SET status = 'accepted', accepted_at = $2, updated_at = $2 WHERE id = $1`, [idOf(e), e.data.acceptedAt]),
    AssignmentRejected: (e, tx) =>
      tx.query(`UPDATE collaborator_assignments SET status = 'rejected', payment_status = 'cancelled', rejection_reason = $3, closed_at = $2, updated_at = $2 WHERE id = $1`, [
        idOf(e),
        e.data.rejectedAt,
        e.data.reason,
      ]),
    AssignmentStarted: (e, tx) =>
      tx.query(`UPDATE collaborator_assignments SET status = 'in_progress', started_at = $2, updated_at = $2 WHERE id = $1`, [idOf(e), e.data.startedAt]),
    AssignmentCompleted: (e, tx) =>
      tx.query(`UPDATE collaborator_assignments SET status = 'completed', completed_at = $2, closed_at = $2, updated_at = $2 WHERE id = $1`, [idOf(e), e.data.completedAt]),
    AssignmentCancelled: (e, tx) =>
      tx.query(`UPDATE collaborator_assignments SET status = 'cancelled', payment_status = 'cancelled', cancel_reason = $3, closed_at = $2, updated_at = $2 WHERE id = $1`, [
        idOf(e),
        e.data.cancelledAt,
        e.data.reason,
      ]),
    AssignmentProblemReported: (e, tx) =>
      tx.query(
        `UPDATE collaborator_assignments SET has_problems = true,
           problem_description = CASE WHEN problem_description IS NULL THEN $3 ELSE problem_description || E'\n' || $3 END, updated_at = $2
         WHERE id = $1`,
        [idOf(e), e.data.reportedAt, e.data.description],
      ),
    AssignmentPaid: (e, tx) =>
      tx.query(`UPDATE collaborator_assignments SET payment_status = 'paid', paid_at = $2, updated_at = $2, payout_provider = $3, payout_transfer_id = $4 WHERE id = $1`, [
        idOf(e),
        e.data.paidAt,
        e.data.transfer?.provider ?? null,
        e.data.transfer?.transferId ?? null,
      ]),
    // Issue [14]: the published reviews of the assignment's sessions, by side: shopkeeper_rating is the shop's of the collaborator (their
    // average), collaborator_rating the collaborator's of the shop; each review kept once, so a replay changes nothing.
    ReviewsPublished: async ({ data }, tx) => {
      const ofSessions = data.reviews.filter((r) => r.assignmentId && (r.reviewerType === 'shopkeeper' || r.reviewerType === 'collaborator'));
      if (!ofSessions.length) return;
      await tx.query(
        `INSERT INTO assignment_review_ratings (review_id, assignment_id, reviewer_type, rating, comment, published_at)
         SELECT r.*, $5::timestamptz FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::smallint[], $6::text[]) AS r ON CONFLICT (review_id) DO NOTHING`,
        [
          ofSessions.map((r) => r.reviewId),
          ofSessions.map((r) => r.assignmentId),
          ofSessions.map((r) => r.reviewerType),
          ofSessions.map((r) => r.overallRating),
          data.publishedAt,
          ofSessions.map((r) => r.comment),
        ],
      );
      const side = (type: string) =>
        `(SELECT round(avg(rating), 1) FROM assignment_review_ratings WHERE assignment_id = a.id AND reviewer_type = '${type}'),
         (SELECT nullif(comment, '') FROM assignment_review_ratings WHERE assignment_id = a.id AND reviewer_type = '${type}' ORDER BY published_at DESC, review_id DESC LIMIT 1)`;
      await tx.query(
        `UPDATE collaborator_assignments a SET (shopkeeper_rating, shopkeeper_review) = (SELECT ${side('shopkeeper')}),
           (collaborator_rating, collaborator_review) = (SELECT ${side('collaborator')})
         WHERE a.id = ANY ($1::uuid[])`,
        [[...new Set(ofSessions.map((r) => r.assignmentId))]],
      );
    },
  }),
};
