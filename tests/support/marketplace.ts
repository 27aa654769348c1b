import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { activatePackage } from '../../src/modules/packages/commands.js';
import { registerUser } from '../../src/modules/users/commands.js';
import { systemContext, type Role } from '../../src/platform/domain/context.js';
import { Browser, type TestApp } from './app.js';
import { madeBeforeAll } from './made.js';
import { hangAfter } from './time-limits.js';
import { activeTestAccount } from './payments.js';

/* People, shops and products made through the API, as the integration tests need them. */

export const weekOf = (slots: { open: string; close: string }[], sunday = slots) => ({
  '0': sunday,
  '1': slots,
  '2': slots,
  '3': slots,
  '4': slots,
  '5': slots,
  '6': slots,
});
/** Open every day round the clock (to the minute the editor allows). */
export const alwaysOpen = weekOf([{ open: '00:00', close: '23:59' }]);

export const places = {
  milan: { latitude: 45.4642, longitude: 9.19 },
  rome: { latitude: 41.9028, longitude: 12.4964 },
};

export interface Person {
  browser: Browser;
  id: string;
  username: string;
}

/** A new user of the role, registered through the command and logged in through the API (from `ip`); names made up unless given. */
export async function loggedIn(
  t: TestApp,
  role: Role,
  {
    ip,
    username = `${role}-${randomUUID().slice(0, 8)}`,
    name = 'Prova Rossi',
    email = `${username}@esempio.it`,
  }: { ip?: string; username?: string; name?: string; email?: string } = {},
): Promise<Person> {
  const { userId, position } = await registerUser(t.system, { username, name, email, password: 'password1', role }, systemContext(), { ignoreClosedRegistration: true });
  await t.system.projections.waitFor(position!, 5000);
  return { browser: await logInAs(t, username, ip), id: userId, username };
}

/** A new browser logged in as `username`, one of the users loggedIn makes (they all have one password). */
export async function logInAs(t: TestApp, username: string, ip?: string): Promise<Browser> {
  const browser = new Browser(t.app, ip);
  const login = await browser.post('/api/login', { username, password: 'password1' });
  if (login.statusCode !== 200) throw new Error(`login ${login.statusCode}: ${login.body}`);
  return browser;
}

/** A user of the role logged in before the file's (or block's) tests (madeBeforeAll): read it inside them. */
export function useLoggedIn(t: TestApp, role: Role): Person {
  return madeBeforeAll(() => loggedIn(t, role));
}

export interface Shop {
  owner: Person;
  store: { id: string; slug: string; name: string };
  productIds: string[];
}

/** A shopkeeper with a store the admin approved, and its products (stock 5 unless said). */
export async function openShop(
  t: TestApp,
  admin: Browser,
  {
    name = `Bottega ${randomUUID().slice(0, 6)}`,
    where = places.rome,
    products = [{}],
    store = {},
    testAccount = store.onlinePaymentsEnabled === true,
  }: {
    name?: string;
    where?: { latitude: number; longitude: number };
    products?: Record<string, unknown>[];
    store?: Record<string, unknown>;
    /** The shop's test account active, so the test payments pay it (by default when it takes payments online). */
    testAccount?: boolean;
  } = {},
): Promise<Shop> {
  const owner = await loggedIn(t, 'shopkeeper');
  if (['shippingEnabled', 'onlinePaymentsEnabled', 'stripePaymentsEnabled', 'paypalPaymentsEnabled'].some((option) => store[option] === true)) await givePlan(t, owner.id);
  const created = await owner.browser.post('/api/stores', { name, address: 'Via di Prova 1, Roma', ...where, openingHours: alwaysOpen, category: 'alimentari', ...store });
  if (created.statusCode !== 201) throw new Error(`store ${created.statusCode}: ${created.body}`);
  const approved = await admin.post(`/api/admin/stores/${created.json().id}/approve`);
  if (approved.statusCode !== 200) throw new Error(`approve ${approved.statusCode}: ${approved.body}`);
  if (testAccount) await activeTestAccount(t, created.json().id);
  const productIds: string[] = [];
  for (const [i, p] of products.entries()) {
    const res = await owner.browser.post('/api/products', { name: `Prodotto ${i + 1}`, price: 2.5, stockQuantity: 5, category: 'alimentari', ...p });
    if (res.statusCode !== 201) throw new Error(`product ${res.statusCode}: ${res.body}`);
    productIds.push(res.json().id);
  }
  return { owner, store: created.json(), productIds };
}

/**
 * The seeded plan `name` (Premium: shipping within 30 km, online payments) paid and active for
 * `userId`, as the payments do once a purchase is paid: what a shop needs to switch those options on.
 */
export async function givePlan(t: Pick<TestApp, 'system'>, userId: string, name = 'Premium'): Promise<void> {
  const { rows } = await t.system.pool.query<{ id: string; price_cents: number }>(`SELECT id, price_cents FROM packages WHERE name = $1 AND status = 'active'`, [name]);
  if (!rows[0]) throw new Error(`no package ${name}`);
  await activatedPlan(t, { userId, packageId: rows[0].id, amountCents: rows[0].price_cents });
}

