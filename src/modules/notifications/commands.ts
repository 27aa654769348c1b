import { handleCommand } from '../../platform/commands/handle-command.js';
import type { ReadDb } from '../../platform/db/read.js';
import type { CommandContext, Role } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { CollaboratorNotification, Notification } from './contract.js';
import { notificationsDecider, notificationsStreamId, type NoticeList, type NotificationsCommand } from './notifications.js';
import { notificationPreferencesDecider, notificationPreferencesStreamId, type NotificationPreferencesCommand } from './preferences.js';
import { pushSubscriptionsDecider, pushSubscriptionsStreamId, type PushSubscription, type UnsubscribeReason } from './push-subscriptions.js';
import { collaboratorNotificationOf, collaboratorUnreadIds, notificationOf, unreadIds, webPushSettingsOf } from './queries.js';
import { webPushSettingsDecider, webPushSettingsStreamId, type WebPushSettingsCommand } from './web-push-settings.js';

export interface NotificationsDeps {
  store: EventStore;
  db: ReadDb;
}

/** Reads notices of one of the user's lists (notification.ts); the notifications' state is cached between commands. */
const readNotices = (store: EventStore, userId: string, list: NoticeList, command: NotificationsCommand, ctx: CommandContext) =>
  handleCommand(store, notificationsStreamId(userId, list), notificationsDecider(userId, list), command, ctx, list === 'notifications' ? { cacheAs: 'notifications' } : {});

/** Marks read what the user has unread now in one list (a notice arriving meanwhile stays unread); answers how many it marked. */
async function readAllOf(
  store: EventStore,
  userId: string,
  list: NoticeList,
  notificationIds: string[],
  ctx: CommandContext,
): Promise<{ count: number; position: Position | null }> {
  if (!notificationIds.length) return { count: 0, position: null };
  const { events, position } = await readNotices(store, userId, list, { type: 'ReadAllNotifications', notificationIds }, ctx);
  return { count: events.reduce((n, e) => n + ('notificationIds' in e.data ? e.data.notificationIds.length : 0), 0), position };
}

/**
 * Marks a notification of the user read; answers it as it was before, and where its reading sits
 * in the log (null: it was read already, nothing to wait for).
 */
export async function readNotification(
  { store, db }: NotificationsDeps,
  userId: string,
  notificationId: string,
  ctx: CommandContext,
): Promise<{ notification: Notification; position: Position | null }> {
  const notification = await notificationOf(db, userId, notificationId);
  // Another user's notification answers as one that does not exist.
  if (!notification) throw new DomainError('Notifica non trovata.', 'not-found');
  if (notification.read) return { notification, position: null };
  const { position } = await readNotices(store, userId, 'notifications', { type: 'ReadNotification', notificationId }, ctx);
  return { notification, position };
}

/** Marks read what the user has unread now (a notification arriving meanwhile stays unread); answers how many it marked. */
export async function readAllNotifications({ store, db }: NotificationsDeps, userId: string, ctx: CommandContext): Promise<{ count: number; position: Position | null }> {
  return readAllOf(store, userId, 'notifications', await unreadIds(db, userId), ctx);
}

/** Marks a collaboration notice of the user read; answers it as it was, and where its reading sits in the log (null: read already). */
export async function readCollaboratorNotification(
  { store, db }: NotificationsDeps,
  userId: string,
  notificationId: string,
  ctx: CommandContext,
): Promise<{ notification: CollaboratorNotification; position: Position | null }> {
  const notification = await collaboratorNotificationOf(db, userId, notificationId);
  // Another user's notice answers as one that does not exist.
  if (!notification) throw new DomainError('Avviso non trovato.', 'not-found');
  if (notification.isRead) return { notification, position: null };
  const { position } = await readNotices(store, userId, 'collaboration', { type: 'ReadNotification', notificationId }, ctx);
  return { notification, position };
}

/** Marks read the collaboration notices the user has unread now (expired ones too); answers how many it marked. */
export async function readAllCollaboratorNotifications(
  { store, db }: NotificationsDeps,
  userId: string,
  ctx: CommandContext,
): Promise<{ count: number; position: Position | null }> {
  return readAllOf(store, userId, 'collaboration', await collaboratorUnreadIds(db, userId), ctx);
}

/** Changes how the notices of the given kinds reach the user. */
export async function setNotificationPreferences(
  { store }: Pick<NotificationsDeps, 'store'>,
  user: { id: string; role: Role },
  changes: NotificationPreferencesCommand['changes'],
  ctx: CommandContext,
): Promise<Position | null> {
  const { position } = await handleCommand(
    store,
    notificationPreferencesStreamId(user.id),
    notificationPreferencesDecider(user.id),
    { type: 'SetNotificationPreferences', role: user.role, changes },
    ctx,
  );
  return position;
}

/** Subscribes a browser of the user to Web Push, while the site sends pushes. */
export async function subscribeToPush({ store, db }: NotificationsDeps, userId: string, subscription: PushSubscription, ctx: CommandContext): Promise<Position | null> {
  if (!(await webPushSettingsOf(db)).isEnabled) throw new DomainError('Le notifiche push non sono attive su questo sito.', 'conflict');
  const { position } = await handleCommand(store, pushSubscriptionsStreamId(userId), pushSubscriptionsDecider(userId), { type: 'SubscribeToPush', subscription }, ctx);
  return position;
}

/** Stops pushing to a browser of the user: they asked, their session ended, or its push service no longer knows it. */
export async function unsubscribeFromPush(
  { store }: Pick<NotificationsDeps, 'store'>,
  userId: string,
  endpoint: string,
  reason: UnsubscribeReason,
  ctx: CommandContext,
): Promise<Position | null> {
  const { position } = await handleCommand(store, pushSubscriptionsStreamId(userId), pushSubscriptionsDecider(userId), { type: 'UnsubscribeFromPush', endpoint, reason }, ctx);
  return position;
}

/** Changes the Web Push settings (the switch, the contact, new VAPID keys). */
export async function changeWebPushSettings({ store }: Pick<NotificationsDeps, 'store'>, command: WebPushSettingsCommand, ctx: CommandContext): Promise<Position | null> {
  const { position } = await handleCommand(store, webPushSettingsStreamId, webPushSettingsDecider, command, ctx);
  return position;
}
