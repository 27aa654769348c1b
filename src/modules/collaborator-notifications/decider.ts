import type { Decider, DomainEvent } from '../../platform/domain/decider.js';

export const collaboratorNotificationsStreamId = (userId: string): string => `collaborator-notifications-${userId}`;

export type CollaboratorNotificationsCommand =
  | { type: 'ReadCollaboratorNotification'; notificationId: string }
  /** The ids the user saw unread when asking: a notice arriving meanwhile stays unread. */
  | { type: 'ReadAllCollaboratorNotifications'; notificationIds: string[] };

export type CollaboratorNotificationsEvent =
  | DomainEvent<'CollaboratorNotificationRead', { userId: string; notificationId: string }>
  | DomainEvent<'AllCollaboratorNotificationsRead', { userId: string; notificationIds: string[] }>;

/**
 * What a user has read of their collaboration notices (the notices come from the requests' and
 * unlocks' events): reading twice changes nothing.
 */
export function collaboratorNotificationsDecider(userId: string): Decider<CollaboratorNotificationsCommand, CollaboratorNotificationsEvent, ReadonlySet<string>> {
  return {
    initialState: new Set(),
    decide(command, state) {
      if (command.type === 'ReadCollaboratorNotification') {
        return state.has(command.notificationId) ? [] : [{ type: 'CollaboratorNotificationRead', data: { userId, notificationId: command.notificationId } }];
      }
      const unread = [...new Set(command.notificationIds)].filter((id) => !state.has(id));
      return unread.length ? [{ type: 'AllCollaboratorNotificationsRead', data: { userId, notificationIds: unread } }] : [];
    },
    evolve(state, event) {
      const next = new Set(state);
      if (event.type === 'CollaboratorNotificationRead') next.add(event.data.notificationId);
      else for (const id of event.data.notificationIds) next.add(id);
      return next;
    },
  };
}
