import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { alwaysOpen, loggedIn, openShop, orderForPickup, useLoggedIn, useShop, type Person, type Shop } from '../../../tests/support/marketplace.js';
import type { Role } from '../domain/context.js';

/* The ra-data-simple-rest contract (design §4) on every admin resource. */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

/** GET with the three JSON parameters, as ra-data-simple-rest sends them. */
async function list(resource: string, { sort, range, filter }: { sort?: [string, string]; range?: [number, number]; filter?: object } = {}) {
  const query = new URLSearchParams();
  if (sort) query.set('sort', JSON.stringify(sort));
  if (range) query.set('range', JSON.stringify(range));
  if (filter) query.set('filter', JSON.stringify(filter));
  const res = await admin.browser.get(`/api/admin/${resource}?${query}`);
  return { status: res.statusCode, body: res.json(), contentRange: res.headers['content-range'] };
}

const field = <K extends string>(rows: Record<K, unknown>[], key: K) => rows.map((r) => r[key]);

const person = (role: Role, username: string, name: string, email: string) => loggedIn(t, role, { username, name, email });

describe('users', () => {
  let anna: Person;
  let bruno: Person;
  let carla: Person;
  beforeAll(async () => {
    anna = await person('customer', 'anna.verdi', 'Anna Verdi', 'anna@esempio.it');
    bruno = await person('customer', 'bruno.neri', 'Bruno Neri', 'bruno@esempio.it');
    carla = await person('customer', 'carla.bianchi', 'Carla Bianchì', 'carla@posta.it');
    await person('shopkeeper', 'dario.rossi', 'Dario Rossi', 'dario@esempio.it');
  });

  it('sorts, pages and counts with Content-Range, and never shows a password hash', async () => {
    const first = await list('users', { filter: { role: 'customer' }, sort: ['username', 'ASC'], range: [0, 1] });
    expect(first.status).toBe(200);
    expect(field(first.body, 'username')).toEqual(['anna.verdi', 'bruno.neri']);
    expect(first.contentRange).toBe('users 0-1/3');
    expect(Object.keys(first.body[0]).sort()).toEqual([
      'createdAt',
      'email',
      'id',
      'name',
      'priceComparisonEnabled',
      'priceComparisonExpiresAt',
      'role',
      'status',
      'updatedAt',
      'username',
    ]);
    expect(first.body[0]).toMatchObject({ id: anna.id, name: 'Anna Verdi', email: 'anna@esempio.it', role: 'customer', status: 'active' });

    const second = await list('users', { filter: { role: 'customer' }, sort: ['username', 'ASC'], range: [2, 3] });
    expect(field(second.body, 'username')).toEqual(['carla.bianchi']);
    expect(second.contentRange).toBe('users 2-2/3');
    const beyond = await list('users', { filter: { role: 'customer' }, range: [10, 19] });
    expect(beyond.body).toEqual([]);
    expect(beyond.contentRange).toBe('users */3');

    const backwards = await list('users', { filter: { role: ['customer', 'shopkeeper'] }, sort: ['name', 'DESC'], range: [0, 9] });
    expect(field(backwards.body, 'name')).toEqual(['Dario Rossi', 'Carla Bianchì', 'Bruno Neri', 'Anna Verdi']);
    expect(backwards.contentRange).toBe('users 0-3/4');

    const everyone = await list('users', { range: [0, 99] });
    expect(everyone.contentRange).toBe('users 0-4/5');
    expect(JSON.stringify(everyone.body)).not.toMatch(/password|hash|scrypt|session/i);
  });

  it('searches username, name and e-mail ignoring case and accents, and gets many by id', async () => {
    expect(field((await list('users', { filter: { q: 'VERDI' } })).body, 'username')).toEqual(['anna.verdi']);
    expect(field((await list('users', { filter: { q: 'posta.it' } })).body, 'username')).toEqual(['carla.bianchi']);
    expect(field((await list('users', { filter: { q: 'bianchi' } })).body, 'username')).toEqual(['carla.bianchi']);
    expect((await list('users', { filter: { q: '%' } })).body).toEqual([]);

    const many = await list('users', { filter: { id: [carla.id, anna.id] } });
    expect(field(many.body, 'id').sort()).toEqual([anna.id, carla.id].sort());
    expect(many.contentRange).toBe('users 0-1/2');

    const one = await admin.browser.get(`/api/admin/users/${bruno.id}`);
    expect(one.json()).toMatchObject({ id: bruno.id, username: 'bruno.neri' });
    const missing = await admin.browser.get(`/api/admin/users/${randomUUID()}`);
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Utente non trovato.' }]);
  });

  it('refuses unknown sort fields, bad JSON and unknown filters with Italian 400s', async () => {
    const bad = async (query: string) => {
      const res = await admin.browser.get(`/api/admin/users?${query}`);
      return [res.statusCode, res.json().message];
    };
    expect(await bad(`sort=${encodeURIComponent('["password_hash","ASC"]')}`)).toEqual([400, 'Ordinamento non disponibile per «password_hash».']);
    expect(await bad(`sort=${encodeURIComponent('["username; DROP TABLE users","ASC"]')}`)).toEqual([400, 'Ordinamento non disponibile per «username; DROP TABLE users».']);
    expect(await bad(`sort=${encodeURIComponent('["username","UP"]')}`)).toEqual([400, 'Ordinamento: la direzione è ASC o DESC.']);
    expect(await bad('filter=%7Bnot-json')).toEqual([400, 'Filtro: JSON non valido.']);
    expect(await bad(`filter=${encodeURIComponent('{"password_hash":"x"}')}`)).toEqual([400, 'Filtro non disponibile: «password_hash».']);
    expect(await bad(`filter=${encodeURIComponent('{"role":"pirate"}')}`)).toEqual([400, 'Ruolo non valido.']);
    expect(await bad(`range=${encodeURIComponent('[5,2]')}`)).toEqual([400, 'Intervallo: la fine non può precedere l’inizio.']);
    expect(await bad('range=%5B0')).toEqual([400, 'Intervallo: JSON non valido.']);
    expect((await list('users', { range: [0, 99] })).contentRange).toBe('users 0-4/5');
  });

  it('says what sort, range and filter take, in Italian, however they are wrong (zod’s English leaked)', async () => {
    const bad = async (query: string) => {
      const res = await admin.browser.get(`/api/admin/users?${query}`);
      return [res.statusCode, res.json().message];
    };
    const range = 'Intervallo: scrivi [inizio, fine], due interi da 0 a 10000000.';
    expect(await bad(`range=${encodeURIComponent('[0,"a"]')}`)).toEqual([400, range]);
    expect(await bad(`range=${encodeURIComponent('[0,100000000]')}`)).toEqual([400, range]);
    expect(await bad(`range=${encodeURIComponent('[0.5,3]')}`)).toEqual([400, range]);
    expect(await bad(`range=${encodeURIComponent('{"from":0}')}`)).toEqual([400, range]);
    expect(await bad(`range=${encodeURIComponent('[0,2000]')}`)).toEqual([400, 'Intervallo: al massimo 1000 righe per volta.']);
    expect(await bad(`sort=${encodeURIComponent('"username"')}`)).toEqual([400, 'Ordinamento: scrivi ["campo","ASC"] o ["campo","DESC"].']);
    expect(await bad('sort=a&sort=b')).toEqual([400, 'Alcuni dati non sono validi.']);
    expect(await bad(`filter=${encodeURIComponent('{"q":["a"]}')}`)).toEqual([400, 'La ricerca deve essere un testo.']);
    expect(await bad(`filter=${encodeURIComponent(`{"id":["${'-'.repeat(36)}"]}`)}`)).toEqual([400, 'Identificativo non valido.']);
    expect(await bad(`filter=${'a'.repeat(30_001)}`)).toEqual([400, 'Alcuni dati non sono validi.']);
    const twice = await admin.browser.get('/api/admin/users?sort=a&sort=b');
    expect(twice.json().errors).toEqual({ sort: 'Ordinamento: scrivi ["campo","ASC"] o ["campo","DESC"].' });
  });

  it('PUT changes role and status through the commands and answers the record; suspension ends the live session', async () => {
    const promoted = await admin.browser.request('PUT', `/api/admin/users/${bruno.id}`, { role: 'shopkeeper' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: bruno.id, username: 'bruno.neri', role: 'shopkeeper', status: 'active' });

    // react-admin sends the whole record back; a suspension needs its reason.
    const record = (await admin.browser.get(`/api/admin/users/${anna.id}`)).json();
    const noReason = await admin.browser.request('PUT', `/api/admin/users/${anna.id}`, { ...record, status: 'suspended' });
    expect([noReason.statusCode, noReason.json().errors]).toEqual([400, { reason: 'Motivo: campo obbligatorio per sospendere.' }]);
    expect((await anna.browser.get('/api/user')).statusCode).toBe(200);
    const suspended = await admin.browser.request('PUT', `/api/admin/users/${anna.id}`, { ...record, status: 'suspended', reason: 'Recensioni false' });
    expect(suspended.json()).toEqual({ ...record, status: 'suspended', updatedAt: expect.any(String) });
    expect((await anna.browser.get('/api/user')).statusCode).toBe(401);
    expect(field((await list('users', { filter: { status: 'suspended' } })).body, 'id')).toEqual([anna.id]);
    // The counts by role and status (kept with the rows, migration 095) follow each change.
    const counted = async (filter: Record<string, unknown>) => (await list('users', { filter, range: [0, 0] })).contentRange;
    expect(await counted({ status: 'suspended' })).toBe('users 0-0/1');
    expect(await counted({ role: 'customer' })).toBe('users 0-0/2');
    expect(await counted({ role: 'shopkeeper', status: ['active', 'suspended'] })).toBe('users 0-0/2');
    expect(await counted({ role: 'customer', status: 'active' })).toBe('users 0-0/1');

    const back = await admin.browser.request('PUT', `/api/admin/users/${anna.id}`, { ...record, status: 'active' });
    expect(back.json().status).toBe('active');
    expect((await admin.browser.request('PUT', `/api/admin/users/${carla.id}`, { status: 'inactive' })).json().status).toBe('inactive');

    const self = await admin.browser.request('PUT', `/api/admin/users/${admin.id}`, { role: 'customer' });
    expect([self.statusCode, self.json().message]).toEqual([422, 'Non puoi cambiare ruolo o stato del tuo stesso account.']);
    expect((await admin.browser.request('PUT', `/api/admin/users/${randomUUID()}`, { role: 'customer' })).statusCode).toBe(404);
    expect((await admin.browser.request('PUT', `/api/admin/users/${anna.id}`, { role: 'king' })).statusCode).toBe(400);
  });
});

