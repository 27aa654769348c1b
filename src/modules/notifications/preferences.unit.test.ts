import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { catalog } from '../index.js';
import { noticeKinds } from './contract.js';
import { notificationPreferencesDecider, type NotificationPreferencesEvent } from './preferences.js';

const spec = deciderSpec(notificationPreferencesDecider('u1'));

describe('notification preferences', () => {
  it('records only the kinds whose channels change', () => {
    const changed: NotificationPreferencesEvent = { type: 'NotificationPreferencesChanged', data: { userId: 'u1', changes: { orders: { live: false, email: true } } } };
    spec
      .given([])
      .when({ type: 'SetNotificationPreferences', role: 'customer', changes: { orders: { live: false }, reservations: { live: true, email: true } } })
      .then([changed]);
    spec
      .given([changed])
      .when({ type: 'SetNotificationPreferences', role: 'customer', changes: { orders: { live: false } } })
      .thenNothing();
  });

  it('refuses a kind the role is never told about', () => {
    spec
      .given([])
      .when({ type: 'SetNotificationPreferences', role: 'customer', changes: { store: { live: false } } })
      .thenThrows(DomainError, { message: 'Questo tipo di avviso non riguarda il tuo account.', kind: 'rule' });
    spec
      .given([])
      .when({ type: 'SetNotificationPreferences', role: 'shopkeeper', changes: { store: { live: false } } })
      .then([{ type: 'NotificationPreferencesChanged', data: { userId: 'u1', changes: { store: { live: false, email: true } } } }]);
  });

  it('knows every kind of notice the modules declare', () => {
    const declared = Object.entries(catalog.notices).map(([type, rule]) => [type, rule.kind ?? null] as const);
    expect(declared.length).toBeGreaterThan(40);
    expect(declared.filter(([, kind]) => kind !== null && !(noticeKinds as readonly string[]).includes(kind))).toEqual([]);
    const kindOf = Object.fromEntries(declared);
    expect([kindOf.OrderPlaced, kindOf.ReservationReady, kindOf.StoreApproved, kindOf.PackageExpired, kindOf.StoreAccessCodeReissued, kindOf.CaseResolved]).toEqual([
      'orders',
      'reservations',
      'store',
      'store',
      'store',
      null,
    ]);
  });
});
