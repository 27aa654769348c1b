import type { Decider, DomainEvent } from '../../platform/domain/decider.js';

/**
 * A user's two lists of notices: the notifications (every role), and the collaboration notices of
 * collaborators and shopkeepers (requests and unlocks, with their own columns: labels.ts). Each
 * list keeps its readings in its own stream with its own events, as the log has them.
 */
export type NoticeList = 'notifications' | 'collaboration';

export const notificationsStreamId = (userId: string, list: NoticeList = 'notifications'): string =>
  list === 'notifications' ? `notifications-${userId}` : `collaborator-notifications-${userId}`;

export type NotificationsCommand =
  | { type: 'ReadNotification'; notificationId: string }
  /** The ids the user saw unread when asking: a notice arriving meanwhile stays unread. */
  | { type: 'ReadAllNotifications'; notificationIds: string[] };

type Read<T extends string> = DomainEvent<T, { userId: string; notificationId: string }>;
type ReadAll<T extends string> = DomainEvent<T, { userId: string; notificationIds: string[] }>;

export type NotificationsEvent = Read<'NotificationRead'> | ReadAll<'AllNotificationsRead'> | Read<'CollaboratorNotificationRead'> | ReadAll<'AllCollaboratorNotificationsRead'>;

/** The events of each list's readings. */
const readEvents = {
  notifications: { one: 'NotificationRead', all: 'AllNotificationsRead' },
  collaboration: { one: 'CollaboratorNotificationRead', all: 'AllCollaboratorNotificationsRead' },
} as const;

/**
 * What a user has read of one list (the notices themselves come from other events): reading twice
 * changes nothing, so the log holds one fact per notice read.
 */
export function notificationsDecider(userId: string, list: NoticeList = 'notifications'): Decider<NotificationsCommand, NotificationsEvent, ReadonlySet<string>> {
  const { one, all } = readEvents[list];
  return {
    initialState: new Set(),
    decide(command, state) {
      if (command.type === 'ReadNotification') {
        return state.has(command.notificationId) ? [] : [{ type: one, data: { userId, notificationId: command.notificationId } }];
      }
      const unread = [...new Set(command.notificationIds)].filter((id) => !state.has(id));
      return unread.length ? [{ type: all, data: { userId, notificationIds: unread } }] : [];
    },
    evolve(state, event) {
      const next = new Set(state);
      if ('notificationId' in event.data) next.add(event.data.notificationId);
      else for (const id of event.data.notificationIds) next.add(id);
      return next;
    },
  };
}
