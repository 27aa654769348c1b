import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { alwaysOpen, loggedIn, openShop, useLoggedIn, type Person } from '../../../tests/support/marketplace.js';
import { cityOfAddress } from './queries.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

// Far from every other shop of this file's app: Bari, and Lecce for a second collaborator.
const bari = { latitude: 41.1171, longitude: 16.8719 };
const lecce = { latitude: 40.3515, longitude: 18.175 };
/** `km` north of `from`, on distance_km()'s sphere (a degree of latitude is 111.32 km there). */
const north = (from: { latitude: number; longitude: number }, km: number) => ({ latitude: from.latitude + km / 111.32, longitude: from.longitude });

async function collaboratorAt(where: { latitude: number; longitude: number }, radiusKm: number): Promise<Person> {
  const person = await loggedIn(t, 'collaborator');
  const res = await person.browser.post('/api/collaborators', { address: 'Corso Cavour 5, Bari', ...where, radiusKm, services: ['delivery'] });
  if (res.statusCode !== 201) throw new Error(`register ${res.statusCode}: ${res.body}`);
  return person;
}

interface Answer {
  coverageArea: { latitude: number; longitude: number; radiusKm: number };
  total: number;
  stores: { id: string; name: string; city: string; category: string; distanceKm: number }[];
}

describe('GET /api/collaborators/me/stores', () => {
  it('lists the active shops inside my circle only, nearest first, with city, category and distance, and their number', async () => {
    const far = await openShop(t, admin.browser, { name: 'Forno Lontano', where: north(bari, 12), products: [] });
    const second = await openShop(t, admin.browser, {
      name: 'Ferramenta Levante',
      where: north(bari, 7),
      products: [],
      store: { address: 'Via Sparano 3, 70121 Bari (BA)', category: 'ferramenta' },
    });
    const first = await openShop(t, admin.browser, { name: 'Bottega Murat', where: north(bari, 2), products: [] });
    // A shop the admin has not approved is no shop of the area, however near.
    const pendingOwner = await loggedIn(t, 'shopkeeper');
    const pending = await pendingOwner.browser.post('/api/stores', {
      name: 'In attesa',
      address: 'Via Roma 1, Bari',
      ...north(bari, 1),
      openingHours: alwaysOpen,
      category: 'alimentari',
    });
    expect(pending.statusCode, pending.body).toBe(201);

    const me = await collaboratorAt(bari, 10);
    const res = await me.browser.get('/api/collaborators/me/stores');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<Answer>();
    expect(answer.coverageArea).toEqual({ ...bari, radiusKm: 10 });
    expect(answer.total).toBe(2);
    expect(answer.stores.map((s) => [s.id, s.distanceKm])).toEqual([
      [first.store.id, 2],
      [second.store.id, 7],
    ]);
    expect(answer.stores[1]).toEqual({
      id: second.store.id,
      name: 'Ferramenta Levante',
      slug: second.store.slug,
      category: 'ferramenta',
      address: 'Via Sparano 3, 70121 Bari (BA)',
      ...north(bari, 7),
      logo: null,
      city: 'Bari',
      distanceKm: 7,
    });
    expect(answer.stores[0]).toMatchObject({ name: 'Bottega Murat', city: 'Roma', category: 'alimentari' });
    // Public fields only: nothing of the owner, the contacts or the shop's settings.
    for (const key of ['userId', 'ownerId', 'phone', 'email', 'statusReason', 'views', 'status']) expect(answer.stores[0]).not.toHaveProperty(key);
    expect(answer.stores.map((s) => s.id)).not.toContain(far.store.id);

    // Trying a wider circle on the map before saving it: the far shop comes in.
    const preview = await me.browser.get(`/api/collaborators/me/stores?latitude=${bari.latitude}&longitude=${bari.longitude}&radiusKm=15`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<Answer>().total).toBe(3);
    expect(preview.json<Answer>().stores.at(-1)?.id).toBe(far.store.id);

    // The saved circle is what the call reads without a preview.
    expect((await me.browser.request('PATCH', '/api/collaborators/me', { radiusKm: 5 })).statusCode).toBe(200);
    const saved = (await me.browser.get('/api/collaborators/me/stores')).json<Answer>();
    expect(saved.coverageArea.radiusKm).toBe(5);
    expect(saved.stores.map((s) => s.id)).toEqual([first.store.id]);

    // Another collaborator's circle, far away, holds none of them.
    const other = await collaboratorAt(lecce, 20);
    expect((await other.browser.get('/api/collaborators/me/stores')).json()).toMatchObject({ total: 0, stores: [] });
  });

  it('refuses a preview circle that is incomplete or out of bounds, in Italian', async () => {
    const me = await collaboratorAt(bari, 10);
    const cases: [string, string][] = [
      [`latitude=${bari.latitude}`, 'Zona: indica latitudine, longitudine e raggio insieme, o nessuno dei tre.'],
      [`latitude=${bari.latitude}&longitude=${bari.longitude}&radiusKm=150`, 'Raggio: da 1 a 100 km.'],
      [`latitude=51.5&longitude=${bari.longitude}&radiusKm=10`, 'Latitudine: un punto in Italia, da 35 a 47.5. Indica la zona sulla mappa.'],
    ];
    for (const [query, message] of cases) {
      const res = await me.browser.get(`/api/collaborators/me/stores?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.values(res.json().errors ?? {}).concat(res.json().message), query).toContain(message);
    }
  });

  it('is a registered collaborator’s: 401 without a login, 403 to other roles, 404 before registering', async () => {
    expect((await new Browser(t.app).get('/api/collaborators/me/stores')).statusCode).toBe(401);
    for (const role of ['shopkeeper', 'customer', 'admin'] as const) {
      expect((await (await loggedIn(t, role)).browser.get('/api/collaborators/me/stores')).statusCode, role).toBe(403);
    }
    const unregistered = await loggedIn(t, 'collaborator');
    const res = await unregistered.browser.get('/api/collaborators/me/stores');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Profilo da collaboratore non registrato.');
  });
});

describe('cityOfAddress', () => {
  it.each([
    ['Via Roma 1, 20121 Milano (MI)', 'Milano'],
    ['Via dei Serpenti 120, 00184 Roma RM', 'Roma'],
    ['Piazza Duomo, Firenze', 'Firenze'],
    ['Corso Italia 3, La Spezia', 'La Spezia'],
    ['Via senza città', ''],
  ])('reads the city from the last part of «%s»: «%s»', (address, city) => {
    expect(cityOfAddress(address)).toBe(city);
  });
});
