import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../platform/domain/context.js';
import { derivedId } from '../../platform/commands/ids.js';
import { addDays, romeDate } from '../reservations/reservation.js';
import { Browser, startTestApp, useTestApp } from '../../../tests/support/app.js';
import { givePlan, loggedIn as newPerson, logInAs, notifyUser, openShop, useLoggedIn, type Person } from '../../../tests/support/marketplace.js';
import { buildApp } from '../../app.js';
import { maxStreamsPerUser } from './stream.js';
import { allProjections } from '../index.js';
import { ordersProjection } from '../orders/projection.js';
import { packageUnlocksProjection } from '../package-unlocks/projection.js';
import { approvedCollaborator, newArea, waitingRequest } from '../../../tests/support/collaboration.js';
import { eventTypesOf, reading, type Projection } from '../../platform/projections/projection.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

let baseUrl: string;

const everyDay = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [{ open: '08:00', close: '20:00' }]]));

interface Note {
  id: string;
  title: string;
  message: string;
  read: boolean;
  link: string | null;
  createdAt: string;
}

/** A new user of the role (tests/support/marketplace.ts) with a second session, for a real HTTP request outside the Browser. */
async function loggedIn(role: Role): Promise<Person & { cookie: string }> {
  const person = await newPerson(t, role);
  return { ...person, cookie: (await logInAs(t, person.username)).cookie };
}

/** An approved shop with one product, its owner, and a customer with that product in the cart. */
async function shopAndCustomer(storeName: string) {
  const { owner, store, productIds } = await openShop(t, admin.browser, {
    name: storeName,
    where: { latitude: 45.07, longitude: 7.68 },
    store: { address: 'Via Garibaldi 3, Torino', openingHours: everyDay },
    products: [{ name: 'Grissini torinesi', price: 3.5, stockQuantity: 20 }],
  });
  const customer = await loggedIn('customer');
  return { owner, store, productId: productIds[0]!, customer };
}

/** Tomorrow at 11:00 UTC: 12:00 or 13:00 in Rome, inside the shop's hours. */
function pickupTomorrow(): string {
  const at = new Date(Date.now() + 86_400_000);
  at.setUTCHours(11, 0, 0, 0);
  return at.toISOString();
}

