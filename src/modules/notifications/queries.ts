import { z } from 'zod';
import { sql, type ReadDb } from '../../platform/db/read.js';
import { readPage } from '../../platform/db/read-page.js';
import { readSettingsRowOf } from '../../platform/db/settings-row.js';
import type { Role } from '../../platform/domain/context.js';
import type { Paging } from '../../platform/http/paging.js';
import { collaboratorNotification, noticeKinds, notification, type CollaboratorNotification, type Notification, type NotificationPreferencesAnswer } from './contract.js';
import { defaultPreferences, noticeKindsOf } from './preferences.js';
import { defaultWebPushSettings, type WebPushSettings } from './web-push-settings.js';

const columns = sql.fragment`id, title, message, link, read, created_at AS "createdAt"`;

/** One page of the user's notifications, newest first, and how many they have in all. */
export function notificationPage(db: ReadDb, userId: string, paging: Paging): Promise<{ rows: Notification[]; total: number }> {
  return readPage(db, { row: notification, select: columns, from: sql.fragment`notifications WHERE user_id = ${userId}`, order: sql.fragment`created_at DESC, id` }, paging);
}

/** A notification of the user; another user's is none. */
export function notificationOf(db: ReadDb, userId: string, id: string): Promise<Notification | null> {
  return db.maybeOne(sql.type(notification)`SELECT ${columns} FROM notifications WHERE id = ${id} AND user_id = ${userId}`);
}

const countRow = z.object({ count: z.number() });
const idRow = z.object({ id: z.string() });

export function unreadCount(db: ReadDb, userId: string): Promise<number> {
  return db.oneFirst(sql.type(countRow)`SELECT count(*)::int AS count FROM notifications WHERE user_id = ${userId} AND NOT read`);
}

/** The ids of the user's notifications not read yet. */
export async function unreadIds(db: ReadDb, userId: string): Promise<string[]> {
  return [...(await db.anyFirst(sql.type(idRow)`SELECT id FROM notifications WHERE user_id = ${userId} AND NOT read`))];
}

const storedPreference = z.object({ kind: z.enum(noticeKinds), live: z.boolean(), email: z.boolean() });

/** Each kind of notice of the role, as the user chose it or as it is until they do. */
export async function preferencesOf(db: ReadDb, user: { id: string; role: Role }): Promise<NotificationPreferencesAnswer> {
  const rows = await db.any(sql.type(storedPreference)`SELECT kind, live, email FROM notification_preferences WHERE user_id = ${user.id}`);
  const stored = new Map(rows.map((r) => [r.kind, { live: r.live, email: r.email }]));
  return { preferences: noticeKindsOf[user.role].map((kind) => ({ kind, ...(stored.get(kind) ?? defaultPreferences[kind]) })) };
}

/** The Web Push settings, private key included (web-push-projection.ts holds them; only the server reads them whole). */
export const webPushSettingsOf = (db: ReadDb): Promise<WebPushSettings> => readSettingsRowOf(db, 'web_push_settings', defaultWebPushSettings);

/** How many browsers are subscribed to Web Push. */
export function pushSubscriptionCount(db: ReadDb): Promise<number> {
  return db.oneFirst(sql.type(countRow)`SELECT count(*)::int AS count FROM push_subscriptions`);
}

/* The collaboration notices (collaborator_notifications: collaboration-projection.ts). */

const collaborationColumns = sql.fragment`id, shopkeeper_id AS "shopkeeperId", collaborator_id AS "collaboratorId", store_id AS "storeId", request_id AS "requestId",
  notification_type AS "notificationType", title, message, is_read AS "isRead", action_url AS "actionUrl", priority, expires_at AS "expiresAt",
  coalesce(expires_at <= now(), false) AS expired, created_at AS "createdAt"`;

/** One page of the user's collaboration notices, newest first, and how many they have in all. */
export function collaboratorNotificationPage(db: ReadDb, userId: string, paging: Paging): Promise<{ rows: CollaboratorNotification[]; total: number }> {
  return readPage(
    db,
    {
      row: collaboratorNotification,
      select: collaborationColumns,
      from: sql.fragment`collaborator_notifications WHERE user_id = ${userId}`,
      order: sql.fragment`created_at DESC, id`,
    },
    paging,
  );
}

/** A notice of the user; another user's is none. */
export function collaboratorNotificationOf(db: ReadDb, userId: string, id: string): Promise<CollaboratorNotification | null> {
  return db.maybeOne(sql.type(collaboratorNotification)`SELECT ${collaborationColumns} FROM collaborator_notifications WHERE id = ${id} AND user_id = ${userId}`);
}

/** Unread and still current: an expired notice asks for nothing any more. */
export function collaboratorUnreadCount(db: ReadDb, userId: string): Promise<number> {
  return db.oneFirst(
    sql.type(countRow)`SELECT count(*)::int AS count FROM collaborator_notifications WHERE user_id = ${userId} AND NOT is_read AND (expires_at IS NULL OR expires_at > now())`,
  );
}

/** The ids of the user's notices not read yet (expired ones too: reading all clears them all). */
export async function collaboratorUnreadIds(db: ReadDb, userId: string): Promise<string[]> {
  return [...(await db.anyFirst(sql.type(idRow)`SELECT id FROM collaborator_notifications WHERE user_id = ${userId} AND NOT is_read`))];
}
