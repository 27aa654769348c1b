import { handleCommand } from '../../platform/commands/handle-command.js';
import type { ReadDb } from '../../platform/db/read.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { CollaboratorNotification } from './contract.js';
import { collaboratorNotificationsDecider, collaboratorNotificationsStreamId, type CollaboratorNotificationsCommand } from './decider.js';
import { collaboratorNotificationOf, collaboratorUnreadIds } from './queries.js';

export interface CollaboratorNotificationsDeps {
  store: EventStore;
  db: ReadDb;
}

const decide = (store: EventStore, userId: string, command: CollaboratorNotificationsCommand, ctx: CommandContext) =>
  handleCommand(store, collaboratorNotificationsStreamId(userId), collaboratorNotificationsDecider(userId), command, ctx);

/** Marks a notice of the user read; answers it as it was, and where its reading sits in the log (null: read already). */
export async function readCollaboratorNotification(
  { store, db }: CollaboratorNotificationsDeps,
  userId: string,
  notificationId: string,
  ctx: CommandContext,
): Promise<{ notification: CollaboratorNotification; position: Position | null }> {
  const notification = await collaboratorNotificationOf(db, userId, notificationId);
  // Another user's notice answers as one that does not exist.
  if (!notification) throw new DomainError('Avviso non trovato.', 'not-found');
  if (notification.isRead) return { notification, position: null };
  const { position } = await decide(store, userId, { type: 'ReadCollaboratorNotification', notificationId }, ctx);
  return { notification, position };
}

/** Marks read what the user has unread now; answers how many it marked. */
export async function readAllCollaboratorNotifications({ store, db }: CollaboratorNotificationsDeps, userId: string, ctx: CommandContext): Promise<{ count: number; position: Position | null }> {
  const notificationIds = await collaboratorUnreadIds(db, userId);
  if (!notificationIds.length) return { count: 0, position: null };
  const { events, position } = await decide(store, userId, { type: 'ReadAllCollaboratorNotifications', notificationIds }, ctx);
  return { count: events.reduce((n, e) => n + (e.type === 'AllCollaboratorNotificationsRead' ? e.data.notificationIds.length : 0), 0), position };
}