/** Giulia's order of two of the product, paid in cash, picked up tomorrow at 11 unless `delivery` says otherwise: its id. */
async function placeOrder(
  customer: Browser,
  storeId: string,
  productId: string,
  delivery: Record<string, unknown> = { deliveryType: 'pickup', pickupTime: pickupTomorrow() },
): Promise<string> {
  expect((await customer.post('/api/cart/items', { productId, quantity: 2 })).statusCode).toBe(201);
  const res = await customer.request(
    'POST',
    '/api/orders/checkout',
    {
      customerName: 'Giulia Bianchi',
      customerPhone: '+39 011 1234567',
      customerEmail: 'giulia@esempio.it',
      paymentMethod: 'cash',
      stores: [{ storeId, ...delivery }],
    },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().orders[0].id;
}

const notes = async (browser: Browser): Promise<Note[]> => (await browser.get('/api/notifications')).json();
const unread = async (browser: Browser): Promise<number> => (await browser.get('/api/notifications/unread-count')).json().count;

interface Stream {
  status: number;
  type: string | undefined;
  next: (ms: number) => Promise<Note>;
  close: () => void;
  body: () => string;
  /** The whole body once the server ended the stream; fails when it has not within `ms`. */
  ended: (ms: number) => Promise<string>;
}

/** Opens the live stream over real HTTP (of `url`, this file's app by default); resolves once the server has answered its headers. */
function openStream(cookie?: string, url = baseUrl): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/notifications/stream`, { headers: cookie ? { cookie } : {} }, (response) => {
      let buffer = '';
      let waiting: ((note: Note) => void) | null = null;
      const queue: Note[] = [];
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          if (!lines.includes('event: notification')) continue;
          const note = JSON.parse(lines.find((l) => l.startsWith('data: '))!.slice(6)) as Note;
          if (waiting) waiting(note);
          else queue.push(note);
        }
      });
      let all = '';
      response.on('data', (chunk: string) => (all += chunk));
      const done = new Promise<string>((ok) => response.on('end', () => ok(all)));
      resolve({
        status: response.statusCode!,
        type: response.headers['content-type'],
        body: () => all,
        close: () => request.destroy(),
        ended: (ms) => Promise.race([done, new Promise<string>((_, fail) => setTimeout(() => fail(new Error(`the stream was still open after ${ms} ms`)), ms).unref())]),
        next: (ms) =>
          queue.length
            ? Promise.resolve(queue.shift()!)
            : new Promise((ok, fail) => {
                const timer = setTimeout(() => {
                  waiting = null;
                  fail(new Error(`no notification within ${ms} ms`));
                }, ms);
                waiting = (note) => {
                  clearTimeout(timer);
                  waiting = null;
                  ok(note);
                };
              }),
      });
    });
    request.on('error', reject);
  });
}

/** Holds the orders read model at an order's acceptance while set (a slow runner, made on purpose). */
let ordersHeld: Promise<void> | null = null;
const heldOrders: Projection = {
  ...ordersProjection,
  apply: reading([...eventTypesOf(ordersProjection)!], async (events, tx) => {
    if (ordersHeld && events.some((e) => e.type === 'OrderAccepted')) await ordersHeld;
    await ordersProjection.apply(events, tx);
  }),
};

/** Holds the unlocks read model at a package's unlock while set: the other half of a request's acceptance, late. */
let unlocksHeld: Promise<void> | null = null;
const heldUnlocks: Projection = {
  ...packageUnlocksProjection,
  apply: reading([...eventTypesOf(packageUnlocksProjection)!], async (events, tx) => {
    if (unlocksHeld && events.some((e) => e.type === 'PackageUnlockUnlocked')) await unlocksHeld;
    await packageUnlocksProjection.apply(events, tx);
  }),
};

const t = useTestApp({ projections: allProjections.map((p) => (p === ordersProjection ? heldOrders : p === packageUnlocksProjection ? heldUnlocks : p)) });
const admin = useLoggedIn(t, 'admin');

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

describe('order notifications', () => {
  it('tells the customer and the shop of a new order, and the customer of each move', async () => {
    const { owner, store, productId, customer } = await shopAndCustomer('Bottega di Gianni');
    const orderId = await placeOrder(customer.browser, store.id, productId);
    const short = orderId.slice(0, 8).toUpperCase();

    const [placed] = await notes(customer.browser);
    expect(placed).toMatchObject({ title: 'Ordine inviato', read: false, link: `/customer/orders/${orderId}` });
    expect(placed!.message).toContain('«Bottega di Gianni»');
    expect(placed!.message).toContain(short);
    const [toShop] = await notes(owner.browser);
    expect(toShop).toMatchObject({ title: 'Nuovo ordine', read: false, link: `/shopkeeper/orders/${orderId}` });
    expect(toShop!.message).toContain('Giulia Bianchi');
    expect(toShop!.message).toContain('€ 7,00');

    expect((await owner.browser.post(`/api/orders/${orderId}/accept`)).statusCode).toBe(200);
    expect((await notes(customer.browser))[0]).toMatchObject({ title: 'Ordine accettato', link: `/customer/orders/${orderId}` });
    expect((await owner.browser.post(`/api/orders/${orderId}/ready`)).statusCode).toBe(200);
    const [ready] = await notes(customer.browser);
    expect(ready!.message).toBe(`Il tuo ordine ${short} presso «Bottega di Gianni» è pronto per il ritiro. Il codice da mostrare in negozio è nella pagina dell’ordine.`);
    // The shop is told only of what it did not do itself.
    expect((await notes(owner.browser)).map((n) => n.title)).toEqual(['Nuovo ordine', 'Negozio approvato']);
  });

  it('tells the shop when the customer cancels, and the customer when the shop does, with the reason', async () => {
    const { owner, store, productId, customer } = await shopAndCustomer('Forneria Ada');
    const first = await placeOrder(customer.browser, store.id, productId);
    expect((await customer.browser.post(`/api/orders/${first}/cancel`, { reason: 'Ho sbagliato quantità' })).statusCode).toBe(200);
    const [toShop] = await notes(owner.browser);
    expect(toShop).toMatchObject({ title: 'Ordine annullato dal cliente', link: `/shopkeeper/orders/${first}` });
    expect(toShop!.message).toContain('Motivo: Ho sbagliato quantità');

    const second = await placeOrder(customer.browser, store.id, productId);
    expect((await owner.browser.post(`/api/orders/${second}/cancel`, { reason: 'Prodotto esaurito' })).statusCode).toBe(200);
    const [toCustomer] = await notes(customer.browser);
    expect(toCustomer).toMatchObject({ title: 'Ordine annullato', link: `/customer/orders/${second}` });
    expect(toCustomer!.message).toBe(`«Forneria Ada» ha annullato il tuo ordine ${second.slice(0, 8).toUpperCase()}. Motivo: Prodotto esaurito`);
  });
});

describe('delivery notifications', () => {
  it('tells the customer when a delivery leaves the shop and when it is completed', async () => {
    const { owner, store, productId, customer } = await shopAndCustomer('Enoteca Mole');
    await givePlan(t, owner.id);
    const changed = await owner.browser.request('PATCH', '/api/stores/me', { pickupOnly: false, shippingEnabled: true, shippingRadius: 10, shippingCost: 3 });
    expect(changed.statusCode, changed.body).toBe(200);
    const orderId = await placeOrder(customer.browser, store.id, productId, {
      deliveryType: 'shipping',
      deliveryAddress: 'Via Po 12, Torino',
      deliveryLatitude: 45.068,
      deliveryLongitude: 7.693,
    });
    const short = orderId.slice(0, 8).toUpperCase();
    for (const move of ['accept', 'ready']) expect((await owner.browser.post(`/api/orders/${orderId}/${move}`)).statusCode).toBe(200);
    expect((await notes(customer.browser))[0]!.message).toBe(`Il tuo ordine ${short} presso «Enoteca Mole» è pronto e sta per partire.`);

    expect((await owner.browser.post(`/api/orders/${orderId}/ship`)).statusCode).toBe(200);
    expect((await notes(customer.browser))[0]).toMatchObject({
      title: 'Ordine in consegna',
      message: `Il tuo ordine ${short} presso «Enoteca Mole» è stato spedito ed è in consegna.`,
      link: `/customer/orders/${orderId}`,
      read: false,
    });
    expect((await owner.browser.post(`/api/orders/${orderId}/complete`, {})).statusCode).toBe(200);
    expect((await notes(customer.browser))[0]).toMatchObject({
      title: 'Ordine completato',
      message: `Il tuo ordine ${short} presso «Enoteca Mole» è completato. Grazie per aver scelto un negozio del quartiere!`,
      link: `/customer/orders/${orderId}`,
    });
    expect((await notes(customer.browser)).map((n) => n.title)).toEqual(['Ordine completato', 'Ordine in consegna', 'Ordine pronto', 'Ordine accettato', 'Ordine inviato']);
  });
});

describe('reading notifications', () => {
  it('marks one read, counts the unread, reads all, and never touches another user’s', async () => {
    const { owner, store, productId, customer } = await shopAndCustomer('Latteria Po');
    const orderId = await placeOrder(customer.browser, store.id, productId);
    await owner.browser.post(`/api/orders/${orderId}/accept`);
    await owner.browser.post(`/api/orders/${orderId}/ready`);
    expect(await unread(customer.browser)).toBe(3);

    const [latest] = await notes(customer.browser);
    const read = await customer.browser.post(`/api/notifications/${latest!.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: latest!.id, title: latest!.title, read: true });
    expect(await unread(customer.browser)).toBe(2);
    // Reading it again changes nothing.
    expect((await customer.browser.post(`/api/notifications/${latest!.id}/read`)).json().read).toBe(true);

    const ownerNote = (await notes(owner.browser))[0]!;
    const foreign = await customer.browser.post(`/api/notifications/${ownerNote.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Notifica non trovata.');
    expect((await notes(owner.browser))[0]!.read).toBe(false);
    expect((await customer.browser.post(`/api/notifications/${randomUUID()}/read`)).statusCode).toBe(404);
    expect((await customer.browser.post('/api/notifications/non-un-id/read')).statusCode).toBe(400);

    expect((await customer.browser.post('/api/notifications/read-all')).json()).toEqual({ count: 2 });
    expect(await unread(customer.browser)).toBe(0);
    expect((await notes(customer.browser)).every((n) => n.read)).toBe(true);
    expect((await customer.browser.post('/api/notifications/read-all')).json()).toEqual({ count: 0 });
    expect(await unread(owner.browser)).toBe(2);

    for (const url of ['/api/notifications', '/api/notifications/unread-count']) expect((await new Browser(t.app).get(url)).statusCode).toBe(401);
    expect((await new Browser(t.app).post('/api/notifications/read-all')).statusCode).toBe(401);
  });

  it('pages the list, newest first, with the total in X-Total-Count (it stopped at 100 without a word)', async () => {
    const { owner, store, productId, customer } = await shopAndCustomer('Latteria Dora');
    const orderId = await placeOrder(customer.browser, store.id, productId);
    await owner.browser.post(`/api/orders/${orderId}/accept`);
    await owner.browser.post(`/api/orders/${orderId}/ready`);
    const all = await customer.browser.get('/api/notifications');
    expect(all.headers['x-total-count']).toBe('3');
    const ids = all.json().map((n: Note) => n.id);
    const second = await customer.browser.get('/api/notifications?pageSize=2&page=2');
    expect([second.headers['x-total-count'], second.json().map((n: Note) => n.id)]).toEqual(['3', ids.slice(2)]);
    expect((await customer.browser.get('/api/notifications?pageSize=501')).json().errors).toEqual({ pageSize: 'Elementi per pagina: un numero intero da 1 a 500.' });
  });

  it('keeps read flags and adds no notification twice when the read model is rebuilt', async () => {
    const { owner, store, productId, customer } = await shopAndCustomer('Salumeria Dora');
    await placeOrder(customer.browser, store.id, productId);
    await customer.browser.post('/api/notifications/read-all');
    const before = { customer: await notes(customer.browser), owner: await notes(owner.browser) };

    await t.system.projections.rebuild('notifications');
    expect(await t.system.projections.waitForRebuilds(hangAfter(10_000))).toBe(true);
    // What the rebuilt table holds is the log's replay.
    await expect.poll(() => notes(customer.browser), { timeout: hangAfter(10_000) }).toEqual(before.customer);
    await expect.poll(() => notes(owner.browser), { timeout: hangAfter(10_000) }).toEqual(before.owner);
    expect(before.owner[0]!.id).not.toBe(before.customer[0]!.id);
  });
});

describe('reservation notifications', () => {
  it('tells the customer of each step, the shop of a new request, and says when one expired', async () => {
    const customer = await loggedIn('customer');
    const owner = await loggedIn('shopkeeper');
    const reservationId = randomUUID();
    const ref = {
      reservationId,
      userId: customer.id,
      storeId: randomUUID(),
      storeOwnerId: owner.id,
      storeName: 'Cantina Rosa',
      productId: randomUUID(),
      productName: 'Barbera d’Asti',
      quantity: 2,
      reservationDate: '2026-03-12',
    };
    const metadata = { actorUserId: null, actorRole: null, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() };
    const requested = randomUUID();
    const { position } = await t.system.store.appendToStream(
      `reservation-${reservationId}`,
      [
        {
          id: requested,
          type: 'ReservationRequested',
          data: { ...ref, customerName: 'Giulia Bianchi', customerPhone: '3331234567', customerEmail: 'g@esempio.it', preferredPickupTime: '18:30', notes: '' },
          metadata,
        },
        { id: randomUUID(), type: 'ReservationConfirmed', data: { ...ref, shopkeeperNotes: 'La teniamo in cantina.' }, metadata },
        { id: randomUUID(), type: 'ReservationCancelled', data: { ...ref, by: 'system', reason: '', expired: true }, metadata },
      ],
      { expectedRevision: 'no_stream' },
    );
    expect(await t.system.projections.waitFor(position, hangAfter(5000))).toBe(true);

    const toCustomer = await notes(customer.browser);
    expect(toCustomer.map((n) => n.link)).toEqual(['/customer/reservations', '/customer/reservations', '/customer/reservations']);
    const byTitle = Object.fromEntries(toCustomer.map((n) => [n.title, n.message]));
    expect(byTitle['Prenotazione scaduta']).toBe(
      'La tua prenotazione di 2 × «Barbera d’Asti» presso «Cantina Rosa» per il 12 marzo 2026 è scaduta: non è stata ritirata in tempo.',
    );
    expect(byTitle['Prenotazione confermata']).toContain('Nota del negozio: La teniamo in cantina.');
    expect(byTitle['Prenotazione inviata']).toContain('«Cantina Rosa»');
    const [toShop] = await notes(owner.browser);
    expect(toShop).toMatchObject({ id: derivedId(requested, owner.id), title: 'Nuova prenotazione', link: '/shopkeeper/reservations' });
    expect(toShop!.message).toBe('Giulia Bianchi ha prenotato 2 × «Barbera d’Asti» per il 12 marzo 2026 (ritiro verso le 18:30).');
  });
});

describe('reservation notifications through the API', () => {
  const day = addDays(romeDate(new Date()), 2);
  const dayName = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  const reserve = async (customer: Browser, productId: string) => {
    const res = await customer.post('/api/reservations', {
      productId,
      quantity: 2,
      reservationDate: day,
      customerName: 'Giulia Bianchi',
      customerPhone: '+39 011 1234567',
      customerEmail: 'giulia@esempio.it',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  it('tells the customer when the reservation is ready and when it is collected', async () => {
    const { owner, productId, customer } = await shopAndCustomer('Pasticceria Gina');
    const id = await reserve(customer.browser, productId);
    for (const move of ['confirm', 'ready']) expect((await owner.browser.post(`/api/reservations/${id}/${move}`)).statusCode).toBe(200);
    expect((await notes(customer.browser))[0]).toMatchObject({
      title: 'Prenotazione pronta',
      message: 'La tua prenotazione di 2 × «Grissini torinesi» presso «Pasticceria Gina» è pronta per il ritiro.',
      link: '/customer/reservations',
    });
    expect((await owner.browser.post(`/api/reservations/${id}/complete`)).statusCode).toBe(200);
    expect((await notes(customer.browser))[0]).toMatchObject({
      title: 'Prenotazione ritirata',
      message: 'Hai ritirato 2 × «Grissini torinesi» presso «Pasticceria Gina». Grazie!',
      link: '/customer/reservations',
    });
  });

  it('tells the shop when the customer cancels a reservation, with the reason', async () => {
    const { owner, productId, customer } = await shopAndCustomer('Drogheria Teo');
    const id = await reserve(customer.browser, productId);
    expect((await owner.browser.post(`/api/reservations/${id}/confirm`)).statusCode).toBe(200);
    expect((await customer.browser.post(`/api/reservations/${id}/cancel`, { reason: 'Sono fuori città' })).statusCode).toBe(200);
    expect((await notes(owner.browser))[0]).toMatchObject({
      title: 'Prenotazione annullata dal cliente',
      message: `Il cliente ha annullato la prenotazione di 2 × «Grissini torinesi» per il ${dayName}. Motivo: Sono fuori città`,
      link: '/shopkeeper/reservations',
      read: false,
    });
    expect((await notes(customer.browser))[0]).toMatchObject({
      title: 'Prenotazione annullata',
      message: `Hai annullato la prenotazione di 2 × «Grissini torinesi» presso «Drogheria Teo» per il ${dayName}.`,
    });
  });
});

describe('GET /api/notifications/stream', () => {
  it('pushes the notification of an order move within a second of the change', async () => {
    const { owner, store, productId, customer } = await shopAndCustomer('Pasticceria Iris');
    const orderId = await placeOrder(customer.browser, store.id, productId);
    const stream = await openStream(customer.cookie);
    try {
      expect(stream.status).toBe(200);
      expect(stream.type).toMatch(/^text\/event-stream/);
      // Another user's notifications never reach this stream.
      const other = await shopAndCustomer('Drogheria Elio');
      await placeOrder(other.customer.browser, other.store.id, other.productId);

      expect((await owner.browser.post(`/api/orders/${orderId}/accept`)).statusCode).toBe(200);
      const note = await stream.next(1000);
      expect(note).toMatchObject({ title: 'Ordine accettato', read: false, link: `/customer/orders/${orderId}` });
      expect(note.message).toContain('«Pasticceria Iris»');
      expect((await notes(customer.browser))[0]!.id).toBe(note.id);
      expect(stream.body()).not.toContain('Drogheria Elio');
    } finally {
      stream.close();
    }
  });

  it('pushes a notice once what it tells shows in the other read models, so the page it refreshes is never behind', async () => {
    const { owner, store, productId, customer } = await shopAndCustomer('Latteria Gioia');
    const stream = await openStream(customer.cookie);
    const orderId = await placeOrder(customer.browser, store.id, productId);
    // The placement's own notice first: on a loaded machine it may reach the stream late, and it
    // must not be taken for the acceptance's below.
    expect((await stream.next(10_000)).title).toBe('Ordine inviato');
    let release!: () => void;
    ordersHeld = new Promise((resolve) => (release = resolve));
    try {
      const accepted = owner.browser.post(`/api/orders/${orderId}/accept`);
      // The notice is written, but the customer's orders still say "In attesa": nothing pushed.
      await expect.poll(async () => (await notes(customer.browser))[0]?.title, { timeout: hangAfter(5000) }).toBe('Ordine accettato');
      await expect(stream.next(500)).rejects.toThrow();
      expect((await customer.browser.get('/api/orders/user')).json()[0]).toMatchObject({ id: orderId, status: 'pending' });
      release();
      expect((await stream.next(5000)).title).toBe('Ordine accettato');
      expect((await customer.browser.get('/api/orders/user')).json()[0]).toMatchObject({ id: orderId, status: 'preparing' });
      expect((await accepted).statusCode).toBe(200);
    } finally {
      ordersHeld = null;
      release();
      stream.close();
    }
  });

  it('pushes a notice once the whole commit it comes from shows: a request accepted, and its package to buy (on the shop’s page since)', async () => {
    const where = newArea();
    const shop = await openShop(t, admin.browser, { name: 'Cartoleria Ada', where });
    const helper = await approvedCollaborator(t, admin, where, 'Marco Verdi');
    const asked = await shop.owner.browser.post('/api/collaboration-requests', waitingRequest({ requiredServices: [] }));
    expect(asked.statusCode, asked.body).toBe(201);
    const unlockId: string = asked.json().unlock.id;
    const stream = await openStream(shop.owner.browser.cookie);
    let release!: () => void;
    unlocksHeld = new Promise((resolve) => (release = resolve));
    try {
      // One commit: the request accepted (its read model and the notice follow at once) and the unlock opened (held).
      const accept = helper.browser.post(`/api/collaboration-requests/${asked.json().id}/accept`);
      const accepted = (n: Note) => n.title === 'Richiesta accettata';
      await expect.poll(async () => (await shop.owner.browser.get('/api/collaborator-notifications')).json<Note[]>().some(accepted), { timeout: hangAfter(5000) }).toBe(true);
      // Written, not pushed: the shop's page, refreshed now, would not find the package to buy.
      const pushed: Note[] = [];
      await expect(
        (async () => {
          for (;;) pushed.push(await stream.next(500));
        })(),
      ).rejects.toThrow();
      expect(pushed.filter(accepted)).toEqual([]);
      expect((await shop.owner.browser.get('/api/package-unlocks')).json()[0]).toMatchObject({ id: unlockId, unlockStatus: 'locked' });
      release();
      let note = await stream.next(hangAfter(5000));
      while (!accepted(note)) note = await stream.next(hangAfter(5000));
      expect(note.message).toMatch(/^Marco Verdi ha accettato la tua richiesta per «Cartoleria Ada»/);
      expect((await shop.owner.browser.get('/api/package-unlocks')).json()[0]).toMatchObject({ id: unlockId, unlockStatus: 'unlocked_collaborator' });
      expect((await accept).statusCode).toBe(200);
    } finally {
      unlocksHeld = null;
      release();
      stream.close();
    }
  });

  it('listens again after its database connection drops', async () => {
    const { owner, store, productId, customer } = await shopAndCustomer('Enoteca Bruno');
    const orderId = await placeOrder(customer.browser, store.id, productId);
    const stream = await openStream(customer.cookie);
    const listener = () =>
      t.system.pool.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = 'vicino-notifications' AND datname = current_database()");
    try {
      const [before] = (await listener()).rows;
      await t.system.pool.query('SELECT pg_terminate_backend($1)', [before!.pid]);
      await expect.poll(async () => (await listener()).rows.some((r) => r.pid !== before!.pid), { timeout: hangAfter(5000) }).toBe(true);
      expect((await owner.browser.post(`/api/orders/${orderId}/accept`)).statusCode).toBe(200);
      expect((await stream.next(1000)).title).toBe('Ordine accettato');
    } finally {
      stream.close();
    }
  });

  it('is ended when the app closes, so closing never waits for the client', async () => {
    const own = await startTestApp();
    try {
      const username = `cliente-${randomUUID().slice(0, 8)}`;
      const registered = await own.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username, name: 'Ada Riva', email: `${username}@esempio.it`, password: 'password1', role: 'customer' },
      });
      const cookie = ([registered.headers['set-cookie']].flat() as string[]).map((line) => line.split(';')[0]).join('; ');
      await own.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}/api/notifications/stream`;
      const { ended } = await new Promise<{ ended: Promise<string> }>((resolve, reject) => {
        http
          .get(url, { headers: { cookie } }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            resolve({ ended: new Promise((done) => response.on('end', () => done(body))) });
          })
          .on('error', reject);
      });
      await own.app.close();
      expect(await ended).toContain(': connesso');
    } finally {
      await own.close();
    }
  });

  it('answers 401 without a session', async () => {
    const stream = await openStream();
    stream.close();
    expect(stream.status).toBe(401);
    expect(stream.type).toMatch(/^application\/json/);
  });
});

