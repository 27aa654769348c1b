import { describe, expect, it } from 'vitest';
import { isOpenAt, typicalOpeningHours, weekOfHours } from './opening-hours.js';

const weekdaysOnly = weekOfHours(
  [
    { open: '09:00', close: '13:00' },
    { open: '15:30', close: '19:30' },
  ],
  [{ open: '09:00', close: '13:00' }],
);

describe('isOpenAt (Europe/Rome)', () => {
  it('reads Rome time in winter (UTC+1) and summer (UTC+2)', () => {
    expect(isOpenAt(weekdaysOnly, new Date('2026-01-12T08:30:00Z'))).toBe(true); // Mon 09:30 in Rome
    expect(isOpenAt(weekdaysOnly, new Date('2026-01-12T07:30:00Z'))).toBe(false); // Mon 08:30
    expect(isOpenAt(weekdaysOnly, new Date('2026-07-13T07:30:00Z'))).toBe(true); // Mon 09:30 (summer)
  });
  it('keeps the lunch break and closed days closed, and the closing minute closed', () => {
    expect(isOpenAt(weekdaysOnly, new Date('2026-01-12T13:00:00Z'))).toBe(false); // Mon 14:00
    expect(isOpenAt(weekdaysOnly, new Date('2026-01-11T10:00:00Z'))).toBe(false); // Sunday
    expect(isOpenAt(weekdaysOnly, new Date('2026-01-17T12:00:00Z'))).toBe(false); // Sat 13:00
  });
});

describe('weekOfHours', () => {
  it('gives Monday to Friday the same slots, Saturday and Sunday their own, each day its own copies', () => {
    const week = weekOfHours([{ open: '08:00', close: '12:00' }], [{ open: '09:00', close: '12:30' }]);
    expect(week).toEqual({
      '0': [],
      '1': [{ open: '08:00', close: '12:00' }],
      '2': [{ open: '08:00', close: '12:00' }],
      '3': [{ open: '08:00', close: '12:00' }],
      '4': [{ open: '08:00', close: '12:00' }],
      '5': [{ open: '08:00', close: '12:00' }],
      '6': [{ open: '09:00', close: '12:30' }],
    });
    week['1'][0]!.close = '13:00';
    expect(week['2'][0]!.close).toBe('12:00');
  });
  it('makes the typical shop open on weekday afternoons and Saturday mornings, closed on Sunday', () => {
    expect(isOpenAt(typicalOpeningHours, new Date('2026-01-14T16:00:00Z'))).toBe(true); // Wed 17:00 in Rome
    expect(isOpenAt(typicalOpeningHours, new Date('2026-01-14T14:30:00Z'))).toBe(false); // Wed 15:30
    expect(isOpenAt(typicalOpeningHours, new Date('2026-01-17T09:00:00Z'))).toBe(true); // Sat 10:00
    expect(isOpenAt(typicalOpeningHours, new Date('2026-01-17T13:00:00Z'))).toBe(false); // Sat 14:00
    expect(isOpenAt(typicalOpeningHours, new Date('2026-01-18T10:00:00Z'))).toBe(false); // Sunday
  });
});
