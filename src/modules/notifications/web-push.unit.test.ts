import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { webPushSettingsDecider, type WebPushSettingsEvent } from './web-push-settings.js';
import { pushSubscriptionsDecider, type PushSubscriptionsEvent } from './push-subscriptions.js';

describe('web push settings', () => {
  const spec = deciderSpec(webPushSettingsDecider);
  const keyed: WebPushSettingsEvent = { type: 'WebPushSettingsUpdated', data: { changes: { publicKey: 'pub', privateKey: 'priv' } } };

  it('records a new key pair', () => {
    spec.given([]).when({ type: 'ReplaceVapidKeys', publicKey: 'pub', privateKey: 'priv' }).then([keyed]);
  });

  it('cannot be switched on without keys and a contact', () => {
    const noKeys = 'Per attivare le notifiche push genera prima le chiavi VAPID.';
    spec.given([])
      .when({ type: 'UpdateWebPushSettings', changes: { isEnabled: true, contactEmail: 'a@b.it' } })
      .thenThrows(DomainError, { message: noKeys, kind: 'rule', errors: { isEnabled: noKeys } });
    const noContact = 'Per attivare le notifiche push serve un’e-mail di contatto per i servizi push.';
    spec.given([keyed]).when({ type: 'UpdateWebPushSettings', changes: { isEnabled: true } }).thenThrows({ message: noContact, errors: { contactEmail: noContact } });
    spec.given([keyed]).when({ type: 'UpdateWebPushSettings', changes: { isEnabled: true, contactEmail: 'a@b.it' } }).then([
      { type: 'WebPushSettingsUpdated', data: { changes: { isEnabled: true, contactEmail: 'a@b.it' } } },
    ]);
  });
});

describe('push subscriptions', () => {
  const spec = deciderSpec(pushSubscriptionsDecider('u1'));
  const sub = { endpoint: 'https://push.example/1', p256dh: 'k', auth: 'a', sessionId: 's1' };
  const subscribed: PushSubscriptionsEvent = { type: 'PushSubscribed', data: { userId: 'u1', ...sub } };
  const unsubscribed: PushSubscriptionsEvent = { type: 'PushUnsubscribed', data: { userId: 'u1', endpoint: sub.endpoint, reason: 'expired' } };

  it('subscribes a browser once, again when its keys or session change, and unsubscribes it once', () => {
    spec.given([]).when({ type: 'SubscribeToPush', subscription: sub }).then([subscribed]);
    spec.given([subscribed]).when({ type: 'SubscribeToPush', subscription: sub }).thenNothing();
    spec.given([subscribed]).when({ type: 'SubscribeToPush', subscription: { ...sub, sessionId: 's2' } }).then([
      { type: 'PushSubscribed', data: { userId: 'u1', ...sub, sessionId: 's2' } },
    ]);
    spec.given([subscribed]).when({ type: 'SubscribeToPush', subscription: { ...sub, p256dh: 'k2' } }).then([
      { type: 'PushSubscribed', data: { userId: 'u1', ...sub, p256dh: 'k2' } },
    ]);
    spec.given([subscribed]).when({ type: 'UnsubscribeFromPush', endpoint: sub.endpoint, reason: 'expired' }).then([unsubscribed]);
    spec.given([subscribed, unsubscribed]).when({ type: 'UnsubscribeFromPush', endpoint: sub.endpoint, reason: 'expired' }).thenNothing();
  });
});
