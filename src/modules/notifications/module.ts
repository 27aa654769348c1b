import type { ModuleManifest } from '../../platform/module.js';
import { notificationsDecider, notificationsStreamId } from './decider.js';
import { notificationPreferenceRoutes } from './preferences-routes.js';
import { notificationsProjection } from './projection.js';
import { notificationRoutes } from './routes.js';
import { startWebPush } from './web-push-process.js';
import { pushSubscriptionsProjection, webPushSettingsProjection } from './web-push-projection.js';
import { webPushRoutes } from './web-push-routes.js';

/** What each person is told (in the app, live, and by Web Push) and what they choose to hear. */
export const notificationsModule: ModuleManifest = {
  name: 'notifications',
  routes: [notificationRoutes, notificationPreferenceRoutes, webPushRoutes],
  projections: [notificationsProjection, webPushSettingsProjection, pushSubscriptionsProjection],
  events: {
    NotificationRead: 'Notifica letta',
    AllNotificationsRead: 'Tutte le notifiche lette',
    NotificationPreferencesChanged: 'Preferenze degli avvisi modificate',
    PushSubscribed: 'Dispositivo iscritto alle notifiche push',
    PushUnsubscribed: 'Dispositivo tolto dalle notifiche push',
    WebPushSettingsUpdated: 'Impostazioni delle notifiche push modificate',
  },
  audited: { notifications: { stream: notificationsStreamId, decider: (id) => notificationsDecider(id) } },
  processes: [startWebPush],
};
