import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { AssignmentEvent } from '../assignments/assignment.js';
import type { ReviewEvent } from '../reviews/review.js';
import type { TaskEvent } from '../tasks/task.js';
import type { CollaboratorEvent, CollaboratorProfile } from './collaborator.js';

const userOf = (streamId: string) => streamId.slice('collaborator-'.length);

/** Where each profile field lives in `collaborators`. */
const columns: Record<keyof CollaboratorProfile, string> = {
  address: 'address',
  latitude: 'latitude',
  longitude: 'longitude',
  radiusKm: 'radius_km',
  services: 'services',
  isAvailable: 'is_available',
  availability: 'availability',
  bio: 'bio',
};

/** The `collaborators` read model: every profile, its approval, and what matching reads. */
export const collaboratorsProjection: Projection = {
  name: 'collaborators',
  title: 'Collaboratori',
  version: 2,
  tables: ['collaborators', 'collaborator_review_ratings'],
  apply: byEventType<
    | CollaboratorEvent
    | Extract<AssignmentEvent, { type: 'AssignmentCompleted' }>
    | Extract<TaskEvent, { type: 'TaskCompleted' }>
    | Extract<ReviewEvent, { type: 'ReviewsPublished' }>
  >({
    CollaboratorRegistered: async (event, tx) => {
      const p = event.data.profile;
      await tx.query(
        `INSERT INTO collaborators (user_id, address, latitude, longitude, radius_km, services, is_available, availability, bio, status, approval_status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'active', 'pending', $10, $10) ON CONFLICT (user_id) DO NOTHING`,
        [event.data.userId, p.address, p.latitude, p.longitude, p.radiusKm, p.services, p.isAvailable, p.availability, p.bio, event.metadata.at],
      );
    },
    CollaboratorProfileChanged: async (event, tx) => {
      const keys = (Object.keys(event.data.changes) as (keyof CollaboratorProfile)[]).filter((k) => k in columns);
      if (!keys.length) return;
      await tx.query(`UPDATE collaborators SET ${keys.map((k, i) => `${columns[k]} = $${i + 3}`).join(', ')}, updated_at = $2 WHERE user_id = $1`, [
        userOf(event.streamId),
        event.metadata.at,
        ...keys.map((k) => event.data.changes[k]),
      ]);
    },
    CollaboratorResubmitted: async (event, tx) => {
      await tx.query(`UPDATE collaborators SET approval_status = 'pending', updated_at = $2 WHERE user_id = $1`, [userOf(event.streamId), event.metadata.at]);
    },
    CollaboratorStatusChanged: async (event, tx) => {
      await tx.query('UPDATE collaborators SET status = $3, updated_at = $2 WHERE user_id = $1', [userOf(event.streamId), event.metadata.at, event.data.status]);
    },
    // approvedAt is the first approval's; a later change of canActivateSessions or a reactivation keeps it.
    CollaboratorApproved: async (event, tx) => {
      await tx.query(
        `UPDATE collaborators SET approval_status = 'approved', can_activate_sessions = $3, approved_at = coalesce(approved_at, $2), decision_reason = NULL, updated_at = $2
         WHERE user_id = $1`,
        [userOf(event.streamId), event.metadata.at, event.data.canActivateSessions],
      );
    },
    CollaboratorRejected: async (event, tx) => {
      await tx.query(`UPDATE collaborators SET approval_status = 'rejected', decision_reason = $3, updated_at = $2 WHERE user_id = $1`, [
        userOf(event.streamId),
        event.metadata.at,
        event.data.reason,
      ]);
    },
    CollaboratorSuspended: async (event, tx) => {
      await tx.query(`UPDATE collaborators SET approval_status = 'suspended', decision_reason = $3, updated_at = $2 WHERE user_id = $1`, [
        userOf(event.streamId),
        event.metadata.at,
        event.data.reason,
      ]);
    },
    CollaboratorReactivated: async (event, tx) => {
      await tx.query(`UPDATE collaborators SET approval_status = 'approved', decision_reason = NULL, updated_at = $2 WHERE user_id = $1`, [
        userOf(event.streamId),
        event.metadata.at,
      ]);
    },
    // Spec §3 creditsEarned: the AI credits a completed assignment (issue [13]) earned its collaborator.
    AssignmentCompleted: async (event, tx) => {
      if (event.data.creditsEarned > 0) {
        await tx.query('UPDATE collaborators SET credits_earned = credits_earned + $2 WHERE user_id = $1', [event.data.collaboratorId, event.data.creditsEarned]);
      }
    },
    // And the credits of a completed task; older events carry none.
    TaskCompleted: async (event, tx) => {
      if ((event.data.credits ?? 0) > 0) {
        await tx.query('UPDATE collaborators SET credits_earned = credits_earned + $2 WHERE user_id = $1', [event.data.collaboratorId, event.data.credits]);
      }
    },
    // Issue [14]: the rating is the average of the collaborator's published reviews (5 until the first); kept per review, so a replay changes nothing.
    ReviewsPublished: async (event, tx) => {
      const ofCollaborators = event.data.reviews.filter((r) => r.revieweeType === 'collaborator');
      if (!ofCollaborators.length) return;
      await tx.query(
        `INSERT INTO collaborator_review_ratings (review_id, collaborator_id, rating)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::smallint[]) ON CONFLICT (review_id) DO NOTHING`,
        [ofCollaborators.map((r) => r.reviewId), ofCollaborators.map((r) => r.revieweeId), ofCollaborators.map((r) => r.overallRating)],
      );
      await tx.query(
        `UPDATE collaborators c SET rating = round((SELECT avg(rating) FROM collaborator_review_ratings WHERE collaborator_id = c.user_id), 2)
         WHERE c.user_id = ANY ($1::uuid[])`,
        [[...new Set(ofCollaborators.map((r) => r.revieweeId))]],
      );
    },
  }),
};
