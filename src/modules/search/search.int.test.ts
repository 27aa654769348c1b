import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { alwaysOpen, loggedIn, shopsNearby, useLoggedIn } from '../../../tests/support/marketplace.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

/** A shopkeeper with an approved store at `where`, and its products. */
async function shop(name: string, where: { latitude: number; longitude: number }, products: Record<string, unknown>[]) {
  const owner = await loggedIn(t, 'shopkeeper');
  const created = await owner.browser.post('/api/stores', { name, address: 'Via di Prova 1, Torino', ...where, openingHours: alwaysOpen, category: 'alimentari' });
  expect(created.statusCode, created.body).toBe(201);
  expect((await admin.browser.post(`/api/admin/stores/${created.json().id}/approve`)).statusCode).toBe(200);
  const ids: string[] = [];
  for (const p of products) {
    const res = await owner.browser.post('/api/products', { stockQuantity: 5, ...p });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
  return { owner, ids };
}

// Turin: no other test file's shop is near.
const turin = { latitude: 45.0703, longitude: 7.6869 };
const east = (km: number) => ({ latitude: turin.latitude, longitude: turin.longitude + km / 78.6 });
const near = `lat=${turin.latitude}&lng=${turin.longitude}&radius=10`;

const search = async (query: string) => {
  const res = await new Browser(t.app).get(`/api/search/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = async (q: string, more = '') => (await search(`q=${encodeURIComponent(q)}&${near}${more}`)).items.map((i: { name: string }) => i.name);

beforeAll(async () => {
  await shop('Latteria Po', east(3), [
    { name: 'Mozzarella di bufala', price: 4.9, category: 'latticini' },
    { name: 'Mortadella Bologna', price: 3.5 },
    { name: 'Pomodori pelati', price: 1.2 },
    { name: 'Panna da cucina', price: 1.1, description: 'Fresca' },
    { name: 'Lampadina LED', price: 6 },
  ]);
  // Nearer to the customer than the shop above, with a word two typos from "lampadina".
  await shop('Casalinghi Dora', east(1), [{ name: 'Lampada da tavolo', price: 2 }]);
});

describe('product search forgives typos word by word', () => {
  it('one typo in a word of 5 to 8 letters: a letter missing, added, replaced or two swapped', async () => {
    expect(await names('pomodri')).toEqual(['Pomodori pelati']);
    expect(await names('pomodorri')).toEqual(['Pomodori pelati']);
    expect(await names('pomodpri')).toEqual(['Pomodori pelati']);
    expect(await names('pomodroi')).toEqual(['Pomodori pelati']);
    expect(await names('pealti')).toEqual(['Pomodori pelati']);
  });

  it('two typos in a word of 9 letters or more', async () => {
    expect(await names('mozzarrela')).toEqual(['Mozzarella di bufala']);
  });

  it('on every word of the query, in any order, each word needed', async () => {
    expect(await names('mozarella bufala')).toEqual(['Mozzarella di bufala']);
    expect(await names('bufaal mozzarrela')).toEqual(['Mozzarella di bufala']);
    expect(await names('pomodri pelati')).toEqual(['Pomodori pelati']);
    expect(await names('mozarella pelati')).toEqual([]);
    expect(await names('mozarella tonno')).toEqual([]);
  });

  it('no typo in a short word, nor more typos than the word’s length allows', async () => {
    expect(await names('pane')).toEqual([]);
    expect(await names('pnna')).toEqual([]);
    expect(await names('panna')).toEqual(['Panna da cucina']);
    expect(await names('pomadari')).toEqual([]);
    expect(await names('mozzarella')).toEqual(['Mozzarella di bufala']);
    expect(await names('mortadella')).toEqual(['Mortadella Bologna']);
    expect(await names('mozzarrrela')).toEqual([]);
  });

  it('completes the last word while it is being typed, never a word the catalogue holds as typed', async () => {
    expect(await names('mozz')).toEqual(['Mozzarella di bufala']);
    expect(await names('pomod')).toEqual(['Pomodori pelati']);
    expect(await names('bufala mozz')).toEqual(['Mozzarella di bufala']);
    expect((await names('lampad')).sort()).toEqual(['Lampada da tavolo', 'Lampadina LED']);
    // Only the last word, from 3 letters.
    expect(await names('mozz bufala')).toEqual([]);
    expect(await names('mo')).toEqual([]);
    // "lampada" is a word of the catalogue: it means that word, not every word it begins.
    expect(await names('lampada')).toEqual(['Lampada da tavolo']);
  });

  it('ranks the products that match as written before those that match through a typo, whatever the sort', async () => {
    expect(await names('lampadina')).toEqual(['Lampadina LED', 'Lampada da tavolo']);
    expect(await names('lampadina', '&sort=price')).toEqual(['Lampadina LED', 'Lampada da tavolo']);
    expect(await names('lampadina', '&sort=relevance')).toEqual(['Lampadina LED', 'Lampada da tavolo']);
    expect(await names('lampada')).toEqual(['Lampada da tavolo']);
    const paged = await search(`q=lampadina&${near}&pageSize=1&page=2`);
    expect(paged.items.map((i: { name: string }) => i.name)).toEqual(['Lampada da tavolo']);
    expect(paged.total).toBe(2);
  });

  it('learns the words of a renamed product at once', async () => {
    const { owner, ids } = await shop('Caseificio Stura', east(6), [{ name: 'Formaggio fresco', price: 3 }]);
    expect(await names('burata')).toEqual([]);
    expect((await owner.browser.request('PATCH', `/api/products/${ids[0]}`, { name: 'Burrata pugliese' })).statusCode).toBe(200);
    expect(await names('burata pugliese')).toEqual(['Burrata pugliese']);
  });
});

describe('nearby shops forgive typos word by word', () => {
  const shops = (q: string) => shopsNearby(t, `${near}&q=${encodeURIComponent(q)}`);

  it('finds a shop by parts of words, by words in any order, and through a typo in each word', async () => {
    expect(await shops('dora')).toEqual(['Casalinghi Dora']);
    expect(await shops('casalin')).toEqual(['Casalinghi Dora']);
    expect(await shops('dora casalinghi')).toEqual(['Casalinghi Dora']);
    expect(await shops('casalingi')).toEqual(['Casalinghi Dora']);
    expect(await shops('latetria')).toEqual(['Latteria Po']);
    expect(await shops('casalinhgi dora')).toEqual(['Casalinghi Dora']);
    // Dashes that start no word exclude nothing (PostgreSQL's parser cannot stack past 32 of them).
    expect(await shops(`${'-'.repeat(40)} dora`)).toEqual(['Casalinghi Dora']);
  });

  it('finds nothing for a word too far from every word of the shops', async () => {
    expect(await shops('casalinghi po')).toEqual([]);
    expect(await shops('latterie dora')).toEqual([]);
    expect(await shops('macelleria')).toEqual([]);
    expect(await shops('doorrra')).toEqual([]);
  });
});

describe('the admin’s map settings in searches that leave them unsaid', () => {
  const setMaps = async (changes: Record<string, unknown>) => {
    const res = await admin.browser.request('PUT', '/api/admin/google-maps-settings/current', changes);
    expect(res.statusCode, res.body).toBe(200);
  };
  const at = `lat=${turin.latitude}&lng=${turin.longitude}`;
  const nearby = (query: string) => shopsNearby(t, query);
  afterAll(async () => {
    await setMaps({ defaultSearchRadius: 10, defaultLatitude: 41.9028, defaultLongitude: 12.4964 });
  });

  it('searches within the default radius the admin sets, from the next search on; an explicit radius wins', async () => {
    // Casalinghi Dora is 1 km from the customer, Latteria Po (Mortadella) 3 km, Caseificio Stura 6 km.
    const first = await search(`q=mortadella&${at}`);
    expect(first.items.map((i: { name: string }) => i.name)).toEqual(['Mortadella Bologna']);
    expect(first.radius).toBe(10);
    expect(await nearby(at)).toEqual(['Casalinghi Dora', 'Latteria Po', 'Caseificio Stura']);

    await setMaps({ defaultSearchRadius: 2 });
    const within2 = await search(`q=mortadella&${at}`);
    expect(within2).toMatchObject({ items: [], total: 0, radius: 2 });
    expect(await nearby(at)).toEqual(['Casalinghi Dora']);
    expect((await search(`q=lampada&${at}`)).items.map((i: { name: string }) => i.name)).toEqual(['Lampada da tavolo']);

    const explicit = await search(`q=mortadella&${at}&radius=5`);
    expect(explicit.items.map((i: { name: string }) => i.name)).toEqual(['Mortadella Bologna']);
    expect(explicit.radius).toBe(5);
    expect(await nearby(`${at}&radius=5`)).toEqual(['Casalinghi Dora', 'Latteria Po']);

    await setMaps({ defaultSearchRadius: 4 });
    expect((await search(`q=mortadella&${at}`)).items.map((i: { name: string }) => i.name)).toEqual(['Mortadella Bologna']);
    expect(await nearby(at)).toEqual(['Casalinghi Dora', 'Latteria Po']);
  });

  it('searches around the map centre the admin sets when the search names no position', async () => {
    expect((await search('q=mortadella')).items).toEqual([]);
    expect(await nearby('radius=5')).not.toContain('Latteria Po');
    await setMaps({ defaultLatitude: turin.latitude, defaultLongitude: turin.longitude });
    expect((await search('q=mortadella')).items.map((i: { name: string }) => i.name)).toEqual(['Mortadella Bologna']);
    expect(await nearby('radius=5')).toEqual(['Casalinghi Dora', 'Latteria Po']);
  });
});
