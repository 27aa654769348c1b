import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { centsAsEuros, euroAmount, euros } from './money.js';

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

describe('amounts shown without a schema', () => {
  it('shows every cents field at any depth in euros under its old name', () => {
    expect(centsAsEuros({ totalCents: 580, items: [{ name: 'Pane', priceCents: 245 }], profile: { shippingCostCents: null }, quantity: 2 })).toEqual({
      total: 5.8,
      items: [{ name: 'Pane', price: 2.45 }],
      profile: { shippingCost: null },
      quantity: 2,
    });
  });
});
