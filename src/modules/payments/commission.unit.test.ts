import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commissionCents, refundSplit, splitOfPayment } from './commission.js';

describe('the commission rule', () => {
  it('rounds to the nearest cent, half a cent up', () => {
    expect(commissionCents(10_000, 20)).toBe(2000);
    expect(commissionCents(3, 20)).toBe(1); // 0,6 cents
    expect(commissionCents(2, 20)).toBe(0); // 0,4 cents
    expect(commissionCents(4, 12.5)).toBe(1); // 0,5 cents: half up
    expect(commissionCents(12, 12.5)).toBe(2); // 1,5 cents
    expect(commissionCents(1999, 0)).toBe(0);
    expect(commissionCents(1999, 100)).toBe(1999);
  });

  it('reads the percentage as the decimal the admin typed, not its binary neighbour', () => {
    // 0.1 % of € 5,00 is exactly half a cent: rounded up. 5000 * 0.1 / 100 in floating point is 4.999999…
    expect(commissionCents(500, 0.1)).toBe(1);
    expect(commissionCents(1000, 12.345)).toBe(123); // 123,45 cents
    expect(commissionCents(200, 12.345)).toBe(25); // 24,69 cents
  });

  it('refuses what is no amount or no percentage', () => {
    expect(() => commissionCents(10.5, 20)).toThrow(RangeError);
    expect(() => commissionCents(-1, 20)).toThrow(RangeError);
    expect(() => commissionCents(100, 101)).toThrow(RangeError);
    expect(() => commissionCents(100, Number.NaN)).toThrow(RangeError);
  });

  const amount = fc.integer({ min: 0, max: 100_000_000 });
  const percentage = fc.oneof(
    fc.integer({ min: 0, max: 100 }),
    fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
  );

  it('splits every payment into a fee and a shop’s part that add up to it, the fee within half a cent of the exact one', () => {
    fc.assert(
      fc.property(amount, percentage, (cents, pct) => {
        const { feeCents, netCents } = splitOfPayment(cents, pct);
        expect(feeCents + netCents).toBe(cents);
        expect(feeCents).toBeGreaterThanOrEqual(0);
        expect(netCents).toBeGreaterThanOrEqual(0);
        expect(Math.abs(feeCents - (cents * pct) / 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('gives back the whole fee and the whole shop’s part over refunds in any parts, each part of a refund adding up to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), percentage, fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 8 }), (cents, pct, weights) => {
        const { feeCents, netCents } = splitOfPayment(cents, pct);
        // The refunds' amounts: the payment cut in parts in proportion to the weights.
        const sum = weights.reduce((a, b) => a + b, 0);
        const cuts = weights.map((_weight, i) => Math.floor((cents * weights.slice(0, i + 1).reduce((a, b) => a + b, 0)) / sum));
        const parts = cuts.map((cut, i) => cut - (i === 0 ? 0 : cuts[i - 1]!)).filter((p) => p > 0);
        let refunded = 0;
        let feeBack = 0;
        let netBack = 0;
        for (const part of parts) {
          const back = refundSplit({ amountCents: cents, feeCents }, refunded, part);
          expect(back.feeCents + back.netCents).toBe(part);
          expect(back.feeCents).toBeGreaterThanOrEqual(0);
          expect(back.netCents).toBeGreaterThanOrEqual(0);
          refunded += part;
          feeBack += back.feeCents;
          netBack += back.netCents;
        }
        expect(refunded).toBe(cents);
        expect(feeBack).toBe(feeCents);
        expect(netBack).toBe(netCents);
      }),
    );
  });
});
