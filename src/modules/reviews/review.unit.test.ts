import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { reviewDecider, visibleAt, type ReviewContent, type ReviewEvent, type ReviewSubject, type ReviewSubmittedData } from './review.js';

const day = 24 * 60 * 60 * 1000;
const done = new Date('2026-06-01T10:00:00.000Z');
const at = (days: number) => new Date(done.getTime() + days * day);
const session: ReviewSubject = {
  subjectType: 'session',
  subjectId: 's1',
  storeId: 'st1',
  storeName: 'Bottega',
  shopkeeperId: 'k1',
  collaboratorId: 'c1',
  collaboratorName: 'Luca',
  assignmentId: 'a1',
  customerId: null,
  completedAt: done.toISOString(),
};
const order: ReviewSubject = { ...session, subjectType: 'order', subjectId: 'o1', collaboratorId: null, collaboratorName: null, assignmentId: null, customerId: 'u1' };
const content = (over: Partial<ReviewContent> = {}): ReviewContent => ({
  overallRating: 4,
  quality: 5,
  punctuality: null,
  communication: 4,
  professionalism: null,
  comment: ' Bravo ',
  wouldRecommend: true,
  wouldWorkAgain: true,
  positivePoints: '',
  improvementAreas: '',
  ...over,
});
const submitted = (side: 'shopkeeper' | 'collaborator' | 'customer', when: Date, subject = session, over: Partial<ReviewContent> = {}): ReviewSubmittedData => ({
  ...subject,
  ...content(over),
  comment: (over.comment ?? ' Bravo ').trim(),
  reviewId: `r-${side}`,
  reviewerId: side === 'shopkeeper' ? 'k1' : side === 'collaborator' ? 'c1' : 'u1',
  reviewerType: side,
  reviewerName: 'Nome',
  revieweeType: side === 'shopkeeper' ? 'collaborator' : 'store',
  revieweeId: side === 'shopkeeper' ? 'c1' : 'st1',
  windowEndsAt: at(14).toISOString(),
  submittedAt: when.toISOString(),
});
const submit = (side: 'shopkeeper' | 'collaborator' | 'customer', when: Date, subject = session, over: Partial<ReviewContent> = {}) => ({
  type: 'SubmitReview' as const,
  subject,
  reviewId: `r-${side}`,
  reviewerId: side === 'shopkeeper' ? 'k1' : side === 'collaborator' ? 'c1' : 'u1',
  reviewerType: side,
  reviewerName: 'Nome',
  content: content(over),
  now: when,
});
const ev = (data: ReviewSubmittedData): ReviewEvent => ({ type: 'ReviewSubmitted', data });
const published = (d: ReviewSubmittedData) => ({
  reviewId: d.reviewId,
  reviewerType: d.reviewerType,
  revieweeType: d.revieweeType,
  revieweeId: d.revieweeId,
  storeId: d.storeId,
  collaboratorId: d.collaboratorId,
  assignmentId: d.assignmentId,
  overallRating: d.overallRating,
  comment: d.comment,
});
const spec = deciderSpec(reviewDecider);

