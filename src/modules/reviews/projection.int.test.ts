import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { directAssignment } from '../../../tests/support/collaboration.js';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { assignmentStreamId, type AssignmentEvent } from '../assignments/assignment.js';
import { assignmentsProjection } from '../assignments/projection.js';
import { collaboratorDecider, collaboratorStreamId } from '../collaborators/collaborator.js';
import { collaboratorsProjection } from '../collaborators/projection.js';
import { reviewsProjection } from './projection.js';
import { reviewDecider, reviewStreamId, type ReviewCommand, type ReviewContent, type ReviewSubject } from './review.js';

const completedAt = '2026-11-20T10:00:00.000Z';
const day = 24 * 3600_000;
const at = (days: number) => new Date(new Date(completedAt).getTime() + days * day);
const content = (overallRating: number, comment = ''): ReviewContent => ({
  overallRating,
  quality: null,
  punctuality: null,
  communication: null,
  professionalism: null,
  comment,
  wouldRecommend: null,
  wouldWorkAgain: true,
  positivePoints: '',
  improvementAreas: '',
});
const sessionOf = (collaboratorId: string, assignmentId: string): ReviewSubject => ({
  subjectType: 'session',
  subjectId: randomUUID(),
  storeId: randomUUID(),
  storeName: 'Bottega',
  shopkeeperId: randomUUID(),
  collaboratorId,
  collaboratorName: 'Luca',
  assignmentId,
  customerId: null,
  completedAt,
});
const submit = (subject: ReviewSubject, side: 'shopkeeper' | 'collaborator', rating: number, days: number, comment = ''): ReviewCommand => ({
  type: 'SubmitReview',
  subject,
  reviewId: randomUUID(),
  reviewerId: side === 'shopkeeper' ? subject.shopkeeperId : subject.collaboratorId!,
  reviewerType: side,
  reviewerName: 'Nome Cognome',
  content: content(rating, comment),
  now: at(days),
});

describe('reviews projection', () => {
  const spec = useProjection(reviewsProjection);
  const log = new EventLog('2026-11-21T10:00:00.000Z');

  it('a review blind, then published with the other side’s; a reply kept once; replayed, nothing changes', async () => {
    const s = sessionOf(randomUUID(), randomUUID());
    const stream = reviewStreamId(s.subjectId);
    const first = log.decide(stream, reviewDecider, submit(s, 'shopkeeper', 4, 1, 'Preciso'));
    await spec.apply(first);
    const row = 'SELECT reviewer_type, reviewee_type, overall_rating, comment, published_at, window_ends_at, reply FROM reviews WHERE subject_id = $1 ORDER BY reviewer_type';
    expect(await spec.rows(row, [s.subjectId])).toEqual([
      { reviewer_type: 'shopkeeper', reviewee_type: 'collaborator', overall_rating: 4, comment: 'Preciso', published_at: null, window_ends_at: at(14), reply: null },
    ]);
    const second = log.decide(stream, reviewDecider, submit(s, 'collaborator', 5, 2));
    const replyId = (second[0]!.data as { reviewId: string }).reviewId;
    const replied = log.decide(stream, reviewDecider, { type: 'ReplyToReview', reviewId: replyId, byUserId: s.shopkeeperId, reply: 'Grazie', now: at(3) });
    await spec.apply([...second, ...replied]);
    const expected = [
      { reviewer_type: 'collaborator', reviewee_type: 'store', overall_rating: 5, comment: '', published_at: at(2), window_ends_at: at(14), reply: 'Grazie' },
      { reviewer_type: 'shopkeeper', reviewee_type: 'collaborator', overall_rating: 4, comment: 'Preciso', published_at: at(2), window_ends_at: at(14), reply: null },
    ];
    expect(await spec.rows(row, [s.subjectId])).toEqual(expected);
    await spec.apply([...first, ...second, ...replied]);
    expect(await spec.rows(row, [s.subjectId])).toEqual(expected);
  });
});

