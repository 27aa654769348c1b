import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatPickupTime } from './dates';

describe('dates and times', () => {
  // The machine's own zone must not matter: a browser on UTC reads Rome's clock too.
  beforeEach(() => vi.stubEnv('TZ', 'UTC'));
  afterEach(() => vi.unstubAllEnvs());

  it('reads times on Rome’s clock, in Italian, with the machine on UTC', () => {
    expect(formatDateTime('2025-04-18T08:30:00Z')).toBe('18 apr 2025, 10:30');
    expect(formatDateTime('2026-11-23T23:55:00Z')).toBe('24 nov 2026, 00:55');
    expect(formatPickupTime('2025-04-18T08:30:00Z')).toBe('venerdì 18 aprile alle 10:30');
    expect(formatPickupTime('2025-01-13T16:05:00Z')).toBe('lunedì 13 gennaio alle 17:05');
  });

  it('gives the day of Rome, past midnight there while UTC is still on the day before', () => {
    expect(formatDate('2026-11-23T23:55:00Z')).toBe('24 nov 2026');
    expect(formatDate('2026-07-14T22:30:00Z')).toBe('15 lug 2026');
  });
});
