import { describe, expect, it } from 'vitest';
import type { CartShipping } from '../cart/api';
import type { OpeningHours } from '../stores/api';
import { romeDateTime, romeToIso } from '../../lib/dates';
import { distanceKm } from '@platform/domain/format';
import { cartLineProblem, checkShipping, dayLabel, noPickupText, pickupDays, storeDelivers, storeIsOrderable } from './checkout-rules';

const shop = { latitude: 41.9028, longitude: 12.4964 };
const terms = (over: Partial<CartShipping> = {}): CartShipping => ({ enabled: true, radiusKm: 5, cost: 4.9, freeFrom: 30, freeOrdersLeft: null, minimumOrder: 15, note: null, ...over });
/** About 3,3 km east of the shop, and about 11 km east. */
const near = { latitude: 41.9028, longitude: 12.5364 };
const far = { latitude: 41.9028, longitude: 12.63 };

describe('checkShipping', () => {
  it('charges the shop’s cost below the free-shipping threshold and says how much is missing', () => {
    const check = checkShipping({ ...shop, subtotal: 20, shipping: terms() }, near);
    expect(check).toMatchObject({ offered: true, cost: 4.9, free: false, missingForFree: 10, meetsMinimum: true, inRadius: true, ok: true });
    expect(check.distance).toBeCloseTo(3.3, 1);
  });

  it('is free from the threshold up', () => {
    expect(checkShipping({ ...shop, subtotal: 30, shipping: terms() }, near)).toMatchObject({ cost: 0, free: true, missingForFree: null, ok: true });
  });

  it('charges the shop’s cost from the threshold up once the plan’s free orders of the period are used up', () => {
    expect(checkShipping({ ...shop, subtotal: 30, shipping: terms({ freeOrdersLeft: 1 }) }, near)).toMatchObject({ cost: 0, free: true, freeUsedUp: false });
    expect(checkShipping({ ...shop, subtotal: 30, shipping: terms({ freeOrdersLeft: 0 }) }, near)).toMatchObject({ cost: 4.9, free: false, freeUsedUp: true, missingForFree: null });
  });

  it('refuses an address beyond the radius and an order under the minimum', () => {
    expect(checkShipping({ ...shop, subtotal: 20, shipping: terms() }, far)).toMatchObject({ inRadius: false, ok: false });
    expect(checkShipping({ ...shop, subtotal: 10, shipping: terms() }, near)).toMatchObject({ meetsMinimum: false, ok: false });
  });

  it('waits for a position before judging the distance, and refuses a shop that does not ship', () => {
    expect(checkShipping({ ...shop, subtotal: 20, shipping: terms() }, null)).toMatchObject({ distance: null, inRadius: null, ok: true });
    expect(checkShipping({ ...shop, subtotal: 20, shipping: terms({ enabled: false }) }, near)).toMatchObject({ offered: false, ok: false });
  });

  it('measures great-circle distances (a degree of latitude is about 111,2 km)', () => {
    expect(distanceKm({ latitude: 41, longitude: 12 }, { latitude: 42, longitude: 12 })).toBeCloseTo(111.2, 1);
    expect(distanceKm(shop, far)).toBeCloseTo(11.06, 1);
  });
});

describe('pickup times on Rome’s clock', () => {
  const hours: OpeningHours = { '0': [], '1': [{ open: '09:00', close: '13:00' }, { open: '16:00', close: '19:30' }], '2': [{ open: '09:00', close: '13:00' }], '3': [], '4': [], '5': [], '6': [] };

  it('converts a Rome wall time to UTC in winter and in summer', () => {
    expect(romeToIso('2025-01-13', '10:00')).toBe('2025-01-13T09:00:00.000Z');
    expect(romeToIso('2025-07-14', '10:00')).toBe('2025-07-14T08:00:00.000Z');
    expect(romeDateTime(new Date('2025-07-14T22:30:00Z'))).toEqual({ date: '2025-07-15', time: '00:30' });
  });

  it('offers only open days, every 15 minutes inside the hours, from half an hour after now', () => {
    // Monday 13 January 2025, 11:50 in Rome.
    const now = new Date('2025-01-13T10:50:00Z');
    const days = pickupDays(hours, now, 8);
    expect(days.map((d) => d.date)).toEqual(['2025-01-13', '2025-01-14', '2025-01-20']);
    expect(days[0]!.times.slice(0, 3)).toEqual(['12:30', '12:45', '16:00']);
    expect(days[0]!.times.at(-1)).toBe('19:15');
    expect(days[0]!.hours).toEqual(['09:00–13:00', '16:00–19:30']);
    expect(days[1]!.times).toHaveLength(16);
  });

  it('names today and tomorrow, and other days in Italian', () => {
    const now = new Date('2025-01-13T10:50:00Z');
    expect(dayLabel('2025-01-13', now)).toBe('Oggi');
    expect(dayLabel('2025-01-14', now)).toBe('Domani');
    expect(dayLabel('2025-01-17', now)).toBe('venerdì 17 gennaio');
  });
});

describe('cart lines', () => {
  it('flags a line no longer on sale, sold out or above the stock', () => {
    expect(cartLineProblem({ available: false, quantity: 1, stockQuantity: 5 })).toBe('Non più in vendita: toglilo dal carrello.');
    expect(cartLineProblem({ available: true, quantity: 1, stockQuantity: 0 })).toBe('Esaurito: toglilo dal carrello.');
    expect(cartLineProblem({ available: true, quantity: 4, stockQuantity: 3 })).toBe('Ne restano solo 3 pezzi.');
    expect(cartLineProblem({ available: true, quantity: 3, stockQuantity: 3 })).toBeNull();
  });

  it('lets a shop be ordered only when all its lines can', () => {
    expect(storeIsOrderable({ items: [{ available: true, quantity: 1, stockQuantity: 2 }] })).toBe(true);
    expect(storeIsOrderable({ items: [{ available: true, quantity: 1, stockQuantity: 2 }, { available: false, quantity: 1, stockQuantity: 2 }] })).toBe(false);
  });

  it('says why a shop without stated hours takes no pickup, and offers shipping when it ships', () => {
    expect(noPickupText({ pickup: true, shipping: { enabled: false } })).toBeNull();
    expect(noPickupText({ pickup: false, shipping: { enabled: true } })).toMatch(/non ha ancora indicato i suoi orari.*puoi scegliere la spedizione/);
    expect(noPickupText({ pickup: false, shipping: { enabled: false } })).toMatch(/non effettua spedizioni: per ora non si può ordinare lì/);
    expect([storeDelivers({ pickup: false, shipping: { enabled: true } }), storeDelivers({ pickup: false, shipping: { enabled: false } })]).toEqual([true, false]);
    expect(pickupDays(null, new Date())).toEqual([]);
  });
});
