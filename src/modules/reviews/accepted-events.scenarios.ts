import { randomUUID } from 'node:crypto';
import { later, scenario, scenarioNow as now, worldIds, worldStore } from '../../platform/testing/accepted-events.js';
import { reviewDecider, reviewStreamId, type ReviewCommand, type ReviewContent, type ReviewSubject } from './review.js';

const day = 86_400_000;
const session = randomUUID();
const order = randomUUID();
const sessionSubject: ReviewSubject = {
  subjectType: 'session',
  subjectId: session,
  storeId: worldIds.store,
  storeName: worldStore.name,
  shopkeeperId: worldIds.shopkeeper,
  collaboratorId: worldIds.collaborator,
  collaboratorName: 'Marco Neri',
  assignmentId: randomUUID(),
  customerId: null,
  completedAt: later(-day).toISOString(),
};
const orderSubject: ReviewSubject = {
  subjectType: 'order',
  subjectId: order,
  storeId: worldIds.store,
  storeName: worldStore.name,
  shopkeeperId: worldIds.shopkeeper,
  collaboratorId: null,
  collaboratorName: null,
  assignmentId: null,
  customerId: worldIds.customer,
  completedAt: later(-day).toISOString(),
};
const content: ReviewContent = {
  overallRating: 4,
  quality: 5,
  punctuality: 4,
  communication: 3,
  professionalism: 5,
  comment: 'Lavoro preciso',
  wouldRecommend: true,
  wouldWorkAgain: true,
  positivePoints: 'Puntuale',
  improvementAreas: 'Più comunicazione',
};
const byShop = randomUUID();
const byCollaborator = randomUUID();
const byCustomer = randomUUID();

export const scenarios = [
  scenario<ReviewCommand>(
    'reviews of a session',
    reviewStreamId(session),
    reviewDecider,
    [],
    [
      { type: 'SubmitReview', subject: sessionSubject, reviewId: byShop, reviewerId: worldIds.shopkeeper, reviewerType: 'shopkeeper', reviewerName: 'Anna Neri', content, now },
      {
        type: 'SubmitReview',
        subject: sessionSubject,
        reviewId: byCollaborator,
        reviewerId: worldIds.collaborator,
        reviewerType: 'collaborator',
        reviewerName: 'Marco Neri',
        content,
        now,
      },
      { type: 'PublishReviews', now: later(14 * day) },
      { type: 'ReplyToReview', reviewId: byCollaborator, byUserId: worldIds.shopkeeper, reply: 'Grazie!', now: later(14 * day) },
    ],
  ),
  scenario<ReviewCommand>(
    'reviews of an order',
    reviewStreamId(order),
    reviewDecider,
    [{ type: 'SubmitReview', subject: orderSubject, reviewId: byCustomer, reviewerId: worldIds.customer, reviewerType: 'customer', reviewerName: 'Mario Bianchi', content, now }],
    [{ type: 'ReplyToReview', reviewId: byCustomer, byUserId: worldIds.shopkeeper, reply: 'Grazie per la recensione', now }],
  ),
  scenario<ReviewCommand>(
    'new reviews of an order',
    reviewStreamId(randomUUID()),
    reviewDecider,
    [],
    [
      {
        type: 'SubmitReview',
        subject: { ...orderSubject, subjectId: randomUUID() },
        reviewId: randomUUID(),
        reviewerId: worldIds.customer,
        reviewerType: 'customer',
        reviewerName: 'Mario Bianchi',
        content,
        now,
      },
    ],
  ),
];
