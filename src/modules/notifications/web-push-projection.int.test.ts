import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { pushSubscriptionsDecider, pushSubscriptionsStreamId, type PushSubscriptionsCommand } from './push-subscriptions.js';
import { pushSubscriptionsProjection, readWebPushSettings, webPushSettingsProjection } from './web-push-projection.js';
import { webPushSettingsDecider, webPushSettingsStreamId, type WebPushSettingsCommand } from './web-push-settings.js';

const log = new EventLog();

describe('web-push-settings projection', () => {
  const spec = useProjection(webPushSettingsProjection);
  const settings = (command: WebPushSettingsCommand) => log.decide(webPushSettingsStreamId, webPushSettingsDecider, command);

  it('keeps one row with the keys, the contact and the switch, as last changed', async () => {
    await spec.apply([
      ...settings({ type: 'ReplaceVapidKeys', publicKey: 'pub-1', privateKey: 'priv-1' }),
      ...settings({ type: 'UpdateWebPushSettings', changes: { isEnabled: true, contactEmail: 'push@vicino.it' } }),
    ]);
    expect(await spec.rows('SELECT id, settings FROM web_push_settings')).toEqual([
      { id: 1, settings: { publicKey: 'pub-1', privateKey: 'priv-1', isEnabled: true, contactEmail: 'push@vicino.it' } },
    ]);
    await spec.apply([
      ...settings({ type: 'ReplaceVapidKeys', publicKey: 'pub-2', privateKey: 'priv-2' }),
      ...settings({ type: 'UpdateWebPushSettings', changes: { isEnabled: false } }),
    ]);
    expect(await readWebPushSettings(spec.pool)).toEqual({ publicKey: 'pub-2', privateKey: 'priv-2', isEnabled: false, contactEmail: 'push@vicino.it' });
  });
});

describe('push-subscriptions projection', () => {
  const spec = useProjection(pushSubscriptionsProjection);
  const subscriptions = (userId: string, command: PushSubscriptionsCommand) => log.decide(pushSubscriptionsStreamId(userId), pushSubscriptionsDecider(userId), command);
  const rows = () => spec.rows('SELECT endpoint, user_id, session_id, p256dh, auth, created_at FROM push_subscriptions ORDER BY endpoint');

  it('keeps a row per browser: its keys and session renewed, moved to the account that subscribes it last, gone when unsubscribed', async () => {
    const [u1, u2, session1, session2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const phone = { endpoint: 'https://push.example/phone', p256dh: 'k1', auth: 'a1', sessionId: session1 };
    const laptop = { endpoint: 'https://push.example/laptop', p256dh: 'k2', auth: 'a2', sessionId: session1 };
    const subscribed = [...subscriptions(u1, { type: 'SubscribeToPush', subscription: phone }), ...subscriptions(u1, { type: 'SubscribeToPush', subscription: laptop })];
    await spec.apply(subscribed);
    expect(await rows()).toEqual([
      { endpoint: laptop.endpoint, user_id: u1, session_id: session1, p256dh: 'k2', auth: 'a2', created_at: new Date(subscribed[1]!.metadata.at) },
      { endpoint: phone.endpoint, user_id: u1, session_id: session1, p256dh: 'k1', auth: 'a1', created_at: new Date(subscribed[0]!.metadata.at) },
    ]);
    const moved = subscriptions(u2, { type: 'SubscribeToPush', subscription: { ...phone, p256dh: 'k3', sessionId: session2 } });
    await spec.apply(moved);
    expect((await rows())[1]).toEqual({ endpoint: phone.endpoint, user_id: u2, session_id: session2, p256dh: 'k3', auth: 'a1', created_at: new Date(moved[0]!.metadata.at) });
    // The first account gives up a browser it no longer has: the other account keeps it.
    await spec.apply([
      ...subscriptions(u1, { type: 'UnsubscribeFromPush', endpoint: phone.endpoint, reason: 'session-ended' }),
      ...subscriptions(u1, { type: 'UnsubscribeFromPush', endpoint: laptop.endpoint, reason: 'user' }),
    ]);
    expect(await rows()).toEqual([expect.objectContaining({ endpoint: phone.endpoint, user_id: u2 })]);
    await spec.apply(subscriptions(u2, { type: 'UnsubscribeFromPush', endpoint: phone.endpoint, reason: 'expired' }));
    expect(await rows()).toEqual([]);
  });
});
