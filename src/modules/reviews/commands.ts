import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import { derivedId } from '../../platform/commands/ids.js';
import type { ReadDb } from '../../platform/db/read.js';
import { nameOf } from '../users/queries.js';
import { subjectOfReview } from './queries.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { sessionState } from '../collaboration-sessions/commands.js';
import { sessionNotFound } from '../collaboration-sessions/session.js';
import { orderDecider, orderStreamId, type OrderEvent } from '../orders/order.js';
import type { ReviewerType } from './labels.js';
import { reviewDecider, reviewStreamId, type ReviewCommand, type ReviewContent, type ReviewState, type ReviewSubject } from './review.js';

export interface Deps {
  store: EventStore;
  db: ReadDb;
}

export interface Reviewer {
  id: string;
  role: string;
}

const orderNotFound = 'Ordine non trovato.';

export async function reviewState(store: EventStore, subjectId: string): Promise<ReviewState> {
  return (await loadState(store, reviewStreamId(subjectId), reviewDecider)).state;
}

/** A review's id: one per subject and side, so a retried submission is the same review. */
export const reviewIdOf = (subjectId: string, reviewerType: ReviewerType): string => derivedId('review', subjectId, reviewerType);

/**
 * The session as its reviewer's subject: its shopkeeper or its collaborator (anyone else reads it
 * as not found), completed (closed with the closure code).
 */
export async function sessionSubject(store: EventStore, sessionId: string, reviewer: Reviewer): Promise<{ subject: ReviewSubject; reviewerType: ReviewerType }> {
  const state = await sessionState(store, sessionId);
  const f = state.fields;
  const reviewerType = f && reviewer.id === f.shopkeeperId ? 'shopkeeper' : f && reviewer.id === f.collaboratorId ? 'collaborator' : null;
  if (!state.exists || !f || !reviewerType) throw new DomainError(sessionNotFound, 'not-found');
  if (state.status !== 'completed' || !state.endedAt) throw new DomainError('Puoi lasciare una recensione solo su una sessione completata.', 'rule');
  return {
    reviewerType,
    subject: {
      subjectType: 'session',
      subjectId: sessionId,
      storeId: f.storeId,
      storeName: f.storeName,
      shopkeeperId: f.shopkeeperId,
      collaboratorId: f.collaboratorId,
      collaboratorName: f.collaboratorName,
      assignmentId: f.assignmentId,
      customerId: null,
      completedAt: state.endedAt,
    },
  };
}

/** The order as its customer's subject: theirs alone (anyone else reads it as not found), completed. */
export async function orderSubject(store: EventStore, orderId: string, reviewer: Reviewer): Promise<{ subject: ReviewSubject; reviewerType: ReviewerType }> {
  const events = (await store.readStream(orderStreamId(orderId))) as unknown as (OrderEvent & { metadata: { at: string } })[];
  const state = fold(orderDecider, events);
  const order = state.order;
  if (!order || order.userId !== reviewer.id) throw new DomainError(orderNotFound, 'not-found');
  const completed = events.findLast((e) => e.type === 'OrderCompleted');
  if (state.status !== 'completed' || !completed) throw new DomainError('Puoi recensire il negozio solo dopo che l’ordine è stato completato.', 'rule');
  return {
    reviewerType: 'customer',
    subject: {
      subjectType: 'order',
      subjectId: orderId,
      storeId: order.storeId,
      storeName: order.storeName,
      shopkeeperId: order.storeOwnerId,
      collaboratorId: null,
      collaboratorName: null,
      assignmentId: null,
      customerId: order.userId,
      completedAt: new Date(completed.metadata.at).toISOString(),
    },
  };
}

/** A review of `subject` by `reviewer`, once: the second of a session publishes both. */
export async function submitReview(
  deps: Deps,
  found: { subject: ReviewSubject; reviewerType: ReviewerType },
  reviewer: Reviewer,
  content: ReviewContent,
  ctx: CommandContext,
): Promise<{ id: string; position: Position | null }> {
  const id = reviewIdOf(found.subject.subjectId, found.reviewerType);
  const command: ReviewCommand = {
    type: 'SubmitReview',
    subject: found.subject,
    reviewId: id,
    reviewerId: reviewer.id,
    reviewerType: found.reviewerType,
    reviewerName: (await nameOf(deps.db, reviewer.id)) ?? 'Utente',
    content,
    now: ctx.now,
  };
  const { position } = await handleCommand(deps.store, reviewStreamId(found.subject.subjectId), reviewDecider, command, ctx);
  return { id, position };
}

/** The shopkeeper's public answer to a review of their shop, once. */
export async function replyToReview(deps: Deps, reviewId: string, shopkeeperId: string, reply: string, ctx: CommandContext): Promise<Position | null> {
  const subjectId = await subjectOfReview(deps.db, reviewId);
  return (await handleCommand(deps.store, reviewStreamId(subjectId), reviewDecider, { type: 'ReplyToReview', reviewId, byUserId: shopkeeperId, reply, now: ctx.now }, ctx))
    .position;
}

/** The end of a window: what is still blind becomes public (nothing when done already, or not yet due). */
export async function publishDue(deps: Pick<Deps, 'store'>, subjectId: string, ctx: CommandContext): Promise<Position | null> {
  return (await handleCommand(deps.store, reviewStreamId(subjectId), reviewDecider, { type: 'PublishReviews', now: ctx.now }, ctx)).position;
}
