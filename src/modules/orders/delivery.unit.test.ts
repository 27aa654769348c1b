import { describe, expect, it } from 'vitest';
import { distanceKm } from '../../platform/domain/format.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkShipping, deliveryTerms, noPickupText, shippingCostFor, storeDelivers, type ShippingOffer, type ShopTerms } from './delivery.js';

const shop: ShopTerms = {
  latitude: 41.9,
  longitude: 12.5,
  openingHours: null,
  deliveryRadius: 5,
  shippingEnabled: true,
  pickupOnly: false,
  shippingRadius: 10,
  minimumOrderForShippingCents: null,
  shippingCostCents: 490,
  freeShippingThresholdCents: 3000,
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

/* The same rule as the checkout explains it, on the cart's terms in euros. */
const at = { latitude: 41.9028, longitude: 12.4964 };
const terms = (over: Partial<ShippingOffer> = {}): ShippingOffer => ({ enabled: true, radiusKm: 5, cost: 4.9, freeFrom: 30, freeOrdersLeft: null, minimumOrder: 15, ...over });
/** About 3,3 km east of the shop, and about 11 km east. */
const near = { latitude: 41.9028, longitude: 12.5364 };
const far = { latitude: 41.9028, longitude: 12.63 };
describe('checkShipping', () => {
  it('charges the shop’s cost below the free-shipping threshold and says how much is missing', () => {
    const check = checkShipping({ ...at, subtotal: 20, shipping: terms() }, near);
    expect(check).toMatchObject({ offered: true, cost: 4.9, free: false, missingForFree: 10, meetsMinimum: true, inRadius: true, ok: true });
    expect(check.distance).toBeCloseTo(3.3, 1);
  });

  it('is free from the threshold up', () => {
    expect(checkShipping({ ...at, subtotal: 30, shipping: terms() }, near)).toMatchObject({ cost: 0, free: true, missingForFree: null, ok: true });
  });

  it('charges the shop’s cost from the threshold up once the plan’s free orders of the period are used up', () => {
    expect(checkShipping({ ...at, subtotal: 30, shipping: terms({ freeOrdersLeft: 1 }) }, near)).toMatchObject({ cost: 0, free: true, freeUsedUp: false });
    expect(checkShipping({ ...at, subtotal: 30, shipping: terms({ freeOrdersLeft: 0 }) }, near)).toMatchObject({ cost: 4.9, free: false, freeUsedUp: true, missingForFree: null });
  });

  it('refuses an address beyond the radius and an order under the minimum', () => {
    expect(checkShipping({ ...at, subtotal: 20, shipping: terms() }, far)).toMatchObject({ inRadius: false, ok: false });
    expect(checkShipping({ ...at, subtotal: 10, shipping: terms() }, near)).toMatchObject({ meetsMinimum: false, ok: false });
  });

  it('waits for a position before judging the distance, and refuses a shop that does not ship', () => {
    expect(checkShipping({ ...at, subtotal: 20, shipping: terms() }, null)).toMatchObject({ distance: null, inRadius: null, ok: true });
    expect(checkShipping({ ...at, subtotal: 20, shipping: terms({ enabled: false }) }, near)).toMatchObject({ offered: false, ok: false });
  });

  it('measures great-circle distances (a degree of latitude is about 111,2 km)', () => {
    expect(distanceKm({ latitude: 41, longitude: 12 }, { latitude: 42, longitude: 12 })).toBeCloseTo(111.2, 1);
    expect(distanceKm(at, far)).toBeCloseTo(11.06, 1);
  });
});

describe('the order’s shipping decision and the checkout’s explanation', () => {
  const terms = { ...shop, latitude: 41.9028, longitude: 12.4964, shippingRadius: 5, minimumOrderForShippingCents: 1500, shippingCostCents: 490 };
  const ship = (subtotalCents: number, position: { latitude: number; longitude: number }) =>
    deliveryTerms(
      terms,
      subtotalCents,
      { deliveryType: 'shipping', deliveryAddress: 'Via Roma 1', deliveryLatitude: position.latitude, deliveryLongitude: position.longitude },
      new Date(),
      'stores.0',
    );
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof DomainError ? error.message : String(error);
    }
    return null;
  };

  it('charges what checkShipping says, and refuses what it refuses with the checkout’s words', () => {
    expect(ship(2000, near).shippingCostCents).toBe(490);
    expect(ship(3000, near).shippingCostCents).toBe(0);
    expect(refusal(() => ship(2000, far))).toMatch(/^L’indirizzo è a 11,\d km: il negozio spedisce entro 5 km\.$/);
    expect(refusal(() => ship(1000, near))).toBe('Per la spedizione serve un ordine minimo di € 15,00 (ora € 10,00).');
    expect(refusal(() => deliveryTerms({ ...terms, shippingEnabled: false }, 2000, { deliveryType: 'shipping' }, new Date(), 'stores.0'))).toBe(
      'Questo negozio non effettua spedizioni: scegli il ritiro in negozio.',
    );
  });

  it('says why a shop without stated hours takes no pickup, and offers shipping when it ships', () => {
    expect(noPickupText({ pickup: true, shipping: { enabled: false } })).toBeNull();
    expect(noPickupText({ pickup: false, shipping: { enabled: true } })).toBe(
      'Il negozio non ha ancora indicato i suoi orari di apertura: per ora non si può ritirare lì, ma puoi scegliere la spedizione.',
    );
    expect(noPickupText({ pickup: false, shipping: { enabled: false } })).toBe(
      'Il negozio non ha ancora indicato i suoi orari di apertura e non effettua spedizioni: per ora non si può ordinare lì. Togli i suoi prodotti dal carrello per ordinare il resto.',
    );
    expect([storeDelivers({ pickup: false, shipping: { enabled: true } }), storeDelivers({ pickup: false, shipping: { enabled: false } })]).toEqual([true, false]);
  });
});
