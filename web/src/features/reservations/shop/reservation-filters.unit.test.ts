import { describe, expect, it } from 'vitest';
import type { ReservationStatus } from '../api';
import { pickupDayText, sortReservations } from '../common';
import { tabCounts } from './reservation-filters';

const r = (status: ReservationStatus, reservationDate: string, preferredPickupTime: string | null, createdAt: string) => ({
  status,
  reservationDate,
  preferredPickupTime,
  createdAt,
});

describe('the shop reservation tabs', () => {
  it('counts each state from the summary, zero while it is not known', () => {
    const byStatus = { pending: 2, confirmed: 0, ready: 1, completed: 4, cancelled: 1 };
    expect(tabCounts({ count: 8, byStatus })).toEqual({ all: 8, ...byStatus });
    expect(tabCounts(undefined)).toEqual({ all: 0, pending: 0, confirmed: 0, ready: 0, completed: 0, cancelled: 0 });
  });
});

describe('the reservation lists', () => {
  it('puts open reservations first by pickup day and time, then closed ones newest first', () => {
    const list = [
      r('completed', '2025-03-01', null, '2025-02-27T10:00:00Z'),
      r('pending', '2025-03-12', null, '2025-03-10T10:00:00Z'),
      r('confirmed', '2025-03-11', '18:00', '2025-03-09T10:00:00Z'),
      r('cancelled', '2025-03-05', null, '2025-03-04T10:00:00Z'),
      r('ready', '2025-03-11', '09:30', '2025-03-10T11:00:00Z'),
      r('pending', '2025-03-11', null, '2025-03-08T10:00:00Z'),
    ];
    expect(sortReservations(list).map((x) => `${x.status} ${x.reservationDate} ${x.preferredPickupTime ?? '-'}`)).toEqual([
      'ready 2025-03-11 09:30',
      'confirmed 2025-03-11 18:00',
      'pending 2025-03-11 -',
      'pending 2025-03-12 -',
      'cancelled 2025-03-05 -',
      'completed 2025-03-01 -',
    ]);
  });

  it('says the pickup day in words', () => {
    expect(pickupDayText({ reservationDate: '2025-03-10', preferredPickupTime: '17:30' }, '2025-03-10')).toBe('Oggi, verso le 17:30');
    expect(pickupDayText({ reservationDate: '2025-03-11', preferredPickupTime: null }, '2025-03-10')).toBe('Domani');
    expect(pickupDayText({ reservationDate: '2025-03-15', preferredPickupTime: null }, '2025-03-10')).toBe('sabato 15 marzo');
    expect(pickupDayText({ reservationDate: '2025-03-31', preferredPickupTime: null }, '2025-03-30')).toBe('Domani');
  });
});
