import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { noticeKindOf, notificationPreferencesDecider, type NotificationPreferencesEvent } from './preferences.js';

const spec = deciderSpec(notificationPreferencesDecider('u1'));

describe('notification preferences', () => {
  it('records only the kinds whose channels change', () => {
    const changed: NotificationPreferencesEvent = { type: 'NotificationPreferencesChanged', data: { userId: 'u1', changes: { orders: { live: false, email: true } } } };
    spec.given([])
      .when({ type: 'SetNotificationPreferences', role: 'customer', changes: { orders: { live: false }, reservations: { live: true, email: true } } })
      .then([changed]);
    spec.given([changed]).when({ type: 'SetNotificationPreferences', role: 'customer', changes: { orders: { live: false } } }).thenNothing();
  });

  it('refuses a kind the role is never told about', () => {
    spec.given([])
      .when({ type: 'SetNotificationPreferences', role: 'customer', changes: { store: { live: false } } })
      .thenThrows(DomainError, { message: 'Questo tipo di avviso non riguarda il tuo account.', kind: 'rule' });
    spec.given([]).when({ type: 'SetNotificationPreferences', role: 'shopkeeper', changes: { store: { live: false } } }).then([
      { type: 'NotificationPreferencesChanged', data: { userId: 'u1', changes: { store: { live: false, email: true } } } },
    ]);
  });

  it('tells the kind of a notice by its event', () => {
    expect(noticeKindOf('OrderPlaced')).toBe('orders');
    expect(noticeKindOf('ReservationReady')).toBe('reservations');
    expect(noticeKindOf('StoreApproved')).toBe('store');
    expect(noticeKindOf('NotificationRead')).toBeNull();
  });
});
