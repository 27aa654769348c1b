import { describe, expect, it } from 'vitest';
import { formatDateTime, formatPickupTime } from './dates';

describe('order dates', () => {
  it('reads times on Rome’s clock, in Italian', () => {
    expect(formatDateTime('2025-04-18T08:30:00Z')).toBe('18 apr 2025, 10:30');
    expect(formatPickupTime('2025-04-18T08:30:00Z')).toBe('venerdì 18 aprile alle 10:30');
    expect(formatPickupTime('2025-01-13T16:05:00Z')).toBe('lunedì 13 gennaio alle 17:05');
  });
});