describe('stores', () => {
  let alpha: Shop;
  let zeta: Shop;
  let pendingId: string;
  beforeAll(async () => {
    alpha = await openShop(t, admin.browser, { name: 'Alimentari Alpha', store: { category: 'alimentari' } });
    zeta = await openShop(t, admin.browser, { name: 'Zeta Fiori', store: { category: 'fiori' } });
    const owner = await loggedIn(t, 'shopkeeper');
    const created = await owner.browser.post('/api/stores', {
      name: 'Merceria Nuova',
      address: 'Via Roma 3, Roma',
      latitude: 41.9,
      longitude: 12.5,
      openingHours: alwaysOpen,
      category: 'casa',
    });
    pendingId = created.json().id;
  });

  it('puts pending stores first by default, sorts, filters, searches and gets many', async () => {
    const byDefault = await list('stores', { range: [0, 9] });
    expect(field(byDefault.body, 'name')).toEqual(['Merceria Nuova', 'Zeta Fiori', 'Alimentari Alpha']);
    expect(byDefault.contentRange).toBe('stores 0-2/3');
    expect(byDefault.body[0]).toMatchObject({ id: pendingId, status: 'pending', userId: expect.any(String), views: 0 });

    expect(field((await list('stores', { sort: ['name', 'ASC'], range: [0, 1] })).body, 'name')).toEqual(['Alimentari Alpha', 'Merceria Nuova']);
    const active = await list('stores', { filter: { status: 'active' }, sort: ['name', 'DESC'], range: [1, 1] });
    expect([field(active.body, 'name'), active.contentRange]).toEqual([['Alimentari Alpha'], 'stores 1-1/2']);
    expect(field((await list('stores', { filter: { q: 'fiori' } })).body, 'id')).toEqual([zeta.store.id]);
    expect(field((await list('stores', { filter: { userId: alpha.owner.id } })).body, 'id')).toEqual([alpha.store.id]);
    const many = await list('stores', { filter: { id: [alpha.store.id, zeta.store.id] }, sort: ['name', 'ASC'] });
    expect([field(many.body, 'id'), many.contentRange]).toEqual([[alpha.store.id, zeta.store.id], 'stores 0-1/2']);
    expect((await admin.browser.get(`/api/admin/stores/${zeta.store.id}`)).json()).toMatchObject({ id: zeta.store.id, name: 'Zeta Fiori', category: 'fiori' });
    expect((await admin.browser.get(`/api/admin/stores/${randomUUID()}`)).json()).toEqual({ message: 'Negozio non trovato.' });
  });

  it('PUT approves, suspends with a reason and reactivates through the store commands', async () => {
    const visitor = new Browser(t.app);
    expect((await visitor.get(`/api/stores/${pendingId}`)).statusCode).toBe(404);
    const record = (await admin.browser.get(`/api/admin/stores/${pendingId}`)).json();
    const approved = await admin.browser.request('PUT', `/api/admin/stores/${pendingId}`, { ...record, status: 'active' });
    expect(approved.json()).toMatchObject({ id: pendingId, name: 'Merceria Nuova', status: 'active' });
    expect((await visitor.get(`/api/stores/${pendingId}`)).statusCode).toBe(200);

    const noReason = await admin.browser.request('PUT', `/api/admin/stores/${pendingId}`, { status: 'suspended' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, 'Indica il motivo della sospensione.']);
    const suspended = await admin.browser.request('PUT', `/api/admin/stores/${pendingId}`, { status: 'suspended', reason: 'Documenti scaduti' });
    expect(suspended.json()).toMatchObject({ status: 'suspended', statusReason: 'Documenti scaduti' });
    expect((await visitor.get(`/api/stores/${pendingId}`)).statusCode).toBe(404);
    expect((await admin.browser.request('PUT', `/api/admin/stores/${pendingId}`, { status: 'pending' })).statusCode).toBe(422);
    const reactivated = await admin.browser.request('PUT', `/api/admin/stores/${pendingId}`, { status: 'active' });
    expect(reactivated.json()).toMatchObject({ status: 'active', statusReason: null });
    // The same status again changes nothing and still answers the record.
    expect((await admin.browser.request('PUT', `/api/admin/stores/${pendingId}`, { status: 'active' })).json()).toMatchObject({ id: pendingId, status: 'active' });
  });
});

