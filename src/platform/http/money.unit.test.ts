import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { euroAmount, euros } from './money.js';

describe('money at the HTTP edge', () => {
  it('reads euros of a request as cents, with the field’s own messages', () => {
    const price = euroAmount(z.number().positive('Il prezzo deve essere maggiore di zero.'));
    expect(price.parse(2.35)).toBe(235);
    expect(price.parse(0.3)).toBe(30);
    expect(price.safeParse(-1).error?.issues[0]?.message).toBe('Il prezzo deve essere maggiore di zero.');
    expect(Number.isInteger(price.parse(0.004))).toBe(false);
  });

  it('answers cents as euros with two decimals, null as null', () => {
    expect(z.encode(euros, 580)).toBe(5.8);
    expect(z.encode(z.object({ total: euros, shippingCost: euros.nullable() }), { total: 2449, shippingCost: null })).toEqual({ total: 24.49, shippingCost: null });
    expect(() => z.encode(euros, 2.35)).toThrow();
  });
});
