import type { PersonalExport } from '../../platform/module.js';
import { notificationTypeLabels } from './labels.js';

/** What the person was told, and how they chose to hear it. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const notificationsPersonalExport: PersonalExport = [
  {
    key: 'notices',
    title: 'Notifiche',
    about: 'Gli avvisi che Vicino ti ha dato nell’app.',
    tables: ['notifications'],
    sql: `SELECT id, title, message, link, read, created_at AS "createdAt" FROM notifications WHERE user_id = $1::uuid ORDER BY created_at`,
    columns: [
      ['createdAt', 'Data', 'time'],
      ['title', 'Titolo'],
      ['message', 'Messaggio'],
      ['read', 'Letta', 'yes-no'],
    ],
  },
  {
    key: 'collaborationNotices',
    title: 'Avvisi di collaborazione',
    about: 'Gli avvisi sulle richieste e sugli incarichi di collaborazione.',
    tables: ['collaborator_notifications'],
    sql: `SELECT id, notification_type AS "type", title, message, is_read AS "read", created_at AS "createdAt"
          FROM collaborator_notifications WHERE user_id = $1::uuid ORDER BY created_at`,
    columns: [
      ['createdAt', 'Data', 'time'],
      ['type', 'Tipo', notificationTypeLabels],
      ['title', 'Titolo'],
      ['message', 'Messaggio'],
    ],
  },
  {
    key: 'noticePreferences',
    title: 'Preferenze di notifica',
    about: 'Come hai scelto di sentire ogni tipo di avviso.',
    tables: ['notification_preferences'],
    sql: `SELECT kind, live, email FROM notification_preferences WHERE user_id = $1::uuid ORDER BY kind`,
    columns: [
      ['kind', 'Avviso'],
      ['live', 'Nell’app', 'yes-no'],
      ['email', 'Per e-mail', 'yes-no'],
    ],
  },
  {
    key: 'pushSubscriptions',
    title: 'Notifiche sul dispositivo',
    about: 'I browser in cui hai attivato le notifiche push (il servizio che le consegna; le chiavi restano segrete).',
    tables: ['push_subscriptions'],
    sql: `SELECT substring(endpoint from '^https?://[^/]+') AS service, created_at AS "createdAt" FROM push_subscriptions WHERE user_id = $1::uuid ORDER BY created_at`,
    columns: [
      ['service', 'Servizio'],
      ['createdAt', 'Attivate il', 'time'],
    ],
  },
];
