import { describe, expect, it } from 'vitest';
import { storeUpcasters as up } from './upcasters.js';

describe('the stores’ old events, in cents', () => {
  it('reads a profile’s shipping terms in euros as cents, nulls as nulls', () => {
    expect(up.StoreCreated!({ slug: 's', profile: { name: 'Enoteca', shippingCost: 4.5, minimumOrderForShipping: 15, freeShippingThreshold: null } })).toEqual({
      slug: 's',
      profile: { name: 'Enoteca', shippingCostCents: 450, minimumOrderForShippingCents: 1500, freeShippingThresholdCents: null },
    });
  });

  it('reads a change of the terms, and leaves other changes and today’s shape alone', () => {
    expect(up.StoreUpdated!({ changes: { shippingCost: 5.9, freeShippingThreshold: 49.9 } })).toEqual({ changes: { shippingCostCents: 590, freeShippingThresholdCents: 4990 } });
    const named = { changes: { name: 'Enoteca' } };
    expect(up.StoreUpdated!(named)).toBe(named);
    const today = { changes: { shippingCostCents: 590 } };
    expect(up.StoreUpdated!(today)).toBe(today);
  });
});
