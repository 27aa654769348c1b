import { describe, it } from 'vitest';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { notificationsDecider, type NotificationsEvent } from './decider.js';

const spec = deciderSpec(notificationsDecider('u1'));
const read = (notificationId: string): NotificationsEvent => ({ type: 'NotificationRead', data: { userId: 'u1', notificationId } });

describe('notifications decider', () => {
  it('reads a notification once', () => {
    spec.given([]).when({ type: 'ReadNotification', notificationId: 'n1' }).then([read('n1')]);
    spec.given([read('n1')]).when({ type: 'ReadNotification', notificationId: 'n1' }).thenNothing();
  });

  it('reads all of those still unread, and nothing when none is left', () => {
    spec.given([read('n1')]).when({ type: 'ReadAllNotifications', notificationIds: ['n1', 'n2', 'n3', 'n2'] }).then([
      { type: 'AllNotificationsRead', data: { userId: 'u1', notificationIds: ['n2', 'n3'] } },
    ]);
    const all: NotificationsEvent = { type: 'AllNotificationsRead', data: { userId: 'u1', notificationIds: ['n2', 'n3'] } };
    spec.given([read('n1'), all]).when({ type: 'ReadAllNotifications', notificationIds: ['n1', 'n3'] }).thenNothing();
    spec.given([all]).when({ type: 'ReadNotification', notificationId: 'n2' }).thenNothing();
  });
});
