import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const reviewsPersonalData: PersonalDataDeclaration = {
  // A review's texts are kept under the review's own key (its copies in ReviewsPublished carry no
  // reviewer), erased with the reviewer (privacy's erasure names their reviews).
  ReviewSubmitted: [
    { subject: 'reviewId', fields: ['comment', 'positivePoints', 'improvementAreas'] },
    { subject: 'reviewerId', fields: ['reviewerName'] },
    { subject: 'collaboratorId', fields: ['collaboratorName'] },
  ],
  ReviewsPublished: { subject: 'reviewId', within: 'reviews[]', fields: ['comment'] },
  ReviewReplied: { subject: 'byUserId', fields: ['reply'] },
};
