// @ts-check
/*
 * Checkout, as customers do it: a product into the cart, then the checkout of that shop's line
 * (pickup in the shop, paid in cash) — src/modules/cart/contract.ts and src/modules/orders/contract.ts:
 *   POST /api/cart/items          { productId, quantity }                     → 201, the cart
 *   POST /api/orders/checkout     Idempotency-Key header, { customer…, paymentMethod, stores: [{ storeId, deliveryType, pickupTime }] }
 *                                 → 201 { orders, paymentUrl }, answered once the read models show the order
 * Arrivals at a constant rate: RATE checkouts a second (default 5) for DURATION (default 1m).
 *
 *   k6 run scripts/load/checkout.js
 *   k6 run -e RATE=20 -e CUSTOMERS=40 scripts/load/checkout.js
 *
 * It writes: run it on a database you can throw away (a DATA_DIR of its own), not on data you keep.
 *
 * setup(), once before the arrivals:
 *  1. logs in as the demo shopkeeper (`negoziante`, Bottega di Gianni) and finds, or adds once,
 *     the product «Prodotto per prove di carico (k6)» with 1,000,000 pieces, so the run never meets
 *     an empty shelf (the demo products have a few dozen);
 *  2. logs in as the demo customer (`cliente`) and registers CUSTOMERS - 1 more customers
 *     (POST /api/register, usernames k6-…): a cart is one per customer and a checkout takes the
 *     shop's lines of it, so two checkouts of one cart at once would take each other's line. Each VU
 *     is one customer (as many VUs as customers), so no cart is ever used by two iterations at once;
 *     every cart is emptied first (the demo customer's too);
 *  3. picks a pickup time the shop accepts: tomorrow (or the day after, not a Sunday) at 09:30 UTC,
 *     inside its morning hours (08:30–13:30 in Rome) in winter and in summer.
 * The sessions, product and pickup time go to every VU as setup()'s data.
 */
import http from 'k6/http';
import { check } from 'k6';
import { answer, as, bare, BASE_URL, credentials, DURATION, envNumber, login, sessionOf, uniqueKey } from './lib.js';

const RATE = envNumber('RATE', 5);
const CUSTOMERS = envNumber('CUSTOMERS', 20);
const PRODUCT_NAME = 'Prodotto per prove di carico (k6)';

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    checkout: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: DURATION,
      // One VU per customer (see setup): more arrivals than free VUs show as dropped_iterations.
      preAllocatedVUs: CUSTOMERS,
      maxVUs: CUSTOMERS,
    },
  },
  // Registering and logging in hash passwords on purpose (slowly): setup gets time of its own.
  setupTimeout: '5m',
  thresholds: {
    // Less than 1% of requests answered with an error (4xx/5xx) or not at all.
    http_req_failed: ['rate<0.01'],
    // 95% of requests within 500 ms, the checkout itself (which waits for the read models) too.
    http_req_duration: ['p(95)<500'],
    'http_req_duration{name:POST /api/orders/checkout}': ['p(95)<500'],
    checks: ['rate>0.99'],
  },
};

/**
 * The first day from tomorrow that is not a Sunday, at 09:30 UTC (10:30 or 11:30 in Rome).
 * @returns {string}
 */
function pickupTime() {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 1);
  if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
  day.setUTCHours(9, 30, 0, 0);
  return day.toISOString();
}

/**
 * @typedef {{ session: string, name: string, email: string }} Customer
 * @typedef {{ storeId: string, productId: string, pickupTime: string, customers: Customer[] }} Data
 */

/** @returns {Data} */
export function setup() {
  // 1. The shop and its product for the run.
  const shopkeeper = login(credentials('SHOPKEEPER'));
  const store = answer(http.get(`${BASE_URL}/api/stores/me`, bare(shopkeeper, 'GET /api/stores/me')), 200, "the shopkeeper's shop");
  /** @type {{ id: string, name: string, status: string }[]} */
  const products = answer(http.get(`${BASE_URL}/api/stores/${store.id}/products`, bare(shopkeeper, 'GET /api/stores/:id/products')), 200, "the shop's products");
  let product = products.find((p) => p.name === PRODUCT_NAME && p.status === 'active');
  if (!product) {
    const body = { name: PRODUCT_NAME, description: 'Aggiunto dagli scenari k6 (scripts/load/checkout.js).', price: 1, stockQuantity: 1_000_000, category: 'alimentari' };
    product = answer(http.post(`${BASE_URL}/api/products`, JSON.stringify(body), as(shopkeeper, 'POST /api/products')), 201, 'adding the product');
  }

  // 2. The customers: the demo one, then registered ones; each cart emptied.
  /** @type {Customer[]} */
  const customers = [{ session: login(credentials('CUSTOMER')), name: 'Chiara Romano', email: 'chiara@vicino.demo' }];
  const run = uniqueKey('k6');
  for (let i = 1; i < CUSTOMERS; i++) {
    const username = `${run}-${i}`;
    const person = { username, name: `Cliente di prova ${i}`, email: `${username}@example.com`, password: 'prova-di-carico', role: 'customer' };
    const res = http.post(`${BASE_URL}/api/register`, JSON.stringify(person), {
      headers: { 'Content-Type': 'application/json' },
      jar: new http.CookieJar(),
      tags: { name: 'POST /api/register' },
    });
    customers.push({ session: sessionOf(res, `registering ${username}`, 201), name: person.name, email: person.email });
  }
  for (const c of customers) answer(http.del(`${BASE_URL}/api/cart`, null, bare(c.session, 'DELETE /api/cart')), 200, 'emptying a cart');

  // 3. When the orders will be picked up.
  return { storeId: store.id, productId: /** @type {{ id: string }} */ (product).id, pickupTime: pickupTime(), customers };
}

/** @param {Data} data */
export default function (data) {
  const customer = /** @type {Customer} */ (data.customers[(__VU - 1) % data.customers.length]);

  const added = http.post(`${BASE_URL}/api/cart/items`, JSON.stringify({ productId: data.productId, quantity: 1 }), as(customer.session, 'POST /api/cart/items'));
  if (!check(added, { 'added to the cart: 201': (r) => r.status === 201 })) return;

  const order = {
    customerName: customer.name,
    customerPhone: '+39 333 123 4567',
    customerEmail: customer.email,
    paymentMethod: 'cash',
    stores: [{ storeId: data.storeId, deliveryType: 'pickup', pickupTime: data.pickupTime }],
  };
  // A new key each checkout: the same key again would answer the same order, not a new one.
  const placed = http.post(
    `${BASE_URL}/api/orders/checkout`,
    JSON.stringify(order),
    as(customer.session, 'POST /api/orders/checkout', { 'Idempotency-Key': uniqueKey('k6-checkout') }),
  );
  check(placed, {
    'checkout: 201': (r) => r.status === 201,
    'checkout: one order': (r) => r.status === 201 && /** @type {any} */ (r.json()).orders.length === 1,
  });
}
