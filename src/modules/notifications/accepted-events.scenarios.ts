import { randomUUID } from 'node:crypto';
import { made, scenario, worldIds } from '../../platform/testing/accepted-events.js';
import { notificationsDecider, notificationsStreamId, type NotificationsCommand } from './notifications.js';
import { notificationPreferencesDecider, notificationPreferencesStreamId, type NotificationPreferencesCommand } from './preferences.js';
import { pushSubscriptionsDecider, pushSubscriptionsStreamId, type PushSubscriptionsCommand } from './push-subscriptions.js';
import { webPushSettingsDecider, webPushSettingsStreamId, type WebPushSettingsCommand } from './web-push-settings.js';

const endpoint = 'https://fcm.googleapis.com/fcm/send/abc123';

export const scenarios = [
  scenario<NotificationsCommand>(
    'notifications',
    notificationsStreamId(worldIds.customer),
    made(notificationsDecider, worldIds.customer),
    [],
    [
      { type: 'ReadNotification', notificationId: randomUUID() },
      { type: 'ReadAllNotifications', notificationIds: [randomUUID(), randomUUID()] },
    ],
  ),
  scenario<NotificationsCommand>(
    'collaborators’ notices',
    notificationsStreamId(worldIds.collaborator, 'collaboration'),
    made(notificationsDecider, worldIds.collaborator, 'collaboration'),
    [],
    [
      { type: 'ReadNotification', notificationId: randomUUID() },
      { type: 'ReadAllNotifications', notificationIds: [randomUUID(), randomUUID()] },
    ],
  ),
  scenario<NotificationPreferencesCommand>(
    'notification preferences',
    notificationPreferencesStreamId(worldIds.shopkeeper),
    made(notificationPreferencesDecider, worldIds.shopkeeper),
    [],
    [{ type: 'SetNotificationPreferences', role: 'shopkeeper', changes: { orders: { live: false }, store: { email: false, live: true } } }],
  ),
  scenario<PushSubscriptionsCommand>(
    'push subscriptions',
    pushSubscriptionsStreamId(worldIds.customer),
    made(pushSubscriptionsDecider, worldIds.customer),
    [],
    [
      {
        type: 'SubscribeToPush',
        subscription: {
          endpoint,
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
          sessionId: randomUUID(),
        },
      },
      { type: 'UnsubscribeFromPush', endpoint, reason: 'user' },
    ],
  ),
  scenario<WebPushSettingsCommand>(
    'Web Push settings',
    webPushSettingsStreamId,
    webPushSettingsDecider,
    [],
    [
      { type: 'ReplaceVapidKeys', publicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', privateKey: 'tBHItJI5svbpez7KI4CCXg' },
      { type: 'UpdateWebPushSettings', changes: { isEnabled: true, contactEmail: 'push@esempio.it' } },
    ],
  ),
];
