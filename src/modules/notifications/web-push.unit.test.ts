import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { webPushSettingsDecider } from './web-push-settings.js';
import { pushSubscriptionsDecider } from './push-subscriptions.js';

describe('web push settings', () => {
  const d = webPushSettingsDecider;
  it('cannot be switched on without keys and a contact', () => {
    expect(() => d.decide({ type: 'UpdateWebPushSettings', changes: { isEnabled: true, contactEmail: 'a@b.it' } }, d.initialState)).toThrow(DomainError);
    const keyed = fold(d, d.decide({ type: 'ReplaceVapidKeys', publicKey: 'pub', privateKey: 'priv' }, d.initialState));
    expect(() => d.decide({ type: 'UpdateWebPushSettings', changes: { isEnabled: true } }, keyed)).toThrow('e-mail di contatto');
    expect(d.decide({ type: 'UpdateWebPushSettings', changes: { isEnabled: true, contactEmail: 'a@b.it' } }, keyed)).toEqual([
      { type: 'WebPushSettingsUpdated', data: { changes: { isEnabled: true, contactEmail: 'a@b.it' } } },
    ]);
  });
});

describe('push subscriptions', () => {
  const d = pushSubscriptionsDecider('u1');
  const sub = { endpoint: 'https://push.example/1', p256dh: 'k', auth: 'a', sessionId: 's1' };
  it('subscribes a browser once, again when its keys or session change, and unsubscribes it once', () => {
    const subscribed = fold(d, d.decide({ type: 'SubscribeToPush', subscription: sub }, d.initialState));
    expect(d.decide({ type: 'SubscribeToPush', subscription: sub }, subscribed)).toEqual([]);
    expect(d.decide({ type: 'SubscribeToPush', subscription: { ...sub, sessionId: 's2' } }, subscribed)).toHaveLength(1);
    const gone = fold(d, [...d.decide({ type: 'SubscribeToPush', subscription: sub }, d.initialState), ...d.decide({ type: 'UnsubscribeFromPush', endpoint: sub.endpoint, reason: 'expired' }, subscribed)]);
    expect(d.decide({ type: 'UnsubscribeFromPush', endpoint: sub.endpoint, reason: 'expired' }, gone)).toEqual([]);
  });
});
