import type { Decider, DomainEvent } from '../../platform/domain/decider.js';

export const pushSubscriptionsStreamId = (userId: string): string => `push-subscriptions-${userId}`;

/** A browser's PushSubscription as it sends it (endpoint and keys), and the session that sent it. */
export interface PushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  sessionId: string;
}

/** Why a browser stops receiving pushes. */
export type UnsubscribeReason = 'user' | 'session-ended' | 'expired';

export type PushSubscriptionsCommand = { type: 'SubscribeToPush'; subscription: PushSubscription } | { type: 'UnsubscribeFromPush'; endpoint: string; reason: UnsubscribeReason };

export type PushSubscriptionsEvent =
  | DomainEvent<'PushSubscribed', PushSubscription & { userId: string }>
  | DomainEvent<'PushUnsubscribed', { userId: string; endpoint: string; reason: UnsubscribeReason }>;

/** The browsers of one user that receive their live notices by Web Push, by endpoint. */
export function pushSubscriptionsDecider(userId: string): Decider<PushSubscriptionsCommand, PushSubscriptionsEvent, ReadonlyMap<string, PushSubscription>> {
  return {
    initialState: new Map(),
    decide(command, state) {
      if (command.type === 'SubscribeToPush') {
        const known = state.get(command.subscription.endpoint);
        const same = known && known.p256dh === command.subscription.p256dh && known.auth === command.subscription.auth && known.sessionId === command.subscription.sessionId;
        return same ? [] : [{ type: 'PushSubscribed', data: { userId, ...command.subscription } }];
      }
      return state.has(command.endpoint) ? [{ type: 'PushUnsubscribed', data: { userId, endpoint: command.endpoint, reason: command.reason } }] : [];
    },
    evolve(state, event) {
      const next = new Map(state);
      if (event.type === 'PushSubscribed') {
        const { userId: _user, ...subscription } = event.data;
        next.set(subscription.endpoint, subscription);
      } else next.delete(event.data.endpoint);
      return next;
    },
  };
}
