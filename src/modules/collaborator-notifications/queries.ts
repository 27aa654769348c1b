import { z } from 'zod';
import { sql, type ReadDb } from '../../platform/db/read.js';
import { readPage } from '../../platform/db/read-page.js';
import type { Paging } from '../../platform/http/paging.js';
import { collaboratorNotification, type CollaboratorNotification } from './contract.js';

const columns = sql.fragment`id, shopkeeper_id AS "shopkeeperId", collaborator_id AS "collaboratorId", store_id AS "storeId", request_id AS "requestId",
  notification_type AS "notificationType", title, message, is_read AS "isRead", action_url AS "actionUrl", priority, expires_at AS "expiresAt",
  coalesce(expires_at <= now(), false) AS expired, created_at AS "createdAt"`;

/** One page of the user's collaboration notices, newest first, and how many they have in all. */
export function collaboratorNotificationPage(db: ReadDb, userId: string, paging: Paging): Promise<{ rows: CollaboratorNotification[]; total: number }> {
  return readPage(
    db,
    { row: collaboratorNotification, select: columns, from: sql.fragment`collaborator_notifications WHERE user_id = ${userId}`, order: sql.fragment`created_at DESC, id` },
    paging,
  );
}

/** A notice of the user; another user's is none. */
export function collaboratorNotificationOf(db: ReadDb, userId: string, id: string): Promise<CollaboratorNotification | null> {
  return db.maybeOne(sql.type(collaboratorNotification)`SELECT ${columns} FROM collaborator_notifications WHERE id = ${id} AND user_id = ${userId}`);
}

const countRow = z.object({ count: z.number() });
const idRow = z.object({ id: z.string() });

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
