import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkTime } from '../../platform/domain/limits.js';
import { MAX_COMMENT, MAX_POINTS, MAX_REPLY, REVIEW_WINDOW_DAYS, REVIEW_WINDOW_MS, type ReviewerType, type RevieweeType, type SubjectType } from './labels.js';

/*
 * The reviews of one completed thing (issue [14], spec §3 collaboration_reviews): a collaboration
 * session, reviewed by both its sides (blind until both wrote or the 14 days passed), or an order,
 * reviewed by its customer (public at once). One stream per subject: review-<sessionId|orderId>.
 * Pure: time comes with each command.
 */

export const reviewStreamId = (subjectId: string): string => `review-${subjectId}`;
export const reviewNotFound = 'Recensione non trovata.';
export const alreadyReviewed = 'Hai già lasciato una recensione: una recensione inviata non si può modificare.';
export const alreadyReplied = 'Hai già risposto a questa recensione: la risposta non si può modificare.';
export const windowClosed = `Il tempo per lasciare una recensione è scaduto (${REVIEW_WINDOW_DAYS} giorni dal completamento).`;

/** What was completed, and by whom: taken from the session's or the order's stream by the commands. */
export interface ReviewSubject {
  subjectType: SubjectType;
  subjectId: string;
  storeId: string;
  storeName: string;
  shopkeeperId: string;
  /** A session's collaborator; null for an order. */
  collaboratorId: string | null;
  collaboratorName: string | null;
  assignmentId: string | null;
  /** An order's customer; null for a session. */
  customerId: string | null;
  completedAt: string;
}

/** What a reviewer writes. */
export interface ReviewContent {
  overallRating: number;
  quality: number | null;
  punctuality: number | null;
  communication: number | null;
  professionalism: number | null;
  comment: string;
  wouldRecommend: boolean | null;
  wouldWorkAgain: boolean;
  positivePoints: string;
  improvementAreas: string;
}

/** A review as its publication carries it: what the collaborators' and assignments' read models need. */
export interface PublishedReview {
  reviewId: string;
  reviewerType: ReviewerType;
  revieweeType: RevieweeType;
  revieweeId: string;
  storeId: string;
  collaboratorId: string | null;
  assignmentId: string | null;
  overallRating: number;
  comment: string;
}

export type ReviewCommand =
  | { type: 'SubmitReview'; subject: ReviewSubject; reviewId: string; reviewerId: string; reviewerType: ReviewerType; reviewerName: string; content: ReviewContent; now: Date }
  /** The upkeep (or anyone) past the window: what is still blind becomes public. */
  | { type: 'PublishReviews'; now: Date }
  /** The shopkeeper's public answer to a review of their shop, once. */
  | { type: 'ReplyToReview'; reviewId: string; byUserId: string; reply: string; now: Date };

export type ReviewSubmittedData = ReviewSubject &
  ReviewContent & {
    reviewId: string;
    reviewerId: string;
    reviewerType: ReviewerType;
    reviewerName: string;
    revieweeType: RevieweeType;
    revieweeId: string;
    /** Blind until this moment (the end of the window), unless both sides wrote before. */
    windowEndsAt: string;
    submittedAt: string;
  };

export type ReviewEvent =
  | DomainEvent<'ReviewSubmitted', ReviewSubmittedData>
  | DomainEvent<'ReviewsPublished', { subjectId: string; reason: 'both' | 'deadline' | 'immediate'; publishedAt: string; reviews: PublishedReview[] }>
  | DomainEvent<'ReviewReplied', { reviewId: string; byUserId: string; reply: string; repliedAt: string }>;

export interface ReviewState {
  subject: ReviewSubject | null;
  reviews: ReviewSubmittedData[];
  /** Ids of the published reviews. */
  published: string[];
  replied: string[];
}

export const windowEndOf = (completedAt: string): Date => new Date(new Date(completedAt).getTime() + REVIEW_WINDOW_MS);

/** The side a reviewer stands on, and whom they review. */
export function revieweeOf(subject: ReviewSubject, reviewerType: ReviewerType): { revieweeType: RevieweeType; revieweeId: string } {
  if (subject.subjectType === 'order') {
    if (reviewerType !== 'customer') throw new DomainError(reviewNotFound, 'not-found');
    return { revieweeType: 'store', revieweeId: subject.storeId };
  }
  if (reviewerType === 'shopkeeper' && subject.collaboratorId) return { revieweeType: 'collaborator', revieweeId: subject.collaboratorId };
  if (reviewerType === 'collaborator') return { revieweeType: 'store', revieweeId: subject.storeId };
  throw new DomainError(reviewNotFound, 'not-found');
}

function refuse(message: string, field?: string): never {
  throw new DomainError(message, 'rule', field ? { [field]: message } : undefined);
}

function checkContent(c: ReviewContent): ReviewContent {
  const star = (value: number | null, field: string, label: string, required: boolean) => {
    if (value === null && !required) return;
    if (value === null || !Number.isInteger(value) || value < 1 || value > 5) refuse(`${label}: un numero intero da 1 a 5.`, field);
  };
  star(c.overallRating, 'overallRating', 'Valutazione complessiva', true);
  star(c.quality, 'quality', 'Qualità', false);
  star(c.punctuality, 'punctuality', 'Puntualità', false);
  star(c.communication, 'communication', 'Comunicazione', false);
  star(c.professionalism, 'professionalism', 'Professionalità', false);
  const text = (value: string, max: number, field: string, label: string) => {
    const t = value.trim();
    if (t.length > max) refuse(`${label}: al massimo ${max} caratteri.`, field);
    return t;
  };
  return {
    ...c,
    comment: text(c.comment, MAX_COMMENT, 'comment', 'Commento'),
    positivePoints: text(c.positivePoints, MAX_POINTS, 'positivePoints', 'Punti di forza'),
    improvementAreas: text(c.improvementAreas, MAX_POINTS, 'improvementAreas', 'Aspetti da migliorare'),
  };
}

