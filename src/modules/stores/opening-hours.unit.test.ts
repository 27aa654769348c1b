import { describe, expect, it } from 'vitest';
import type { OpeningHours } from './store.js';
import { isOpenAt } from './opening-hours.js';

const weekdaysOnly: OpeningHours = {
  '0': [],
  '1': [
    { open: '09:00', close: '13:00' },
    { open: '15:30', close: '19:30' },
  ],
  '2': [
    { open: '09:00', close: '13:00' },
    { open: '15:30', close: '19:30' },
  ],
  '3': [
    { open: '09:00', close: '13:00' },
    { open: '15:30', close: '19:30' },
  ],
  '4': [
    { open: '09:00', close: '13:00' },
    { open: '15:30', close: '19:30' },
  ],
  '5': [
    { open: '09:00', close: '13:00' },
    { open: '15:30', close: '19:30' },
  ],
  '6': [{ open: '09:00', close: '13:00' }],
};

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