describe('the collaborator’s rating and the assignment’s ratings follow the published reviews', () => {
  const collaborators = useProjection(collaboratorsProjection);
  const assignments = useProjection(assignmentsProjection);
  const log = new EventLog('2026-11-10T10:00:00.000Z');

  it('5 until the first published review, then their average; a blind one counts only when published; a rebuild gives the same', async () => {
    const c = randomUUID();
    const assignmentId = randomUUID();
    const registered = log.decide(collaboratorStreamId(c), collaboratorDecider, {
      type: 'RegisterCollaborator',
      userId: c,
      profile: { address: 'Via Roma 1', latitude: 39.2, longitude: 9.1, radiusKm: 5, services: ['delivery'], isAvailable: true, availability: '', bio: '' },
    });
    const created = log.record<AssignmentEvent>(assignmentStreamId(assignmentId), [
      {
        type: 'AssignmentCreated',
        data: {
          ...directAssignment(assignmentId, {
            store: { id: randomUUID(), name: 'Bottega' },
            shopkeeperId: randomUUID(),
            collaborator: { id: c, name: 'Luca' },
            description: 'Catalogo',
          }),
          status: 'pending',
          assignedAt: '2026-11-10T10:00:00.000Z',
        },
      },
    ]);
    const [one, two, three] = [sessionOf(c, assignmentId), sessionOf(c, assignmentId), sessionOf(c, assignmentId)];
    // One: both sides (published at the second); two: the shop alone, blind; three: the shop alone, published at the window's end.
    const reviews = [
      ...log.decide(reviewStreamId(one.subjectId), reviewDecider, submit(one, 'shopkeeper', 3, 1, 'Lento')),
      ...log.decide(reviewStreamId(one.subjectId), reviewDecider, submit(one, 'collaborator', 4, 2, 'Negozio ordinato')),
      ...log.decide(reviewStreamId(two.subjectId), reviewDecider, submit(two, 'shopkeeper', 1, 1)),
      ...log.decide(reviewStreamId(three.subjectId), reviewDecider, submit(three, 'shopkeeper', 5, 3, 'Ottimo')),
      ...log.decide(reviewStreamId(three.subjectId), reviewDecider, { type: 'PublishReviews', now: at(15) }),
    ];
    const rating = 'SELECT rating::float8 AS rating FROM collaborators WHERE user_id = $1';
    const ratings = `SELECT shopkeeper_rating::float8 AS shopkeeper, shopkeeper_review, collaborator_rating::float8 AS collaborator, collaborator_review
                     FROM collaborator_assignments WHERE id = $1`;
    await collaborators.apply(registered);
    expect(await collaborators.rows(rating, [c])).toEqual([{ rating: 5 }]);
    await collaborators.apply(reviews);
    await assignments.apply([...created, ...reviews]);
    const expected = { collaborators: [{ rating: 4 }], assignments: [{ shopkeeper: 4, shopkeeper_review: 'Ottimo', collaborator: 4, collaborator_review: 'Negozio ordinato' }] };
    expect(await collaborators.rows(rating, [c])).toEqual(expected.collaborators);
    expect(await assignments.rows(ratings, [assignmentId])).toEqual(expected.assignments);
    // Rebuilt from the start, in small batches: the same.
    await collaborators.reset();
    await assignments.reset();
    await collaborators.apply([...registered, ...reviews], { batchSize: 2 });
    await assignments.apply([...created, ...reviews], { batchSize: 2 });
    expect(await collaborators.rows(rating, [c])).toEqual(expected.collaborators);
    expect(await assignments.rows(ratings, [assignmentId])).toEqual(expected.assignments);
    // The second session's lone review, published at its window's end: now counted.
    const late = log.decide(reviewStreamId(two.subjectId), reviewDecider, { type: 'PublishReviews', now: at(15) });
    await collaborators.apply(late);
    await assignments.apply(late);
    expect(await collaborators.rows(rating, [c])).toEqual([{ rating: 3 }]);
    expect((await assignments.rows(ratings, [assignmentId]))[0]).toMatchObject({ shopkeeper: 3 });
  });
});
