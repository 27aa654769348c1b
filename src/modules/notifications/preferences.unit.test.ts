import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { noticeKindOf, notificationPreferencesDecider } from './preferences.js';

const decider = notificationPreferencesDecider('u1');

describe('notification preferences', () => {
  it('records only the kinds whose channels change', () => {
    const events = decider.decide(
      { type: 'SetNotificationPreferences', role: 'customer', changes: { orders: { live: false }, reservations: { live: true, email: true } } },
      decider.initialState,
    );
    expect(events).toEqual([{ type: 'NotificationPreferencesChanged', data: { userId: 'u1', changes: { orders: { live: false, email: true } } } }]);
    const state = fold(decider, events);
    expect(decider.decide({ type: 'SetNotificationPreferences', role: 'customer', changes: { orders: { live: false } } }, state)).toEqual([]);
  });

  it('refuses a kind the role is never told about', () => {
    expect(() => decider.decide({ type: 'SetNotificationPreferences', role: 'customer', changes: { store: { live: false } } }, decider.initialState)).toThrow(DomainError);
  });

  it('tells the kind of a notice by its event', () => {
    expect(noticeKindOf('OrderPlaced')).toBe('orders');
    expect(noticeKindOf('ReservationReady')).toBe('reservations');
    expect(noticeKindOf('StoreApproved')).toBe('store');
    expect(noticeKindOf('NotificationRead')).toBeNull();
  });
});
