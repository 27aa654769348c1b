import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { notificationsDecider, notificationsStreamId, type NotificationsEvent } from './notifications.js';

const spec = deciderSpec(notificationsDecider('u1'));
const read = (notificationId: string): NotificationsEvent => ({ type: 'NotificationRead', data: { userId: 'u1', notificationId } });

it.each([
  { box: 'notifications', userId: 'u1', type: 'NotificationRead' },
  { box: 'collaboration', userId: 'c1', type: 'CollaboratorNotificationRead' },
] as const)('$box: reads a notice once', ({ box, userId, type }) => {
  const once: NotificationsEvent = { type, data: { userId, notificationId: 'n1' } };
  const inBox = deciderSpec(notificationsDecider(userId, box));
  inBox.given([]).when({ type: 'ReadNotification', notificationId: 'n1' }).then([once]);
  inBox.given([once]).when({ type: 'ReadNotification', notificationId: 'n1' }).thenNothing();
});

describe('notifications decider', () => {
  it('reads all of those still unread, and nothing when none is left', () => {
    spec
      .given([read('n1')])
      .when({ type: 'ReadAllNotifications', notificationIds: ['n1', 'n2', 'n3', 'n2'] })
      .then([{ type: 'AllNotificationsRead', data: { userId: 'u1', notificationIds: ['n2', 'n3'] } }]);
    const all: NotificationsEvent = { type: 'AllNotificationsRead', data: { userId: 'u1', notificationIds: ['n2', 'n3'] } };
    spec
      .given([read('n1'), all])
      .when({ type: 'ReadAllNotifications', notificationIds: ['n1', 'n3'] })
      .thenNothing();
    spec.given([all]).when({ type: 'ReadNotification', notificationId: 'n2' }).thenNothing();
  });
});

describe('collaboration notices decider', () => {
  const collaboration = deciderSpec(notificationsDecider('c1', 'collaboration'));
  const readOne = (notificationId: string): NotificationsEvent => ({ type: 'CollaboratorNotificationRead', data: { userId: 'c1', notificationId } });

  it('keeps its readings in its own stream, with the events the log has for them', () => {
    expect(notificationsStreamId('c1', 'collaboration')).toBe('collaborator-notifications-c1');
    expect(notificationsStreamId('c1')).toBe('notifications-c1');
  });

  it('reads all of those still unread, and nothing when none is left', () => {
    const all: NotificationsEvent = { type: 'AllCollaboratorNotificationsRead', data: { userId: 'c1', notificationIds: ['n2', 'n3'] } };
    collaboration
      .given([readOne('n1')])
      .when({ type: 'ReadAllNotifications', notificationIds: ['n3', 'n1', 'n2', 'n3'] })
      .then([{ type: 'AllCollaboratorNotificationsRead', data: { userId: 'c1', notificationIds: ['n3', 'n2'] } }]);
    collaboration
      .given([readOne('n1'), all])
      .when({ type: 'ReadAllNotifications', notificationIds: ['n1', 'n2'] })
      .thenNothing();
    collaboration.given([all]).when({ type: 'ReadNotification', notificationId: 'n3' }).thenNothing();
    collaboration.given([]).when({ type: 'ReadAllNotifications', notificationIds: [] }).thenNothing();
  });
});
