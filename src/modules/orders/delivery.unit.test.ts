import { describe, expect, it } from 'vitest';
import { shippingCostFor, type ShopTerms } from './delivery.js';

const shop: ShopTerms = {
  latitude: 41.9, longitude: 12.5, openingHours: null, deliveryRadius: 5, shippingEnabled: true, pickupOnly: false, shippingRadius: 10,
  minimumOrderForShippingCents: null, shippingCostCents: 490, freeShippingThresholdCents: 3000,
};

describe('the shipping cost', () => {
  it('is the shop’s below its free-shipping threshold and nothing from it up, without a limit of the plan', () => {
    expect(shippingCostFor(shop, 2999)).toBe(490);
    expect(shippingCostFor(shop, 3000)).toBe(0);
    expect(shippingCostFor({ ...shop, freeShippingOrdersLeft: null }, 3000)).toBe(0);
  });

  it('is the shop’s again from the threshold up once the plan’s free orders of the period are used up', () => {
    expect(shippingCostFor({ ...shop, freeShippingOrdersLeft: 1 }, 3000)).toBe(0);
    expect(shippingCostFor({ ...shop, freeShippingOrdersLeft: 0 }, 3000)).toBe(490);
    expect(shippingCostFor({ ...shop, freeShippingOrdersLeft: 0 }, 2000)).toBe(490);
  });
});
