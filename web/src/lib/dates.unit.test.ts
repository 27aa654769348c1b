import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatMonth, formatPickupTime, formatTime, formatTimeRange } from './dates';

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

  it('writes a period within a day once, and both ends when it crosses midnight in Rome', () => {
    expect(formatTime('2026-11-23T09:05:00Z')).toBe('10:05');
    expect(formatTimeRange('2026-11-23T09:00:00Z', '2026-11-23T11:30:00Z')).toBe('23 nov 2026, 10:00–12:30');
    expect(formatTimeRange('2026-11-23T21:00:00Z', '2026-11-24T01:00:00Z')).toBe('23 nov 2026, 22:00 – 24 nov 2026, 02:00');
  });

  it('names a month in Italian', () => {
    expect(formatMonth('2026-11')).toBe('novembre 2026');
    expect(formatMonth('2027-01')).toBe('gennaio 2027');
  });

  it('gives the day of Rome, past midnight there while UTC is still on the day before', () => {
    expect(formatDate('2026-11-23T23:55:00Z')).toBe('24 nov 2026');
    expect(formatDate('2026-07-14T22:30:00Z')).toBe('15 lug 2026');
  });
});
