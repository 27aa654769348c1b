import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '../stores/api';
import { romeDateTime, romeToIso } from '../../lib/dates';
import { cartLineProblem, dayLabel, pickupDays, storeIsOrderable } from './checkout-rules';

describe('pickup times on Rome’s clock', () => {
  const hours: OpeningHours = {
    '0': [],
    '1': [
      { open: '09:00', close: '13:00' },
      { open: '16:00', close: '19:30' },
    ],
    '2': [{ open: '09:00', close: '13:00' }],
    '3': [],
    '4': [],
    '5': [],
    '6': [],
  };

  it('converts a Rome wall time to UTC in winter and in summer', () => {
    expect(romeToIso('2025-01-13', '10:00')).toBe('2025-01-13T09:00:00.000Z');
    expect(romeToIso('2025-07-14', '10:00')).toBe('2025-07-14T08:00:00.000Z');
    expect(romeDateTime(new Date('2025-07-14T22:30:00Z'))).toEqual({ date: '2025-07-15', time: '00:30' });
  });

  it('offers only open days, every 15 minutes inside the hours, from half an hour after now', () => {
    // Monday 13 January 2025, 11:50 in Rome.
    const now = new Date('2025-01-13T10:50:00Z');
    const days = pickupDays(hours, now, 8);
    expect(days.map((d) => d.date)).toEqual(['2025-01-13', '2025-01-14', '2025-01-20']);
    expect(days[0]!.times.slice(0, 3)).toEqual(['12:30', '12:45', '16:00']);
    expect(days[0]!.times.at(-1)).toBe('19:15');
    expect(days[0]!.hours).toEqual(['09:00–13:00', '16:00–19:30']);
    expect(days[1]!.times).toHaveLength(16);
  });

  it('names today and tomorrow, and other days in Italian', () => {
    const now = new Date('2025-01-13T10:50:00Z');
    expect(dayLabel('2025-01-13', now)).toBe('Oggi');
    expect(dayLabel('2025-01-14', now)).toBe('Domani');
    expect(dayLabel('2025-01-17', now)).toBe('venerdì 17 gennaio');
  });
});

describe('cart lines', () => {
  it('flags a line no longer on sale, sold out or above the stock', () => {
    expect(cartLineProblem({ available: false, quantity: 1, stockQuantity: 5 })).toBe('Non più in vendita: toglilo dal carrello.');
    expect(cartLineProblem({ available: true, quantity: 1, stockQuantity: 0 })).toBe('Esaurito: toglilo dal carrello.');
    expect(cartLineProblem({ available: true, quantity: 4, stockQuantity: 3 })).toBe('Ne restano solo 3 pezzi.');
    expect(cartLineProblem({ available: true, quantity: 3, stockQuantity: 3 })).toBeNull();
  });

  it('lets a shop be ordered only when all its lines can', () => {
    expect(storeIsOrderable({ items: [{ available: true, quantity: 1, stockQuantity: 2 }] })).toBe(true);
    expect(
      storeIsOrderable({
        items: [
          { available: true, quantity: 1, stockQuantity: 2 },
          { available: false, quantity: 1, stockQuantity: 2 },
        ],
      }),
    ).toBe(false);
  });

  it('offers no pickup time at a shop without stated hours', () => {
    expect(pickupDays(null, new Date())).toEqual([]);
  });
});
