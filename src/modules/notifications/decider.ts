import type { Decider, DomainEvent } from '../../platform/domain/decider.js';

export const notificationsStreamId = (userId: string): string => `notifications-${userId}`;

export type NotificationsCommand =
  | { type: 'ReadNotification'; notificationId: string }
  /** The ids the user saw unread when asking: a notification arriving meanwhile stays unread. */
  | { type: 'ReadAllNotifications'; notificationIds: string[] };

export type NotificationsEvent =
  | DomainEvent<'NotificationRead', { userId: string; notificationId: string }>
  | DomainEvent<'AllNotificationsRead', { userId: string; notificationIds: string[] }>;

/**
 * What a user has read (the notifications themselves come from other events): reading twice
 * changes nothing, so the log holds one fact per notification read.
 */
export function notificationsDecider(userId: string): Decider<NotificationsCommand, NotificationsEvent, ReadonlySet<string>> {
  return {
    initialState: new Set(),
    decide(command, state) {
      if (command.type === 'ReadNotification') {
        return state.has(command.notificationId) ? [] : [{ type: 'NotificationRead', data: { userId, notificationId: command.notificationId } }];
      }
      const unread = [...new Set(command.notificationIds)].filter((id) => !state.has(id));
      return unread.length ? [{ type: 'AllNotificationsRead', data: { userId, notificationIds: unread } }] : [];
    },
    evolve(state, event) {
      const next = new Set(state);
      if (event.type === 'NotificationRead') next.add(event.data.notificationId);
      else for (const id of event.data.notificationIds) next.add(id);
      return next;
    },
  };
}
