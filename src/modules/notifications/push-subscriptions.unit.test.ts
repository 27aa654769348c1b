import { describe, it } from 'vitest';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { pushSubscriptionsDecider, type PushSubscriptionsEvent } from './push-subscriptions.js';

describe('push subscriptions', () => {
  const spec = deciderSpec(pushSubscriptionsDecider('u1'));
  const sub = { endpoint: 'https://push.example/1', p256dh: 'k', auth: 'a', sessionId: 's1' };
  const subscribed: PushSubscriptionsEvent = { type: 'PushSubscribed', data: { userId: 'u1', ...sub } };
  const unsubscribed: PushSubscriptionsEvent = { type: 'PushUnsubscribed', data: { userId: 'u1', endpoint: sub.endpoint, reason: 'expired' } };

  it('subscribes a browser once, again when its keys or session change, and unsubscribes it once', () => {
    spec.given([]).when({ type: 'SubscribeToPush', subscription: sub }).then([subscribed]);
    spec.given([subscribed]).when({ type: 'SubscribeToPush', subscription: sub }).thenNothing();
    spec
      .given([subscribed])
      .when({ type: 'SubscribeToPush', subscription: { ...sub, sessionId: 's2' } })
      .then([{ type: 'PushSubscribed', data: { userId: 'u1', ...sub, sessionId: 's2' } }]);
    spec
      .given([subscribed])
      .when({ type: 'SubscribeToPush', subscription: { ...sub, p256dh: 'k2' } })
      .then([{ type: 'PushSubscribed', data: { userId: 'u1', ...sub, p256dh: 'k2' } }]);
    spec.given([subscribed]).when({ type: 'UnsubscribeFromPush', endpoint: sub.endpoint, reason: 'expired' }).then([unsubscribed]);
    spec.given([subscribed, unsubscribed]).when({ type: 'UnsubscribeFromPush', endpoint: sub.endpoint, reason: 'expired' }).thenNothing();
  });
});