describe('the reviews of a session', () => {
  it('the first stays blind; the second publishes both', () => {
    const first = submitted('shopkeeper', at(1));
    spec
      .given([])
      .when(submit('shopkeeper', at(1)))
      .then([ev(first)]);
    const second = submitted('collaborator', at(2));
    spec
      .given([ev(first)])
      .when(submit('collaborator', at(2)))
      .then([
        ev(second),
        { type: 'ReviewsPublished', data: { subjectId: 's1', reason: 'both', publishedAt: at(2).toISOString(), reviews: [published(first), published(second)] } },
      ]);
  });

  it('one review per side: a second is a conflict, nothing is edited', () => {
    spec
      .given([ev(submitted('shopkeeper', at(1)))])
      .when(submit('shopkeeper', at(2), session, { overallRating: 1 }))
      .thenThrows({ kind: 'conflict' }, /già lasciato una recensione/);
  });

  it('within 14 days of the completion only', () => {
    spec
      .given([])
      .when(submit('collaborator', at(14)))
      .thenThrows({ kind: 'rule' }, /14 giorni/);
    spec
      .given([])
      .when(submit('collaborator', new Date(at(14).getTime() - 1)))
      .then([ev({ ...submitted('collaborator', new Date(at(14).getTime() - 1)) })]);
  });

  it('ratings 1 to 5, whole; the overall one required', () => {
    spec
      .given([])
      .when(submit('shopkeeper', at(1), session, { overallRating: 0 }))
      .thenThrows({ kind: 'rule' }, 'Valutazione complessiva: un numero intero da 1 a 5.');
    spec
      .given([])
      .when(submit('shopkeeper', at(1), session, { quality: 6 }))
      .thenThrows('Qualità: un numero intero da 1 a 5.');
    spec
      .given([])
      .when(submit('shopkeeper', at(1), session, { punctuality: 2.5 }))
      .thenThrows('Puntualità: un numero intero da 1 a 5.');
  });

  it('the end of the window publishes the lone review, once; not before', () => {
    const first = submitted('shopkeeper', at(1));
    spec
      .given([ev(first)])
      .when({ type: 'PublishReviews', now: at(13.9) })
      .thenNothing();
    const publication: ReviewEvent = { type: 'ReviewsPublished', data: { subjectId: 's1', reason: 'deadline', publishedAt: at(14).toISOString(), reviews: [published(first)] } };
    spec
      .given([ev(first)])
      .when({ type: 'PublishReviews', now: at(20) })
      .then([publication]);
    spec
      .given([ev(first), publication])
      .when({ type: 'PublishReviews', now: at(21) })
      .thenNothing();
    spec
      .given([])
      .when({ type: 'PublishReviews', now: at(21) })
      .thenNothing();
  });

  it('is read as public from the window’s end, before the upkeep writes it', () => {
    const state = [ev(submitted('shopkeeper', at(1)))].reduce(reviewDecider.evolve, reviewDecider.initialState);
    expect(visibleAt(state, 'r-shopkeeper', at(13))).toBe(false);
    expect(visibleAt(state, 'r-shopkeeper', at(14))).toBe(true);
  });

  it('a customer cannot review a session', () => {
    spec
      .given([])
      .when(submit('customer', at(1)))
      .thenThrows({ kind: 'not-found' });
  });
});

describe('the review of an order', () => {
  it('is public at once; the shopkeeper replies once, only to their shop', () => {
    const r = submitted('customer', at(1), order);
    const publication: ReviewEvent = { type: 'ReviewsPublished', data: { subjectId: 'o1', reason: 'immediate', publishedAt: at(1).toISOString(), reviews: [published(r)] } };
    spec
      .given([])
      .when(submit('customer', at(1), order))
      .then([ev(r), publication]);
    spec
      .given([ev(r), publication])
      .when({ type: 'ReplyToReview', reviewId: 'r-customer', byUserId: 'k2', reply: 'Grazie', now: at(2) })
      .thenThrows({ kind: 'not-found' });
    const replied: ReviewEvent = { type: 'ReviewReplied', data: { reviewId: 'r-customer', byUserId: 'k1', reply: 'Grazie!', repliedAt: at(2).toISOString() } };
    spec
      .given([ev(r), publication])
      .when({ type: 'ReplyToReview', reviewId: 'r-customer', byUserId: 'k1', reply: ' Grazie! ', now: at(2) })
      .then([replied]);
    spec
      .given([ev(r), publication, replied])
      .when({ type: 'ReplyToReview', reviewId: 'r-customer', byUserId: 'k1', reply: 'Ancora', now: at(3) })
      .thenThrows({ kind: 'conflict' });
  });

  it('a blind review of the shop by its collaborator is answered only once public', () => {
    const r = submitted('collaborator', at(1));
    spec
      .given([ev(r)])
      .when({ type: 'ReplyToReview', reviewId: 'r-collaborator', byUserId: 'k1', reply: 'Grazie', now: at(2) })
      .thenThrows({ kind: 'rule' }, /non è ancora pubblica/);
  });
});

describe('a review’s subject (issue [16])', () => {
  it('was completed at a time the read model can store', () => {
    deciderSpec(reviewDecider)
      .given([])
      .when({
        type: 'SubmitReview',
        subject: { ...order, completedAt: '+275760-09-13T00:00:00.000Z' },
        reviewId: 'r1',
        reviewerId: 'u1',
        reviewerType: 'customer',
        reviewerName: 'Mario',
        content: content(),
        now: at(1),
      })
      .thenThrows(DomainError, { kind: 'rule', message: 'Completamento: data e ora non valide.' });
  });
});
