import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { alwaysOpen, openShop, useLoggedIn, weekOf } from '../../../tests/support/marketplace.js';
import { romeClock } from '../stores/opening-hours.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

/* GET /api/stores/nearby's filters (issue [17]): open now, pickup in the shop, shipping. */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

// Perugia: no other test's shop is near.
const perugia = { latitude: 43.1107, longitude: 12.3908 };
const east = (km: number) => ({ latitude: perugia.latitude, longitude: perugia.longitude + km / 81.2 });
const near = `lat=${perugia.latitude}&lng=${perugia.longitude}&radius=5`;

const slot = (open: string, close: string) => ({ open, close });
/** Monday to Saturday, mornings and afternoons; closed on Sunday. */
const shopHours = weekOf([slot('09:00', '13:00'), slot('16:00', '19:30')], []);

interface Nearby {
  name: string;
  openNow: boolean;
  pickup: boolean;
  shipping: boolean;
}

const nearby = async (query = ''): Promise<Nearby[]> => {
  const res = await new Browser(t.app).get(`/api/stores/nearby?${near}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = async (query = '') => (await nearby(query)).map((s) => s.name);

/**
 * Rome's clock at a moment of a future week (each later than the one before, so the nearby cache,
 * whose answers age with the clock, never answers for another moment). 2031-01-15 is a Wednesday.
 */
const at = (isoInRome: string) => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${isoInRome}+01:00`), shouldAdvanceTime: true });
};
afterEach(() => vi.useRealTimers());

beforeAll(async () => {
  // Nearest first: the order every answer keeps.
  await openShop(t, admin.browser, { name: 'Alimentari Corso', where: east(0.5), products: [], store: { openingHours: shopHours, shippingEnabled: true, pickupOnly: false } });
  await openShop(t, admin.browser, { name: 'Forno del Mattino', where: east(1), products: [], store: { openingHours: weekOf([slot('07:00', '10:00')]), category: 'panetteria' } });
  // No hours stated yet: no pickup (nobody can say when to come), but it ships.
  await openShop(t, admin.browser, {
    name: 'Cartoleria Senza Orari',
    where: east(1.5),
    products: [],
    store: { openingHours: null, shippingEnabled: true, pickupOnly: false, category: 'libreria' },
  });
  // Shipping switched on but pickup only: it does not ship.
  await openShop(t, admin.browser, { name: 'Emporio Solo Ritiro', where: east(2), products: [], store: { openingHours: alwaysOpen, shippingEnabled: true, pickupOnly: true } });
}, hangAfter(60_000));

describe('nearby shops, filtered', () => {
  it('says of each shop whether it takes pickups and ships', async () => {
    expect(await nearby()).toMatchObject([
      { name: 'Alimentari Corso', pickup: true, shipping: true },
      { name: 'Forno del Mattino', pickup: true, shipping: false },
      { name: 'Cartoleria Senza Orari', pickup: false, shipping: true },
      { name: 'Emporio Solo Ritiro', pickup: true, shipping: false },
    ]);
  });

  it('open now: the shops open at this minute of Rome’s clock, as their openNow says', async () => {
    at('2031-01-15T10:30');
    expect(romeClock(new Date())).toEqual({ day: '3', time: '10:30' });
    expect(await names('openNow=true')).toEqual(['Alimentari Corso', 'Emporio Solo Ritiro']);
    // Unsaid or false: open or not.
    expect(await names('openNow=false')).toHaveLength(4);
    expect((await nearby()).filter((s) => s.openNow).map((s) => s.name)).toEqual(['Alimentari Corso', 'Emporio Solo Ritiro']);

    at('2031-01-15T13:00'); // Closing time is already closed.
    expect(await names('openNow=true')).toEqual(['Emporio Solo Ritiro']);
    at('2031-01-15T16:00'); // Opening time is open.
    expect(await names('openNow=true')).toEqual(['Alimentari Corso', 'Emporio Solo Ritiro']);
    at('2031-01-16T07:15');
    expect(await names('openNow=true')).toEqual(['Forno del Mattino', 'Emporio Solo Ritiro']);
    at('2031-01-19T11:00'); // A Sunday: the grocer is closed, the bakery keeps its hours.
    expect(await nearby('openNow=true')).toMatchObject([{ name: 'Emporio Solo Ritiro', openNow: true }]);
  });

  it('pickup: the shops that have stated their hours; shipping: the ones that ship', async () => {
    expect(await names('delivery=pickup')).toEqual(['Alimentari Corso', 'Forno del Mattino', 'Emporio Solo Ritiro']);
    expect(await names('delivery=shipping')).toEqual(['Alimentari Corso', 'Cartoleria Senza Orari']);
  });

  it('adds up with each other, the category and the words', async () => {
    at('2031-01-22T11:00');
    expect(await names('openNow=true&delivery=shipping')).toEqual(['Alimentari Corso']);
    expect(await names('openNow=true&delivery=pickup&category=alimentari')).toEqual(['Alimentari Corso', 'Emporio Solo Ritiro']);
    expect(await names('delivery=shipping&category=libreria')).toEqual(['Cartoleria Senza Orari']);
    expect(await names('delivery=pickup&q=forno')).toEqual(['Forno del Mattino']);
    expect(await names('delivery=pickup&category=libreria')).toEqual([]);
  });

  it('refuses other values in Italian, naming the field', async () => {
    const bad = await new Browser(t.app).get(`/api/stores/nearby?${near}&openNow=si&delivery=casa`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      openNow: 'Aperti ora: true (solo i negozi aperti adesso) o false.',
      delivery: 'Consegna: pickup (ritiro in negozio) o shipping (spedizione).',
    });
    const twice = await new Browser(t.app).get(`/api/stores/nearby?${near}&delivery=pickup&delivery=shipping`);
    expect([twice.statusCode, twice.json().errors]).toEqual([400, { delivery: 'Consegna: pickup (ritiro in negozio) o shipping (spedizione).' }]);
  });
});
