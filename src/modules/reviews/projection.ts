import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { ReviewEvent } from './review.js';

/** reviews: one row per review, its publication and the shop's answer. */
export const reviewsProjection: Projection = {
  name: 'reviews',
  title: 'Recensioni',
  version: 1,
  tables: ['reviews'],
  apply: byEventType<ReviewEvent>({
    ReviewSubmitted: ({ data: r }, tx) =>
      tx.query(
        `INSERT INTO reviews (id, subject_type, subject_id, store_id, store_name, shopkeeper_id, collaborator_id, collaborator_name, assignment_id, customer_id,
           reviewer_id, reviewer_type, reviewer_name, reviewee_type, reviewee_id, overall_rating, quality, punctuality, communication, professionalism,
           comment, would_recommend, would_work_again, positive_points, improvement_areas, completed_at, window_ends_at, submitted_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $28)
         ON CONFLICT (id) DO NOTHING`,
        [
          r.reviewId,
          r.subjectType,
          r.subjectId,
          r.storeId,
          r.storeName,
          r.shopkeeperId,
          r.collaboratorId,
          r.collaboratorName,
          r.assignmentId,
          r.customerId,
          r.reviewerId,
          r.reviewerType,
          r.reviewerName,
          r.revieweeType,
          r.revieweeId,
          r.overallRating,
          r.quality,
          r.punctuality,
          r.communication,
          r.professionalism,
          r.comment,
          r.wouldRecommend,
          r.wouldWorkAgain,
          r.positivePoints,
          r.improvementAreas,
          r.completedAt,
          r.windowEndsAt,
          r.submittedAt,
        ],
      ),
    ReviewsPublished: ({ data }, tx) =>
      tx.query(`UPDATE reviews SET published_at = coalesce(published_at, $2), updated_at = $2 WHERE id = ANY ($1::uuid[])`, [
        data.reviews.map((r) => r.reviewId),
        data.publishedAt,
      ]),
    ReviewReplied: ({ data }, tx) =>
      tx.query(`UPDATE reviews SET reply = $2, replied_at = $3, updated_at = $3 WHERE id = $1 AND reply IS NULL`, [data.reviewId, data.reply, data.repliedAt]),
  }),
};