describe('products and the shared catalogue', () => {
  const shop = useShop(t, admin, {
    name: 'Forno Catalogo',
    products: [
      { name: 'Pane casereccio', price: 3, featured: true, barcode: '8001111111111' },
      { name: 'Biscotti', price: 5.5, status: 'inactive' },
      { name: 'Caffè macinato', price: 7.2, barcode: '8002222222222' },
    ],
  });
  const other = useShop(t, admin, { products: [{ name: 'Pane integrale', price: 2, barcode: '8001111111111' }] });

  it('lists products with sort, range, status/store/featured filters, search and getMany', async () => {
    const byPrice = await list('products', { filter: { storeId: shop.store.id }, sort: ['price', 'DESC'], range: [0, 1] });
    expect([field(byPrice.body, 'name'), byPrice.contentRange]).toEqual([['Caffè macinato', 'Biscotti'], 'products 0-1/3']);
    expect(byPrice.body[0]).toMatchObject({ storeId: shop.store.id, storeName: 'Forno Catalogo', price: 7.2 });
    expect(field((await list('products', { filter: { featured: true } })).body, 'name')).toEqual(['Pane casereccio']);
    expect(field((await list('products', { filter: { status: 'inactive' } })).body, 'name')).toEqual(['Biscotti']);
    expect(field((await list('products', { filter: { q: 'caffe' } })).body, 'name')).toEqual(['Caffè macinato']);
    // Accents and case ignored both ways: the text is folded once when written, the words when asked.
    expect(field((await list('products', { filter: { q: 'CAFFÈ MAC' } })).body, 'name')).toEqual(['Caffè macinato']);
    const pane = await list('products', { filter: { q: 'pane' }, sort: ['name', 'ASC'] });
    expect([field(pane.body, 'name'), pane.contentRange]).toEqual([['Pane casereccio', 'Pane integrale'], 'products 0-1/2']);
    // A search pages and counts like any list: a later page, and one past the last match.
    const second = await list('products', { filter: { q: 'pane' }, sort: ['name', 'DESC'], range: [1, 1] });
    expect([field(second.body, 'name'), second.contentRange]).toEqual([['Pane casereccio'], 'products 1-1/2']);
    const beyond = await list('products', { filter: { q: 'pane', status: 'active' }, range: [5, 9] });
    expect([beyond.body, beyond.contentRange]).toEqual([[], 'products */2']);
    const many = await list('products', { filter: { id: [shop.productIds[1], other.productIds[0]] }, sort: ['name', 'ASC'] });
    expect(field(many.body, 'name')).toEqual(['Biscotti', 'Pane integrale']);
    expect((await admin.browser.get(`/api/admin/products/${shop.productIds[0]}`)).json()).toMatchObject({
      id: shop.productIds[0],
      name: 'Pane casereccio',
      storeName: 'Forno Catalogo',
    });
    expect((await list('products', { filter: { featured: 'yes' } })).status).toBe(400);
  });

  it('lists the shared catalogue with its reuse figures', async () => {
    const byUse = await list('global-products', { sort: ['storeCount', 'DESC'], range: [0, 9] });
    expect(byUse.contentRange).toBe('global-products 0-1/2');
    expect(byUse.body.map((g: { barcode: string; storeCount: number }) => [g.barcode, g.storeCount])).toEqual([
      ['8001111111111', 2],
      ['8002222222222', 1],
    ]);
    const found = await list('global-products', { filter: { q: '8002222' } });
    expect(field(found.body, 'name')).toEqual(['Caffè macinato']);
    const id = byUse.body[0].id as string;
    expect(field((await list('global-products', { filter: { id: [id] } })).body, 'id')).toEqual([id]);
    expect((await admin.browser.get(`/api/admin/global-products/${id}`)).json()).toMatchObject({ id, name: 'Pane casereccio', originalStoreId: shop.store.id });
    expect((await admin.browser.get(`/api/admin/global-products/${randomUUID()}`)).statusCode).toBe(404);
    expect((await list('global-products', { filter: { storeId: shop.store.id } })).body.message).toBe('Filtro non disponibile: «storeId».');
  });
});

