import { describe, expect, it } from 'vitest';
import { formatCents, isWholeCents, toCents, toEuros } from './money.js';

describe('money in cents', () => {
  it('reads euros into whole cents despite binary floating point', () => {
    expect(toCents(2.35)).toBe(235);
    expect(toCents(0.3)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1_000_000)).toBe(100_000_000);
    expect(toCents(0)).toBe(0);
  });

  it('keeps an amount in fractions of a cent fractional, for the decider to refuse', () => {
    expect(toCents(0.004)).toBeCloseTo(0.4);
    expect(isWholeCents(toCents(0.004))).toBe(false);
    expect(isWholeCents(toCents(2.345))).toBe(false);
    expect(isWholeCents(toCents(2.35))).toBe(true);
  });

  it('answers euros with two decimals', () => {
    expect(toEuros(235)).toBe(2.35);
    expect(toEuros(580)).toBe(5.8);
    expect(toEuros(2449)).toBe(24.49);
    expect(toEuros(toCents(0.1) + toCents(0.2))).toBe(0.3);
  });

  it('writes amounts as the Italian messages always did', () => {
    expect(formatCents(235)).toBe('€ 2,35');
    expect(formatCents(580)).toBe('€ 5,80');
    expect(formatCents(0)).toBe('€ 0,00');
    expect(formatCents(100_000_000)).toBe('€ 1.000.000,00');
  });
});
