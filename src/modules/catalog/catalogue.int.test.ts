import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../platform/domain/context.js';
import { romeClock } from '../stores/opening-hours.js';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn as newPerson, givePlan, shopsNearby, useLoggedIn, weekOf } from '../../../tests/support/marketplace.js';
import { cellsAround } from '../../platform/http/geo.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useTestApp({ uploads: true });
const admin = useLoggedIn(t, 'admin');

/** Closed on Sunday: the same slots Monday to Saturday. */
const week = (slots: { open: string; close: string }[]) => weekOf(slots, []);
const hours = week([{ open: '08:00', close: '20:00' }]);
const milan = { latitude: 45.4642, longitude: 9.19 };
const rome = { latitude: 41.9028, longitude: 12.4964 };
const bologna = { latitude: 44.4949, longitude: 11.3426 };
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A new user of the role, logged in (tests/support/marketplace.ts). */
const loggedIn = (role: Role) => newPerson(t, role);

/** A shopkeeper with an approved store at `where`, and its products. */
async function shop(name: string, where: { latitude: number; longitude: number }, products: Record<string, unknown>[], over: Record<string, unknown> = {}) {
  const owner = await loggedIn('shopkeeper');
  const created = await owner.browser.post('/api/stores', { name, address: 'Via di Prova 1, Italia', ...where, openingHours: hours, category: 'alimentari', ...over });
  expect(created.statusCode).toBe(201);
  const store = created.json();
  expect((await admin.browser.post(`/api/admin/stores/${store.id}/approve`)).statusCode).toBe(200);
  const ids: string[] = [];
  for (const p of products) {
    const res = await owner.browser.post('/api/products', { stockQuantity: 5, category: 'alimentari', ...p });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
  return { owner, store, ids };
}

const search = async (query: string) => (await new Browser(t.app).get(`/api/search/products?${query}`)).json();

describe('stores', () => {
  it('validates a new store in Italian and opens it pending, one per shopkeeper', async () => {
    const owner = await loggedIn('shopkeeper');
    const bad = await owner.browser.post('/api/stores', {
      name: 'X',
      openingHours: week([
        { open: '09:00', close: '13:00' },
        { open: '12:00', close: '18:00' },
      ]),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: 'Nome del negozio: almeno 2 caratteri.',
      address: 'Indirizzo: campo obbligatorio.',
      latitude: 'Posizione obbligatoria: indica il negozio sulla mappa.',
      'openingHours.1': 'Le fasce orarie dello stesso giorno non possono sovrapporsi.',
    });
    const ok = await owner.browser.post('/api/stores', {
      name: 'Salumeria Rinaldi',
      address: 'Via Torino 12, Milano',
      ...milan,
      openingHours: hours,
      phone: '+39 02 1234567',
      showPhone: false,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ name: 'Salumeria Rinaldi', slug: 'salumeria-rinaldi', status: 'pending', pickupOnly: true, deliveryRadius: 5, category: 'general' });
    expect((await owner.browser.post('/api/stores', { name: 'Secondo', address: 'Via Torino 14, Milano', ...milan, openingHours: hours })).statusCode).toBe(409);
    const customer = await loggedIn('customer');
    expect((await customer.browser.post('/api/stores', { name: 'Nope', address: 'Via Torino 14, Milano', ...milan, openingHours: hours })).statusCode).toBe(403);
  });

  it('changes only what the owner sends, and hides a pending store from others', async () => {
    const owner = await loggedIn('shopkeeper');
    const { id, slug } = (
      await owner.browser.post('/api/stores', { name: 'Merceria Luisa', address: 'Via Dante 3, Milano', ...milan, openingHours: hours, phone: '+39 02 7654321' })
    ).json();
    await givePlan(t, owner.id);
    const patched = await owner.browser.request('PATCH', '/api/stores/me', { shippingEnabled: true, pickupOnly: false, shippingCost: 4.5, showPhone: false });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Merceria Luisa', shippingEnabled: true, pickupOnly: false, shippingCost: 4.5, showPhone: false });
    expect((await owner.browser.request('PATCH', '/api/stores/me', { website: 'non un sito' })).json().errors.website).toBe('Indirizzo del sito non valido (https://…).');
    expect((await new Browser(t.app).get(`/api/stores/${slug}`)).statusCode).toBe(404);
    expect((await owner.browser.get(`/api/stores/${slug}`)).statusCode).toBe(200);
    await admin.browser.post(`/api/admin/stores/${id}/approve`);
    const page = await new Browser(t.app).get(`/api/stores/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id, name: 'Merceria Luisa', phone: null, openNow: expect.any(Boolean) });
    expect(page.json()).not.toHaveProperty('userId');
    await new Browser(t.app).get(`/api/stores/${id}`);
    // The owner's own look before the approval is no visit.
    expect((await owner.browser.get('/api/stores/me')).json().views).toBe(2);
  });

  it('tells the owner when the store is approved, suspended and reactivated', async () => {
    const { owner, store } = await shop('Drogheria Bassi', rome, []);
    const latest = async () => (await owner.browser.get('/api/notifications')).json()[0];
    const approved = await latest();
    expect(approved).toMatchObject({ title: 'Negozio approvato', read: false });
    expect(approved.message).toContain('Drogheria Bassi');
    expect((await admin.browser.post(`/api/admin/stores/${store.id}/suspend`, { reason: 'Documenti da aggiornare' })).statusCode).toBe(200);
    const suspended = await latest();
    expect(suspended).toMatchObject({ title: 'Negozio sospeso', read: false });
    expect(suspended.message).toContain('Documenti da aggiornare');
    expect((await admin.browser.post(`/api/admin/stores/${store.id}/reactivate`)).statusCode).toBe(200);
    expect(await latest()).toMatchObject({ title: 'Negozio riattivato', message: '«Drogheria Bassi» è di nuovo visibile ai clienti.' });
    expect((await owner.browser.get('/api/notifications')).json()).toHaveLength(3);
  });

  it('shows the e-mail and the phone on the public page only when the owner allows it', async () => {
    const contacts = { email: 'negozio@esempio.it', phone: '+39 051 123456' };
    const { owner, store } = await shop('Cartoleria Riservata', bologna, [], { ...contacts, showEmail: false });
    const page = (await new Browser(t.app).get(`/api/stores/${store.slug}`)).json();
    expect(page).toMatchObject({ email: null, phone: contacts.phone, showEmail: false });
    expect((await owner.browser.get('/api/stores/me')).json()).toMatchObject(contacts);
    await owner.browser.request('PATCH', '/api/stores/me', { showEmail: true, showPhone: false });
    expect((await new Browser(t.app).get(`/api/stores/${store.slug}`)).json()).toMatchObject({ email: contacts.email, phone: null });
  });

  it(
    'tells whether a store is open right now on Rome’s clock',
    async () => {
      // Build the hours around the current minute in Rome, with half an hour of margin either side;
      // in the last minutes of the day there is no such margin, so wait for the next day.
      const untilMidnight = (24 * 60 - minutesOf(romeClock(new Date()).time)) * 60_000;
      if (untilMidnight <= 2 * 60_000) await sleep(untilMidnight + 5_000);
      const clock = romeClock(new Date());
      const now = minutesOf(clock.time);
      const band = (from: number, to: number) => [{ open: hhmm(Math.max(0, from)), close: hhmm(Math.min(24 * 60 - 1, to)) }];
      const today = (slots: { open: string; close: string }[], otherDays: { open: string; close: string }[]) =>
        Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, d === clock.day ? slots : otherDays]));
      const allDay = band(0, 24 * 60);
      // Open: only today, around now. Closed: every other day all day long, today only later or earlier.
      const open = await shop('Bottega aperta ora', bologna, [], { openingHours: today(band(now - 30, now + 30), []) });
      const later = now + 90 < 24 * 60 ? band(now + 30, now + 90) : band(now - 90, now - 30);
      const closed = await shop('Bottega chiusa ora', bologna, [], { openingHours: today(later, allDay) });
      const openNow = async (slug: string) => (await new Browser(t.app).get(`/api/stores/${slug}`)).json().openNow;
      expect(await openNow(open.store.slug)).toBe(true);
      expect(await openNow(closed.store.slug)).toBe(false);
      const nearby = (await new Browser(t.app).get(`/api/stores/nearby?lat=${bologna.latitude}&lng=${bologna.longitude}&radius=1&q=ora`)).json();
      expect(Object.fromEntries(nearby.map((s: { name: string; openNow: boolean }) => [s.name, s.openNow]))).toEqual({
        'Bottega aperta ora': true,
        'Bottega chiusa ora': false,
      });
    },
    hangAfter(200_000),
  );

  it('checks the opening hours: HH:MM times, closing after opening, three bands a day at most', async () => {
    const { browser } = await loggedIn('shopkeeper');
    const attempt = async (openingHours: unknown) =>
      (await browser.post('/api/stores', { name: 'Orari sbagliati', address: 'Via degli Orari 1, Bologna', ...bologna, openingHours })).json().errors;
    const slot = (open: string, close: string) => ({ open, close });
    expect(await attempt(week([slot('13:00', '09:00')]))).toMatchObject({ 'openingHours.1.0': 'L’orario di chiusura deve venire dopo quello di apertura.' });
    expect(await attempt(week([slot('10:00', '10:00')]))).toMatchObject({ 'openingHours.1.0': 'L’orario di chiusura deve venire dopo quello di apertura.' });
    const format = 'Orario non valido: usa il formato HH:MM (es. 09:30).';
    expect(await attempt(week([slot('9:00', '13:00')]))).toMatchObject({ 'openingHours.1.0.open': format });
    expect(await attempt(week([slot('09:00', '24:00')]))).toMatchObject({ 'openingHours.1.0.close': format });
    const four = [slot('07:00', '08:00'), slot('09:00', '10:00'), slot('11:00', '12:00'), slot('13:00', '14:00')];
    expect(await attempt(week(four))).toMatchObject({ 'openingHours.1': 'Al massimo tre fasce orarie al giorno.' });
    expect(await attempt({ ...week([]), '0': undefined })).toMatchObject({ 'openingHours.0': 'Giorno mancante: indica le sue fasce orarie, o nessuna se è chiuso.' });
    expect((await browser.post('/api/stores', { name: 'Orari giusti', address: 'Via degli Orari 1, Bologna', ...bologna, openingHours: week(four.slice(0, 3)) })).statusCode).toBe(
      201,
    );
  });

  it('lists a store’s products: active ones for everyone, all but the deleted for the owner', async () => {
    const { owner, store, ids } = await shop('Enoteca Elenco', bologna, [
      { name: 'Lambrusco', price: 6 },
      { name: 'Pignoletto in arrivo', price: 7, status: 'inactive' },
      { name: 'Sangiovese', price: 8 },
    ]);
    expect((await owner.browser.request('DELETE', `/api/products/${ids[2]}`)).statusCode).toBe(204);
    const names = (list: { name: string }[]) => list.map((p) => p.name).sort();
    for (const key of [store.id, store.slug]) {
      expect(names((await new Browser(t.app).get(`/api/stores/${key}/products`)).json())).toEqual(['Lambrusco']);
      expect(names((await owner.browser.get(`/api/stores/${key}/products`)).json())).toEqual(['Lambrusco', 'Pignoletto in arrivo']);
    }
    await admin.browser.post(`/api/admin/stores/${store.id}/suspend`, { reason: 'Verifica' });
    expect((await new Browser(t.app).get(`/api/stores/${store.id}/products`)).statusCode).toBe(404);
    expect(names((await owner.browser.get(`/api/stores/${store.id}/products`)).json())).toEqual(['Lambrusco', 'Pignoletto in arrivo']);
  });

  it('lists nearby active stores by distance', async () => {
    await shop('Latteria Navigli', { latitude: 45.452, longitude: 9.176 }, []);
    await shop('Bar Duomo', { latitude: 45.4641, longitude: 9.1919 }, []);
    const res = await new Browser(t.app).get('/api/stores/nearby?lat=45.4642&lng=9.19&radius=5');
    const names = res.json().map((s: { name: string }) => s.name);
    expect(names.indexOf('Bar Duomo')).toBeLessThan(names.indexOf('Latteria Navigli'));
    expect(names).not.toContain('Drogheria Bassi');
    expect(res.json()[0].distanceKm).toBeLessThan(0.5);
  });

  it('filters nearby stores by category and by words of the name or description', async () => {
    const florence = { latitude: 43.7696, longitude: 11.2558 };
    await shop('Forno Santo Spirito', florence, [], { category: 'panetteria', description: 'Schiacciata e pane toscano' });
    await shop('Libreria Oltrarno', { latitude: 43.7672, longitude: 11.2497 }, [], { category: 'libri', description: 'Libri usati e caffè letterario' });
    await shop('Pasticceria Pitti', { latitude: 43.765, longitude: 11.25 }, [], { category: 'panetteria', description: 'Cantucci' });
    const nearby = (query: string) => shopsNearby(t, `lat=${florence.latitude}&lng=${florence.longitude}&radius=3&${query}`);
    expect(await nearby('category=panetteria')).toEqual(['Forno Santo Spirito', 'Pasticceria Pitti']);
    expect(await nearby('category=libri')).toEqual(['Libreria Oltrarno']);
    expect(await nearby('q=caffe')).toEqual(['Libreria Oltrarno']);
    expect(await nearby('q=PITTI')).toEqual(['Pasticceria Pitti']);
    expect(await nearby('q=cantucci&category=libri')).toEqual([]);
  });

  it('takes a run of 36 dashes for the slug it looks like, not for an id (it was a 500)', async () => {
    for (const url of [`/api/stores/${'-'.repeat(36)}`, `/api/stores/${'-'.repeat(36)}/products`, '/api/stores/0123456789abcdef-0123456789abcdef-01']) {
      const res = await new Browser(t.app).get(url);
      expect([res.statusCode, res.json()], url).toEqual([404, { message: 'Negozio non trovato.' }]);
    }
  });

  it('names the field and what it takes when nearby shops are asked badly', async () => {
    const bad = await new Browser(t.app).get(`/api/stores/nearby?lat=nord&lng=200&radius=ovunque&q=${'a'.repeat(101)}&limit=molti`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      lat: 'Latitudine: un numero tra -90 e 90.',
      lng: 'Longitudine: un numero tra -180 e 180.',
      radius: 'Raggio: un numero di km, da più di 0 a 200.',
      q: 'La ricerca può avere al massimo 100 caratteri.',
      limit: 'Limite: un numero intero da 1 a 200.',
    });
  });

  it('gives the nearest 50 shops unless asked for up to 200, and refuses other limits in Italian', async () => {
    const turin = { latitude: 45.0703, longitude: 7.6869 };
    for (let i = 0; i < 3; i++) await shop(`Bottega torinese ${i}`, { latitude: turin.latitude + i * 0.001, longitude: turin.longitude }, []);
    const get = (query: string) => new Browser(t.app).get(`/api/stores/nearby?lat=${turin.latitude}&lng=${turin.longitude}&radius=2&${query}`);
    expect((await get('limit=2')).json().map((s: { name: string }) => s.name)).toEqual(['Bottega torinese 0', 'Bottega torinese 1']);
    expect((await get('')).json()).toHaveLength(3);
    const bad = await get('limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ limit: 'Il limite massimo è 200.' });
  });
});

describe('products and the shared catalogue', () => {
  it('creates, updates, adjusts stock with a reason and deletes, for the owner only', async () => {
    const { owner, store } = await shop('Emporio Verdi', milan, []);
    expect((await owner.browser.post('/api/products', { name: 'Olio extravergine', price: 0 })).json().errors.price).toBe('Il prezzo deve essere maggiore di zero.');
    expect((await owner.browser.post('/api/products', { name: 'Olio extravergine', price: 9.999 })).statusCode).toBe(422);
    const created = await owner.browser.post('/api/products', { name: 'Olio extravergine', price: 9.9, stockQuantity: 3 });
    const id = created.json().id;
    expect(created.json()).toMatchObject({ storeId: store.id, price: 9.9, stockQuantity: 3, status: 'active' });
    expect((await owner.browser.request('PATCH', `/api/products/${id}`, { price: 10.5, onSale: true })).json()).toMatchObject({ price: 10.5, onSale: true });
    expect((await owner.browser.post(`/api/products/${id}/stock`, { delta: -5, reason: 'Venduti' })).statusCode).toBe(422);
    expect((await owner.browser.post(`/api/products/${id}/stock`, { delta: 7 })).json().errors.reason).toBe('Motivo: campo obbligatorio.');
    expect((await owner.browser.post(`/api/products/${id}/stock`, { delta: 7, reason: 'Arrivo fornitore' })).json().stockQuantity).toBe(10);
    const intruder = await loggedIn('shopkeeper');
    await intruder.browser.post('/api/stores', { name: 'Intruso', address: 'Via Altrove 1, Milano', ...milan, openingHours: hours });
    expect((await intruder.browser.request('PATCH', `/api/products/${id}`, { price: 1 })).statusCode).toBe(404);
    expect((await intruder.browser.request('DELETE', `/api/products/${id}`)).statusCode).toBe(404);
    expect((await new Browser(t.app).get(`/api/products/${id}`)).json()).toMatchObject({ name: 'Olio extravergine', store: { id: store.id } });
    expect((await owner.browser.request('DELETE', `/api/products/${id}`)).statusCode).toBe(204);
    expect((await new Browser(t.app).get(`/api/products/${id}`)).statusCode).toBe(404);
  });

  it('shares a barcode across stores: the first creates it, later ones reuse it', async () => {
    const barcode = `80${Date.now()}`.slice(0, 13);
    const first = await shop('Alimentari Sole', milan, [{ name: 'Farina tipo 00', description: 'Sacchetto da 1 kg', price: 1.2, barcode }]);
    const second = await loggedIn('shopkeeper');
    await second.browser.post('/api/stores', { name: 'Alimentari Luna', address: 'Via Luna 2, Milano', ...milan, openingHours: hours });
    const found = await second.browser.get(`/api/global-products/by-barcode/${barcode}`);
    expect(found.json()).toMatchObject({ name: 'Farina tipo 00', description: 'Sacchetto da 1 kg', basePrice: 1.2, storeCount: 1 });
    await second.browser.post('/api/products', { name: 'Farina tipo 00', price: 1.35, barcode });
    expect((await second.browser.get(`/api/global-products/by-barcode/${barcode}`)).json()).toMatchObject({ storeCount: 2, totalUsage: 2 });
    expect((await first.owner.browser.get('/api/global-products/by-barcode/000000')).statusCode).toBe(404);
  });

  /** A shopkeeper with a store of their own, approved or not: enough to add products. */
  const shopkeeperWithStore = async (name: string) => {
    const owner = await loggedIn('shopkeeper');
    expect((await owner.browser.post('/api/stores', { name, address: 'Via del Codice 1, Milano', ...milan, openingHours: hours })).statusCode).toBe(201);
    return owner.browser;
  };
  const newBarcode = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-13);
  const byBarcode = async (code: string) => (await admin.browser.get(`/api/global-products/by-barcode/${code}`)).json();
  const usage = async (globalProductId: string) =>
    (
      await t.system.pool.query<{ product_id: string; status: string; usage_count: number; last_used: Date }>(
        'SELECT product_id, status, usage_count, last_used FROM global_product_usage WHERE global_product_id = $1 ORDER BY first_used',
        [globalProductId],
      )
    ).rows;

  it('claims no barcode for a refused product: the next product with it creates the shared entry', async () => {
    const browser = await shopkeeperWithStore('Bottega del Codice');
    const barcode = newBarcode();
    expect((await browser.post('/api/products', { name: 'Aceto balsamico', price: 9.999, barcode })).statusCode).toBe(422);
    const created = await browser.post('/api/products', { name: 'Aceto balsamico', price: 9.99, barcode });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().globalProductId).toEqual(expect.any(String));
    expect(await byBarcode(barcode)).toMatchObject({ id: created.json().globalProductId, name: 'Aceto balsamico', basePrice: 9.99, storeCount: 1 });
  });

  it('lets two stores add the same new barcode at once, both tied to one shared entry', async () => {
    const [a, b] = await Promise.all([shopkeeperWithStore('Gara Uno'), shopkeeperWithStore('Gara Due')]);
    const barcode = newBarcode();
    const [first, second] = await Promise.all([
      a.post('/api/products', { name: 'Passata di pomodoro', price: 1.5, barcode }),
      b.post('/api/products', { name: 'Passata di pomodoro', price: 1.6, barcode }),
    ]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([201, 201]);
    expect(first.json().globalProductId).toBe(second.json().globalProductId);
    expect(await byBarcode(barcode)).toMatchObject({ id: first.json().globalProductId, storeCount: 2, totalUsage: 2 });
  });

  it('moves a product to the shared entry of its new barcode, and stops counting a deleted one', async () => {
    const [a, b] = await Promise.all([shopkeeperWithStore('Cambio Uno'), shopkeeperWithStore('Cambio Due')]);
    const [oldCode, newCode] = [newBarcode(), `9${newBarcode().slice(1)}`];
    const kept = (await a.post('/api/products', { name: 'Riso carnaroli', price: 3.4, barcode: oldCode })).json();
    const moved = (await b.post('/api/products', { name: 'Riso carnaroli', price: 3.5, barcode: oldCode })).json();
    const shared = kept.globalProductId;
    expect(await byBarcode(oldCode)).toMatchObject({ storeCount: 2, totalUsage: 2 });

    const patched = await b.request('PATCH', `/api/products/${moved.id}`, { barcode: newCode, name: 'Riso arborio' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().globalProductId).toEqual(expect.any(String));
    expect(patched.json().globalProductId).not.toBe(shared);
    expect(await byBarcode(newCode)).toMatchObject({ id: patched.json().globalProductId, name: 'Riso arborio', basePrice: 3.5, storeCount: 1 });
    expect(await byBarcode(oldCode)).toMatchObject({ storeCount: 1, totalUsage: 1 });
    expect((await usage(shared)).map((u) => [u.product_id, u.status])).toEqual([
      [kept.id, 'active'],
      [moved.id, 'ended'],
    ]);

    // Back to the first barcode: the same product is one more use of its old row.
    const back = await b.request('PATCH', `/api/products/${moved.id}`, { barcode: oldCode });
    expect(back.json().globalProductId).toBe(shared);
    expect(await byBarcode(oldCode)).toMatchObject({ storeCount: 2, totalUsage: 3 });
    expect(await byBarcode(newCode)).toMatchObject({ storeCount: 0, totalUsage: 0 });

    const removed = await b.request('PATCH', `/api/products/${moved.id}`, { barcode: null });
    expect(removed.json()).toMatchObject({ barcode: null, globalProductId: null });
    expect(await byBarcode(oldCode)).toMatchObject({ storeCount: 1, totalUsage: 1 });

    expect((await a.request('DELETE', `/api/products/${kept.id}`)).statusCode).toBe(204);
    expect(await byBarcode(oldCode)).toMatchObject({ storeCount: 0, totalUsage: 0 });
    expect((await usage(shared)).every((u) => u.status === 'ended')).toBe(true);
  });

  it('keeps one usage row per product, with its last use and count, when a barcode is reused', async () => {
    const [a, b] = await Promise.all([shopkeeperWithStore('Uso Uno'), shopkeeperWithStore('Uso Due')]);
    const barcode = newBarcode();
    const first = (await a.post('/api/products', { name: 'Tonno sott’olio', price: 2.8, barcode })).json();
    const before = (await t.system.pool.query('SELECT last_used FROM global_products WHERE id = $1', [first.globalProductId])).rows[0].last_used as Date;
    const second = (await b.post('/api/products', { name: 'Tonno sott’olio', price: 2.95, barcode })).json();
    const rows = await usage(first.globalProductId);
    expect(rows.map((r) => [r.product_id, r.status, r.usage_count])).toEqual([
      [first.id, 'active', 1],
      [second.id, 'active', 1],
    ]);
    const {
      rows: [entry],
    } = await t.system.pool.query('SELECT last_used, total_usage, store_count FROM global_products WHERE id = $1', [first.globalProductId]);
    expect(entry).toMatchObject({ total_usage: 2, store_count: 2 });
    expect(entry.last_used.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(entry.last_used.getTime()).toBe(rows[1]!.last_used.getTime());
  });

  it('lists categories in Italian', async () => {
    const categories = (await new Browser(t.app).get('/api/categories')).json();
    expect(categories.map((c: { slug: string }) => c.slug)).toContain('alimentari');
    expect(categories.find((c: { slug: string }) => c.slug === 'panetteria').name).toBe('Panetteria e pasticceria');
  });
});

describe('nearby product search', () => {
  beforeAll(async () => {
    await shop('Gastronomia Brera', { latitude: 45.472, longitude: 9.187 }, [
      { name: 'Caffè in grani', price: 7.5 },
      { name: 'Pomodori San Marzano', price: 3.2, description: 'Pelati in latta' },
      { name: 'Mozzarella di bufala', price: 4.9, category: 'latticini' },
    ]);
    await shop('Gastronomia Trastevere', { latitude: 41.889, longitude: 12.47 }, [{ name: 'Caffè macinato', price: 4.1 }]);
    const pending = await loggedIn('shopkeeper');
    await pending.browser.post('/api/stores', { name: 'Caffetteria in attesa', address: 'Via Brera 5, Milano', latitude: 45.472, longitude: 9.187, openingHours: hours });
    await pending.browser.post('/api/products', { name: 'Caffè non ancora visibile', price: 1 });
  });

  const names = (result: { items: { name: string }[] }) => result.items.map((i) => i.name);

  it('folds accents, stems Italian words and forgives small typos', async () => {
    const near = 'lat=45.4642&lng=9.19&radius=10';
    expect(names(await search(`q=caffe&${near}`))).toEqual(['Caffè in grani']);
    expect(names(await search(`q=pomodoro&${near}`))).toEqual(['Pomodori San Marzano']);
    expect(names(await search(`q=mozarella&${near}`))).toEqual(['Mozzarella di bufala']);
    expect(names(await search(`q=pane&${near}`))).toEqual([]);
  });

  it('understands phrases, "or" and excluded words as a search engine does', async () => {
    const near = 'lat=45.4642&lng=9.19&radius=10';
    expect(names(await search(`q=${encodeURIComponent('"pomodori san marzano"')}&${near}`))).toEqual(['Pomodori San Marzano']);
    expect(names(await search(`q=${encodeURIComponent('"san marzano" mozzarella')}&${near}`))).toEqual([]);
    expect(names(await search(`q=${encodeURIComponent('pomodori or mozzarella')}&sort=price&${near}`))).toEqual(['Pomodori San Marzano', 'Mozzarella di bufala']);
    expect(names(await search(`q=${encodeURIComponent('caffe -grani')}&${near}`))).toEqual([]);
    expect(names(await search(`q=${encodeURIComponent('pelati')}&${near}`))).toEqual(['Pomodori San Marzano']);
  });

  it('keeps to the radius and to active stores, nearest first, with the store and the distance', async () => {
    const result = await search('q=caffe&lat=41.9028&lng=12.4964&radius=20');
    expect(names(result)).toEqual(['Caffè macinato']);
    expect(result.items[0]).toMatchObject({ store: { name: 'Gastronomia Trastevere', slug: 'gastronomia-trastevere' }, distanceKm: expect.any(Number) });
    expect(result.items[0].distanceKm).toBeGreaterThan(2);
    expect(result.items[0].distanceKm).toBeLessThan(3);
    expect(result.total).toBe(1);
    expect(names(await search('q=caffe&lat=41.9028&lng=12.4964&radius=3.5'))).toEqual(['Caffè macinato']);
    expect((await new Browser(t.app).get('/api/stores/nearby?lat=41.9028&lng=12.4964&radius=2.5')).statusCode).toBe(200);
    const everywhere = await search('q=caffe&lat=43.5&lng=11&radius=200');
    expect(names(everywhere)).not.toContain('Caffè non ancora visibile');
  });

  it('names the grid cells in SQL exactly as the search asks for them, on every side of zero', async () => {
    for (const [lat, lng] of [
      [45.4642, 9.19],
      [41.9, 12.5],
      [-33.8688, 151.2093],
      [40.7128, -74.006],
      [0.05, -0.05],
    ] as const) {
      const { rows } = await t.system.pool.query<{ cells: string[] }>('SELECT tsvector_to_array(geo_cells($1, $2)) AS cells', [lat, lng]);
      const point = { minLat: lat, maxLat: lat, minLng: lng, maxLng: lng };
      expect(rows[0]!.cells, `${lat}, ${lng}`).toContain(cellsAround(point)![0]);
    }
  });

  it('finds a product just across a cell border from the customer', async () => {
    // Cell borders every 0.1°: the shop at 45.5005 is in the cell north of a customer at 45.4995.
    await shop('Drogheria sul confine', { latitude: 45.5005, longitude: 9.2 }, [{ name: 'Liquirizia pura', price: 2 }]);
    expect(names(await search('q=liquirizia&lat=45.4995&lng=9.2&radius=1'))).toEqual(['Liquirizia pura']);
  });

  it('filters by category, sorts by price, and pages', async () => {
    const near = 'lat=45.4642&lng=9.19&radius=10';
    expect(names(await search(`category=latticini&${near}`))).toEqual(['Mozzarella di bufala']);
    const byPrice = await search(`sort=price&pageSize=2&${near}`);
    expect(byPrice.items.map((i: { price: number }) => i.price)).toEqual([...byPrice.items.map((i: { price: number }) => i.price)].sort((a, b) => a - b));
    expect(byPrice.items).toHaveLength(2);
    expect(byPrice.total).toBeGreaterThanOrEqual(3);
    const bad = await new Browser(t.app).get('/api/search/products?radius=-1&sort=caso');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ radius: 'Il raggio deve essere maggiore di zero.', sort: 'Ordinamento non valido: distance, relevance o price.' });
  });

  it('names the field and what it takes when a search is asked badly', async () => {
    const bad = await new Browser(t.app).get('/api/search/products?page=seconda&pageSize=0&lat=91&lng=est&category=a&category=b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      page: 'Pagina: un numero intero da 1 a 1000.',
      pageSize: 'Risultati per pagina: un numero intero da 1 a 50.',
      lat: 'Latitudine: un numero tra -90 e 90.',
      lng: 'Longitudine: un numero tra -180 e 180.',
      category: 'Categoria: scrivi un solo testo.',
    });
  });

  it('searches words among runs of dashes, which PostgreSQL’s parser cannot stack past 32 (it was a 500)', async () => {
    const near = 'lat=45.4642&lng=9.19&radius=10';
    for (const q of ['-'.repeat(36), '- '.repeat(40), '-!'.repeat(40)]) {
      const res = await new Browser(t.app).get(`/api/search/products?q=${encodeURIComponent(q)}&${near}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect(names(await search(`q=${encodeURIComponent(`${'-'.repeat(40)} mozzarella`)}&${near}`))).toEqual(['Mozzarella di bufala']);
    expect(names(await search(`q=${encodeURIComponent(`caffe ${'- '.repeat(40)}-grani`)}&${near}`))).toEqual([]);
  });

  describe('sorting several matches', () => {
    // Three shops on a line east of the customer, 1, 3 and 6 km away, selling grappa.
    const customer = 'lat=44.4949&lng=11.3426&radius=10';
    const east = (km: number) => ({ latitude: 44.4949, longitude: 11.3426 + km / 79.4 });
    beforeAll(async () => {
      await shop('Enoteca Vicina', east(1), [{ name: 'Liquore alle erbe', price: 15, description: 'Ricetta con un fondo di grappa' }]);
      await shop('Enoteca di Mezzo', east(3), [{ name: 'Grappa barricata', price: 32 }]);
      await shop('Enoteca Lontana', east(6), [{ name: 'Grappa di moscato', price: 21.5 }]);
    });

    it('puts the nearest first, each with its shop’s position for the map', async () => {
      const result = await search(`q=grappa&sort=distance&${customer}`);
      expect(names(result)).toEqual(['Liquore alle erbe', 'Grappa barricata', 'Grappa di moscato']);
      const distances = result.items.map((i: { distanceKm: number }) => i.distanceKm);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(distances[0]).toBeCloseTo(1, 0);
      expect(result.items[2].store).toEqual({ id: expect.any(String), name: 'Enoteca Lontana', slug: 'enoteca-lontana', address: expect.any(String), ...east(6) });
    });

    it('sorts by price, cheapest first', async () => {
      const result = await search(`q=grappa&sort=price&${customer}`);
      expect(result.items.map((i: { price: number }) => i.price)).toEqual([15, 21.5, 32]);
    });

    it('sorts by relevance: the word in the name before the word in the description; so by default with words', async () => {
      const result = await search(`q=grappa&sort=relevance&${customer}`);
      expect(names(result).at(-1)).toBe('Liquore alle erbe');
      expect(names(result)).toHaveLength(3);
      expect(names(await search(`q=grappa&${customer}`))).toEqual(names(result));
    });

    it('pages through one shop’s products at the same distance in order of relevance, none lost or repeated', async () => {
      // Four products 2 km away, all at one distance: only relevance orders them, across pages of 3.
      const spot = { latitude: 44.4949, longitude: 11.3426 + 2 / 79.4 };
      await shop('Distilleria Pari', spot, [
        { name: 'Amaro alle erbe', price: 18, description: 'Niente grappa, solo un ricordo di grappa' },
        { name: 'Grappa grappa riserva', price: 40, description: 'La grappa più vecchia' },
        { name: 'Liquore di mirto', price: 16, description: 'Affinato in botti di grappa' },
        { name: 'Grappa giovane', price: 19 },
      ]);
      const pages = [1, 2, 3].map((page) => search(`q=grappa&sort=distance&pageSize=3&page=${page}&${customer}`));
      const all = await search(`q=grappa&sort=distance&pageSize=50&${customer}`);
      expect((await Promise.all(pages)).flatMap(names)).toEqual(names(all));
      expect((await Promise.all(pages)).map((p) => p.total)).toEqual([7, 7, 7]);
      expect(names(all)).toEqual(['Liquore alle erbe', 'Grappa grappa riserva', 'Grappa giovane', 'Amaro alle erbe', 'Liquore di mirto', 'Grappa barricata', 'Grappa di moscato']);
    });
  });

  it('shows a new product at once, though the same search was answered just before', async () => {
    const { owner } = await shop('Salumeria Garibaldi', { latitude: 45.4722, longitude: 9.1872 }, []);
    expect(names(await search('q=bresaola&lat=45.4642&lng=9.19'))).toEqual([]);
    await owner.browser.post('/api/products', { name: 'Bresaola della Valtellina', price: 5.9 });
    expect(names(await search('q=bresaola&lat=45.4642&lng=9.19'))).toEqual(['Bresaola della Valtellina']);
  });

  it('hides the products of a suspended store', async () => {
    const { store } = await shop('Bottega sospesa', { latitude: 45.4721, longitude: 9.1871 }, [{ name: 'Zafferano in pistilli', price: 6 }]);
    expect(names(await search('q=zafferano&lat=45.4642&lng=9.19'))).toEqual(['Zafferano in pistilli']);
    await admin.browser.post(`/api/admin/stores/${store.id}/suspend`, { reason: 'Verifica' });
    expect(names(await search('q=zafferano&lat=45.4642&lng=9.19'))).toEqual([]);
  });
});

describe('favourites', () => {
  it('adds, lists and removes favourite shops, once each', async () => {
    const { store } = await shop('Fioraio Isola', milan, []);
    const customer = await loggedIn('customer');
    expect((await customer.browser.post('/api/favorites', { storeId: store.id })).statusCode).toBe(201);
    expect((await customer.browser.post('/api/favorites', { storeId: store.id })).statusCode).toBe(201);
    expect((await customer.browser.get('/api/favorites')).json()).toEqual([
      { id: store.id, name: 'Fioraio Isola', slug: 'fioraio-isola', category: 'alimentari', logoUrl: null, rating: null, address: 'Via di Prova 1, Italia' },
    ]);
    expect((await customer.browser.post('/api/favorites', { storeId: randomUUID() })).statusCode).toBe(404);
    expect((await customer.browser.request('DELETE', `/api/favorites/${store.id}`)).statusCode).toBe(204);
    expect((await customer.browser.get('/api/favorites')).json()).toEqual([]);
    expect((await new Browser(t.app).get('/api/favorites')).statusCode).toBe(401);
  });
});

describe('uploads', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4cf0000000049454e44ae426082', 'hex');
  const multipart = (body: Buffer, filename: string, type: string) => {
    const boundary = `----vicino${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  it('stores an image under a random name and serves it', async () => {
    const { browser } = await loggedIn('shopkeeper');
    const { payload, headers } = multipart(png, 'logo.png', 'image/png');
    const res = await browser.request('POST', '/api/uploads', payload, headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  // The smallest real files of each kind (1×1 pixel pictures and a one-line PDF).
  const jpeg = Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );
  const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const upload = async (browser: Browser, body: Buffer, filename: string, type: string) => {
    const { payload, headers } = multipart(body, filename, type);
    const res = await browser.request('POST', '/api/uploads', payload, headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().url as string;
  };

  it('accepts JPEG and WebP pictures, named by what they are whatever the file was called', async () => {
    const { browser } = await loggedIn('shopkeeper');
    for (const [body, filename, ext, type] of [
      [jpeg, 'foto.jpeg', 'jpg', 'image/jpeg'],
      [webp, 'foto.png', 'webp', 'image/webp'],
    ] as const) {
      const url = await upload(browser, body, filename, 'application/octet-stream');
      expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f-]{36}\\.${ext}$`));
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.equals(body)).toBe(true);
    }
    const text = multipart(Buffer.from('solo testo, niente immagine'), 'foto.png', 'image/png');
    expect((await browser.request('POST', '/api/uploads', text.payload, text.headers)).statusCode).toBe(415);
  });

  it('takes only pictures as pictures and only PDFs as a product sheet', async () => {
    const owner = await loggedIn('shopkeeper');
    const sheet = await upload(owner.browser, pdf, 'scheda.pdf', 'application/pdf');
    const photo = await upload(owner.browser, png, 'foto.png', 'image/png');
    const store = await owner.browser.post('/api/stores', {
      name: 'Cartoleria PDF',
      address: 'Via dei Fogli 2, Milano',
      ...milan,
      openingHours: hours,
      logo: sheet,
      images: [sheet],
    });
    expect(store.statusCode).toBe(400);
    expect(store.json().errors).toMatchObject({
      logo: 'Logo: carica un’immagine JPEG, PNG o WebP con il modulo apposito.',
      'images.0': 'Immagine: carica un’immagine JPEG, PNG o WebP con il modulo apposito.',
    });
    expect((await owner.browser.post('/api/stores', { name: 'Cartoleria PDF', address: 'Via dei Fogli 2, Milano', ...milan, openingHours: hours, logo: photo })).statusCode).toBe(
      201,
    );
    expect((await owner.browser.request('PATCH', '/api/stores/me', { images: [photo, sheet] })).json().errors['images.1']).toBe(
      'Immagine: carica un’immagine JPEG, PNG o WebP con il modulo apposito.',
    );

    const product = await owner.browser.post('/api/products', { name: 'Quaderno', price: 2, imageUrl: sheet, images: [sheet], pdfUrl: photo });
    expect(product.statusCode).toBe(400);
    expect(product.json().errors).toMatchObject({
      imageUrl: 'Immagine: carica un’immagine JPEG, PNG o WebP con il modulo apposito.',
      'images.0': 'Immagine: carica un’immagine JPEG, PNG o WebP con il modulo apposito.',
      pdfUrl: 'Scheda PDF: carica un file PDF con il modulo apposito.',
    });
    const ok = await owner.browser.post('/api/products', { name: 'Quaderno', price: 2, images: [photo], pdfUrl: sheet });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ imageUrl: photo, pdfUrl: sheet });
    expect((await owner.browser.request('PATCH', `/api/products/${ok.json().id}`, { images: [sheet] })).statusCode).toBe(400);
  });

  it('refuses what is not an image or a PDF, what is too big, and anonymous uploads', async () => {
    const { browser } = await loggedIn('shopkeeper');
    const fake = multipart(Buffer.from('<script>alert(1)</script>'), 'foto.png', 'image/png');
    const refused = await browser.request('POST', '/api/uploads', fake.payload, fake.headers);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('Formato non supportato: carica un’immagine JPEG, PNG o WebP, oppure un PDF.');
    const big = multipart(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'grande.png', 'image/png');
    const tooBig = await browser.request('POST', '/api/uploads', big.payload, big.headers);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Il file supera i 5 MB consentiti.');
    const anonymous = await new Browser(t.app).request('POST', '/api/uploads', fake.payload, fake.headers);
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers forms it cannot read in Italian: no boundary, a boundary of 5,000 characters, 50 MB of garbage, a NUL in a name (each was a 500)', async () => {
    const { browser } = await loggedIn('shopkeeper');
    const send = async (payload: Buffer | Readable, contentType: string) => {
      const res = await browser.request('POST', '/api/uploads', payload, { 'content-type': contentType });
      return [res.statusCode, res.json()];
    };
    const unreadable = [400, { message: 'Il modulo inviato non è leggibile: invia il file come multipart/form-data nel campo "file".' }];
    const { payload } = multipart(png, 'logo.png', 'image/png');
    expect(await send(payload, 'multipart/form-data')).toEqual(unreadable);
    const boundary = 'b'.repeat(5000);
    const longBoundary = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(await send(longBoundary, `multipart/form-data; boundary=${boundary}`)).toEqual(unreadable);
    expect(await send(Buffer.alloc(1024, 'A'), 'multipart/form-data; boundary=xyz')).toEqual(unreadable);
    expect(await send(Buffer.alloc(50 * 1024 * 1024, 'A'), 'multipart/form-data; boundary=xyz')).toEqual([413, { message: 'Il file supera i 5 MB consentiti.' }]);
    // Sent as it comes, with no length said beforehand, a file too big is found too big as it is read.
    const big = multipart(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'grande.png', 'image/png');
    expect(await send(Readable.from([big.payload]), big.headers['content-type'])).toEqual([413, { message: 'Il file supera i 5 MB consentiti.' }]);
    const named = multipart(png, 'logo\u0000.png', 'image/png');
    expect(await send(named.payload, named.headers['content-type'])).toEqual([
      400,
      {
        message: 'La richiesta contiene caratteri non ammessi (un carattere nullo o una codifica non valida).',
        errors: { filename: 'Contiene caratteri non ammessi (un carattere nullo o una codifica non valida).' },
      },
    ]);
  });
});
