import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { notificationsDecider, type NotificationsCommand, type NotificationsEvent } from './decider.js';

const decider = notificationsDecider('u1');
const given = (...events: NotificationsEvent[]) => ({
  when: (command: NotificationsCommand) => decider.decide(command, fold(decider, events)),
});
const read = (notificationId: string): NotificationsEvent => ({ type: 'NotificationRead', data: { userId: 'u1', notificationId } });

describe('notifications decider', () => {
  it('reads a notification once', () => {
    expect(given().when({ type: 'ReadNotification', notificationId: 'n1' })).toEqual([read('n1')]);
    expect(given(read('n1')).when({ type: 'ReadNotification', notificationId: 'n1' })).toEqual([]);
  });

  it('reads all of those still unread, and nothing when none is left', () => {
    expect(given(read('n1')).when({ type: 'ReadAllNotifications', notificationIds: ['n1', 'n2', 'n3', 'n2'] })).toEqual([
      { type: 'AllNotificationsRead', data: { userId: 'u1', notificationIds: ['n2', 'n3'] } },
    ]);
    const all: NotificationsEvent = { type: 'AllNotificationsRead', data: { userId: 'u1', notificationIds: ['n2', 'n3'] } };
    expect(given(read('n1'), all).when({ type: 'ReadAllNotifications', notificationIds: ['n1', 'n3'] })).toEqual([]);
    expect(given(all).when({ type: 'ReadNotification', notificationId: 'n2' })).toEqual([]);
  });
});
