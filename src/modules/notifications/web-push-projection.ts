import type pg from 'pg';
import { defaultWebPushSettings, type WebPushSettings } from './web-push-settings.js';
import type { PushSubscriptionsEvent } from './push-subscriptions.js';
import { byEventType, type Projection } from '../../platform/projections/projection.js';
import { readSettingsRow } from '../../platform/db/settings-row.js';
import { settingsRowProjection } from '../../platform/projections/settings-row.js';

/** The `web_push_settings` read model, private key included: only the server reads it whole. */
export const webPushSettingsProjection = settingsRowProjection('web-push-settings', 'Impostazioni delle notifiche push', 'web_push_settings', 'WebPushSettingsUpdated');

export const readWebPushSettings = (db: Pick<pg.Pool, 'query'>): Promise<WebPushSettings> => readSettingsRow(db, 'web_push_settings', defaultWebPushSettings);

/**
 * The browsers subscribed to Web Push, one row per endpoint: a browser is one subscription, so
 * when another account subscribes it there, it moves to that account.
 */
export const pushSubscriptionsProjection: Projection = {
  name: 'push-subscriptions',
  title: 'Dispositivi con notifiche push',
  version: 1,
  tables: ['push_subscriptions'],
  apply: byEventType<PushSubscriptionsEvent>({
    PushSubscribed: (event, tx) => {
      const s = event.data;
      return tx.query(
        `INSERT INTO push_subscriptions (endpoint, user_id, session_id, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, session_id = EXCLUDED.session_id,
           p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = EXCLUDED.created_at`,
        [s.endpoint, s.userId, s.sessionId, s.p256dh, s.auth, event.metadata.at],
      );
    },
    PushUnsubscribed: (event, tx) => tx.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2', [event.data.endpoint, event.data.userId]),
  }),
};
