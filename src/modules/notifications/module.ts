import type { ModuleManifest } from '../../platform/module.js';
import { notificationsPersonalExport } from './personal-export.js';
import { ensureEmailTemplates } from '../email/commands.js';
import { collaborationNoticeTemplates } from './collaboration-mails.js';
import { collaboratorNotificationsProjection } from './collaboration-projection.js';
import { notificationsDecider, notificationsStreamId } from './notifications.js';
import { notificationPreferenceRoutes } from './preferences-routes.js';
import { notificationsProjection } from './projection.js';
import { collaboratorNotificationRoutes, notificationRoutes } from './routes.js';
import { startWebPush } from './web-push-process.js';
import { pushSubscriptionsProjection, webPushSettingsProjection } from './web-push-projection.js';
import { webPushRoutes } from './web-push-routes.js';
import { notificationsPersonalData } from './personal-data.js';

/**
 * What each person is told (in the app, live, by Web Push and e-mail) and what they choose to hear:
 * every module's notices (their `notices`), and the collaboration notices of collaborators and
 * shopkeepers (issue [12], spec §3 collaborator_notifications).
 */
export const notificationsModule: ModuleManifest = {
  name: 'notifications',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [notificationRoutes, collaboratorNotificationRoutes, notificationPreferenceRoutes, webPushRoutes],
  projections: [webPushSettingsProjection, pushSubscriptionsProjection, collaboratorNotificationsProjection],
  tells: (notices) => [notificationsProjection(notices)],
  events: {
    NotificationRead: 'Notifica letta',
    AllNotificationsRead: 'Tutte le notifiche lette',
    CollaboratorNotificationRead: 'Avviso di collaborazione letto',
    AllCollaboratorNotificationsRead: 'Tutti gli avvisi di collaborazione letti',
    NotificationPreferencesChanged: 'Preferenze degli avvisi modificate',
    PushSubscribed: 'Dispositivo iscritto alle notifiche push',
    PushUnsubscribed: 'Dispositivo tolto dalle notifiche push',
    WebPushSettingsUpdated: 'Impostazioni delle notifiche push modificate',
  },
  personalData: notificationsPersonalData,
  personalExport: notificationsPersonalExport,
  summaries: {
    AllCollaboratorNotificationsRead: (d) => `${Array.isArray(d.notificationIds) ? d.notificationIds.length : 0} avvisi di collaborazione segnati come letti.`,
  },
  audited: {
    notifications: { stream: notificationsStreamId, decider: (id) => notificationsDecider(id) },
    'collaborator-notifications': { stream: (id) => notificationsStreamId(id, 'collaboration'), decider: (id) => notificationsDecider(id, 'collaboration') },
  },
  processes: [startWebPush],
  // The mails of the collaboration notices.
  prepare: (store) => ensureEmailTemplates(store, collaborationNoticeTemplates),
};