/** A package the admin creates through the API (`Piano …` at 29.90 € unless `fields` say otherwise). */
export async function createdPlan(admin: Browser, fields: Record<string, unknown> = {}): Promise<{ id: string; name: string }> {
  const res = await admin.post('/api/admin/packages', { name: `Piano ${randomUUID().slice(0, 6)}`, price: 29.9, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** What a premium plan allows in the tests of purchases: shipping within 30 km and online payments. */
export const shippingAndPayments = { type: 'premium', enablesShipping: true, shippingRadius: 30, enablesOnlinePayments: true };

/** The package paid by the test payments and active for `userId` from `at`, as the payments do once a purchase is paid. */
export async function activatedPlan(
  t: Pick<TestApp, 'system'>,
  { userId, packageId, amountCents }: { userId: string; packageId: string; amountCents: number },
  at = new Date(),
): Promise<void> {
  const { position } = await activatePackage(t.system, { userId, packageId, transactionId: randomUUID(), amountCents, paymentMethod: 'sandbox' }, systemContext(at));
  if (position) await t.system.projections.waitFor(position, hangAfter(5000));
}

/** A shop opened (openShop) before the file's (or block's) tests, approved by `admin`: read it inside them. */
export function useShop(t: TestApp, admin: Person, options?: Parameters<typeof openShop>[2]): Shop {
  return madeBeforeAll(() => openShop(t, admin.browser, options));
}

/** A pickup time the always-open shop accepts: on the hour, one to two hours from now. */
export function pickupSoon(now = Date.now()): string {
  const hour = 3_600_000;
  return new Date(Math.ceil(now / hour) * hour + hour).toISOString();
}

export const customerDetails = {
  customerName: 'Giulia Bianchi',
  customerPhone: '+39 333 1234567',
  customerEmail: 'giulia@esempio.it',
  paymentMethod: 'cash',
} as const;

/** The demo customer's details at the checkout (Chiara Romano of the seed, src/seed.ts), paying cash. */
export const demoCustomerDetails = {
  customerName: 'Chiara Romano',
  customerPhone: '+39 333 1234567',
  customerEmail: 'chiara@vicino.demo',
  paymentMethod: 'cash',
} as const;

/** The body of the demo customer's checkout of her cart at `storeId`, for pickup at `pickupTime` (soon unless given). */
export function demoPickupCheckout(storeId: string, pickupTime = pickupSoon()) {
  return { ...demoCustomerDetails, stores: [{ storeId, deliveryType: 'pickup', pickupTime }] };
}

/** A notification for `userId` titled "Prenotazione inviata", as a reservation request gives one (no shop needed). */
export async function notifyUser(t: TestApp, userId: string): Promise<void> {
  const reservationId = randomUUID();
  const ref = {
    reservationId,
    userId,
    storeId: randomUUID(),
    storeOwnerId: randomUUID(),
    storeName: 'Cantina Rosa',
    productId: randomUUID(),
    productName: 'Barbera d’Asti',
    quantity: 1,
    reservationDate: '2026-03-12',
  };
  const metadata = { actorUserId: null, actorRole: null, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() };
  const { position } = await t.system.store.appendToStream(
    `reservation-${reservationId}`,
    [
      {
        id: randomUUID(),
        type: 'ReservationRequested',
        data: { ...ref, customerName: 'Giulia Bianchi', customerPhone: '+39 333 1234567', customerEmail: 'giulia@esempio.it', preferredPickupTime: '18:30', notes: '' },
        metadata,
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  await t.system.projections.waitFor(position, 5000);
}

/** The units of a product in stock, as its public page reads them. */
export async function stockOf(t: TestApp, productId: string): Promise<number> {
  return (await new Browser(t.app).get(`/api/products/${productId}`)).json().stockQuantity;
}

/** Puts these lines (product id, quantity) in the cart of `customer`, each answered 201. */
export async function fillCart(customer: Browser, items: [string, number][]): Promise<void> {
  for (const [productId, quantity] of items) {
    const res = await customer.post('/api/cart/items', { productId, quantity });
    expect(res.statusCode, res.body).toBe(201);
  }
}

/** A new customer with these lines (product id, quantity) in the cart. */
export async function withCart(t: TestApp, items: [string, number][]): Promise<Person> {
  const customer = await loggedIn(t, 'customer');
  await fillCart(customer.browser, items);
  return customer;
}

/**
 * Checks out the cart of `who` with each shop's choice in `stores`, the customer's details and
 * `extra`, under an idempotency key (a new one unless given; none for null).
 */
export function checkout(who: Pick<Person, 'browser'>, stores: Record<string, unknown>[], key: string | null = randomUUID(), extra: Record<string, unknown> = {}) {
  return who.browser.request('POST', '/api/orders/checkout', { ...customerDetails, ...extra, stores }, key ? { 'idempotency-key': key } : {});
}

/** Checks out the cart lines of `storeId` for pickup soon, with a new idempotency key. */
export function checkoutForPickup(customer: Browser, storeId: string) {
  return checkout({ browser: customer }, [{ storeId, deliveryType: 'pickup', pickupTime: pickupSoon() }]);
}

/** `customer` orders these lines (product id, quantity) of the shop `storeId` for pickup: the order placed. */
export async function orderForPickup(customer: Browser, storeId: string, items: [string, number][]): Promise<{ id: string; total: number }> {
  await fillCart(customer, items);
  const placed = await checkoutForPickup(customer, storeId);
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().orders[0];
}

/** The names of the shops GET /api/stores/nearby answers a visitor for `query` (place, radius, words…), in its order. */
export async function shopsNearby(t: Pick<TestApp, 'app'>, query: string): Promise<string[]> {
  const res = await new Browser(t.app).get(`/api/stores/nearby?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((s: { name: string }) => s.name);
}
