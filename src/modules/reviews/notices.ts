import { notice, type Notice, type NoticesOf } from '../../platform/module.js';
import type { ReviewEvent } from './review.js';

/** Who was reviewed hears of it once the review is public (a blind one when both are in, or 14 days later; issue [14]). */
export const reviewNotices: NoticesOf<ReviewEvent> = {
  ReviewsPublished: {
    tell: async (event, tx) => {
      const notices: Notice[] = [];
      for (const review of event.data.reviews) {
        // A shop's review goes to its owner, read off the shops' read model.
        const owner =
          review.revieweeType === 'store'
            ? (await tx.query<{ owner_id: string }>('SELECT owner_id FROM stores WHERE id = $1', [review.revieweeId])).rows[0]?.owner_id
            : review.revieweeId;
        if (!owner) continue;
        notices.push(
          notice(
            owner,
            'Nuova recensione',
            `Hai ricevuto una recensione da ${review.overallRating} ${review.overallRating === 1 ? 'stella' : 'stelle'} su 5${review.comment ? `: «${review.comment.slice(0, 140)}»` : '.'}`,
            review.revieweeType === 'store' ? '/shopkeeper/reviews' : '/collaborator/reviews',
          ),
        );
      }
      return notices;
    },
  },
};