const publishedOf = (r: ReviewSubmittedData): PublishedReview => ({
  reviewId: r.reviewId,
  reviewerType: r.reviewerType,
  revieweeType: r.revieweeType,
  revieweeId: r.revieweeId,
  storeId: r.storeId,
  collaboratorId: r.collaboratorId,
  assignmentId: r.assignmentId,
  overallRating: r.overallRating,
  comment: r.comment,
});

/** Whether a review is seen by others at `now`: published, or its window over (the upkeep may not have written it yet). */
export const visibleAt = (state: ReviewState, reviewId: string, now: Date): boolean => {
  const r = state.reviews.find((x) => x.reviewId === reviewId);
  return !!r && (state.published.includes(reviewId) || now.getTime() >= new Date(r.windowEndsAt).getTime());
};

/**
 * A session: each side once, within 14 days of its completion; the second review publishes both,
 * otherwise the end of the window publishes the one there is. An order: its customer once, within
 * the same window, public at once. No review is changed once sent; a review of a shop may be
 * answered by its shopkeeper once, when public.
 */
export const reviewDecider: Decider<ReviewCommand, ReviewEvent, ReviewState> = {
  initialState: { subject: null, reviews: [], published: [], replied: [] },

  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'SubmitReview': {
        const subject = state.subject ?? command.subject;
        if (state.reviews.some((r) => r.reviewerType === command.reviewerType)) throw new DomainError(alreadyReviewed, 'conflict');
        checkTime('completedAt', 'Completamento', subject.completedAt);
        const windowEndsAt = windowEndOf(subject.completedAt);
        if (command.now.getTime() >= windowEndsAt.getTime()) refuse(windowClosed);
        const { revieweeType, revieweeId } = revieweeOf(subject, command.reviewerType);
        const submitted: ReviewSubmittedData = {
          ...subject,
          ...checkContent(command.content),
          reviewId: command.reviewId,
          reviewerId: command.reviewerId,
          reviewerType: command.reviewerType,
          reviewerName: command.reviewerName,
          revieweeType,
          revieweeId,
          windowEndsAt: windowEndsAt.toISOString(),
          submittedAt: at,
        };
        const events: ReviewEvent[] = [{ type: 'ReviewSubmitted', data: submitted }];
        if (subject.subjectType === 'order') {
          events.push({ type: 'ReviewsPublished', data: { subjectId: subject.subjectId, reason: 'immediate', publishedAt: at, reviews: [publishedOf(submitted)] } });
        } else if (state.reviews.length === 1) {
          events.push({
            type: 'ReviewsPublished',
            data: { subjectId: subject.subjectId, reason: 'both', publishedAt: at, reviews: [...state.reviews, submitted].map(publishedOf) },
          });
        }
        return events;
      }
      case 'PublishReviews': {
        if (!state.subject) return [];
        const blind = state.reviews.filter((r) => !state.published.includes(r.reviewId));
        if (!blind.length || command.now.getTime() < windowEndOf(state.subject.completedAt).getTime()) return [];
        return [
          {
            type: 'ReviewsPublished',
            data: { subjectId: state.subject.subjectId, reason: 'deadline', publishedAt: windowEndOf(state.subject.completedAt).toISOString(), reviews: blind.map(publishedOf) },
          },
        ];
      }
      case 'ReplyToReview': {
        const review = state.reviews.find((r) => r.reviewId === command.reviewId);
        if (!review || review.revieweeType !== 'store' || review.shopkeeperId !== command.byUserId) throw new DomainError(reviewNotFound, 'not-found');
        if (state.replied.includes(review.reviewId)) throw new DomainError(alreadyReplied, 'conflict');
        if (!visibleAt(state, review.reviewId, command.now)) refuse('La recensione non è ancora pubblica: potrai rispondere quando lo sarà.');
        const reply = command.reply.trim();
        if (!reply || reply.length > MAX_REPLY) refuse(`Risposta: obbligatoria, al massimo ${MAX_REPLY} caratteri.`, 'reply');
        return [{ type: 'ReviewReplied', data: { reviewId: review.reviewId, byUserId: command.byUserId, reply, repliedAt: at } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ReviewSubmitted': {
        const d = event.data;
        const subject: ReviewSubject = state.subject ?? {
          subjectType: d.subjectType,
          subjectId: d.subjectId,
          storeId: d.storeId,
          storeName: d.storeName,
          shopkeeperId: d.shopkeeperId,
          collaboratorId: d.collaboratorId,
          collaboratorName: d.collaboratorName,
          assignmentId: d.assignmentId,
          customerId: d.customerId,
          completedAt: d.completedAt,
        };
        return { ...state, subject, reviews: [...state.reviews, d] };
      }
      case 'ReviewsPublished':
        return { ...state, published: [...state.published, ...event.data.reviews.map((r) => r.reviewId)] };
      case 'ReviewReplied':
        return { ...state, replied: [...state.replied, event.data.reviewId] };
      default:
        return state;
    }
  },
};