describe('orders', () => {
  it('lists orders by status and store, sorted by total, and shows one without its pickup code', async () => {
    const shop = await openShop(t, admin.browser, { products: [{ name: 'Olio', price: 10, stockQuantity: 10 }] });
    const other = await openShop(t, admin.browser, { products: [{ name: 'Sale', price: 1, stockQuantity: 10 }] });
    const customer = await loggedIn(t, 'customer');
    const order = async (productId: string, storeId: string, quantity: number) => (await orderForPickup(customer.browser, storeId, [[productId, quantity]])).id;
    const small = await order(shop.productIds[0]!, shop.store.id, 1);
    const big = await order(shop.productIds[0]!, shop.store.id, 3);
    const elsewhere = await order(other.productIds[0]!, other.store.id, 2);
    expect((await shop.owner.browser.post(`/api/orders/${big}/accept`)).statusCode).toBe(200);

    const byTotal = await list('orders', { filter: { storeId: shop.store.id }, sort: ['total', 'DESC'], range: [0, 9] });
    expect([field(byTotal.body, 'id'), field(byTotal.body, 'total'), byTotal.contentRange]).toEqual([[big, small], [30, 10], 'orders 0-1/2']);
    expect(byTotal.body[0]).not.toHaveProperty('pickupCode');
    expect(field((await list('orders', { filter: { status: 'pending' }, sort: ['total', 'ASC'] })).body, 'id')).toEqual([elsewhere, small]);
    const many = await list('orders', { filter: { id: [elsewhere, big] }, sort: ['total', 'ASC'], range: [0, 0] });
    expect([field(many.body, 'id'), many.contentRange]).toEqual([[elsewhere], 'orders 0-0/2']);
    const one = (await admin.browser.get(`/api/admin/orders/${big}`)).json();
    expect(one).toMatchObject({ id: big, status: 'preparing', pickupCode: null, items: [{ name: 'Olio', quantity: 3 }] });
    expect(one.timeline.map((s: { status: string }) => s.status)).toEqual(['pending', 'preparing']);
    expect((await list('orders', { filter: { status: 'lost' } })).body.message).toBe('Stato dell’ordine non valido.');
  });
});