describe('GET /api/notifications/stream and the end of sessions', () => {
  // Another process on the same database: it hears of a session's end only through PostgreSQL.
  let other: FastifyInstance;
  let otherUrl: string;
  beforeAll(async () => {
    other = await buildApp({ ...t.app.deps });
    await other.listen({ host: '127.0.0.1', port: 0 });
    otherUrl = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await other.close();
  });

  const endings: [string, (user: Awaited<ReturnType<typeof loggedIn>>) => Promise<{ statusCode: number }>][] = [
    ['logout everywhere', (user) => user.browser.post('/api/auth/logout-everywhere')],
    ['a password change', (user) => user.browser.post('/api/user/password', { currentPassword: 'password1', newPassword: 'password2' })],
    ['suspension', (user) => admin.browser.post(`/api/admin/users/${user.id}/suspend`, { reason: 'Ordini fraudolenti' })],
    ['deactivation', (user) => admin.browser.post(`/api/admin/users/${user.id}/deactivate`)],
  ];

  it.each(endings)('ends a stream open on another process at once on %s, saying why', async (_, endSessions) => {
    const user = await loggedIn('customer');
    const stream = await openStream(user.cookie, otherUrl);
    try {
      expect(stream.status).toBe(200);
      expect((await endSessions(user)).statusCode).toBeLessThan(300);
      expect(await stream.ended(5000)).toContain('event: end\ndata: session\n\n');
      // Nothing more reaches it, and its session opens no other.
      await notifyUser(t, user.id);
      expect(stream.body()).not.toContain('Prenotazione inviata');
      const again = await openStream(user.cookie, otherUrl);
      again.close();
      expect(again.status).toBe(401);
    } finally {
      stream.close();
    }
  });

  it('ends on logout the streams of that session only', async () => {
    const user = await loggedIn('customer');
    const laptop = await openStream(user.browser.cookie, otherUrl);
    const phone = await openStream(user.cookie, otherUrl);
    try {
      expect((await user.browser.post('/api/logout')).statusCode).toBe(200);
      expect(await laptop.ended(5000)).toContain('event: end\ndata: session\n\n');
      await notifyUser(t, user.id);
      expect((await phone.next(2000)).title).toBe('Prenotazione inviata');
      expect(laptop.body()).not.toContain('Prenotazione inviata');
    } finally {
      laptop.close();
      phone.close();
    }
  });

  it(`keeps at most ${maxStreamsPerUser} streams of a user: a newer one replaces the oldest, which is told why`, async () => {
    const user = await loggedIn('customer');
    const streams: Stream[] = [];
    try {
      for (let i = 0; i <= maxStreamsPerUser; i++) streams.push(await openStream(user.cookie));
      expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
      expect(await streams[0]!.ended(5000)).toContain('event: end\ndata: replaced\n\n');
      await notifyUser(t, user.id);
      for (const stream of streams.slice(1)) expect((await stream.next(2000)).title).toBe('Prenotazione inviata');
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
