import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { customerDetails, loggedIn, orderForPickup, useLoggedIn, useShop, type Person } from '../../../tests/support/marketplace.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

/*
 * Never a 500 for bad input (design §4), proven for the whole class: every route the app adds is
 * sent bad path parameters, bad values for every query key its schema knows and bad JSON bodies
 * for every field, as the roles that get past its guards; each answer is below 500 and, when a
 * 4xx, an Italian `{message}`.
 */

const routes: RouteOptions[] = [];
const t = useTestApp({ uploads: true, onRoute: (route) => routes.push(route) });
const admin = useLoggedIn(t, 'admin');
const shop = useShop(t, admin, { products: [{ barcode: '8001234567897' }, {}] });
const customer = useLoggedIn(t, 'customer');
/** The records the routes' ids name, so a bad body meets a real one and reaches its command. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  const [productId, otherProductId] = shop.productIds as [string, string];
  const placed = await orderForPickup(customer.browser, shop.store.id, [[productId, 1]]);
  const cart = await customer.browser.post('/api/cart/items', { productId: otherProductId, quantity: 1 });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const reserved = await customer.browser.post('/api/reservations', { productId, quantity: 1, reservationDate: tomorrow, ...customerDetails });
  expect(reserved.statusCode, reserved.body).toBe(201);
  const notices = await shop.owner.browser.get('/api/notifications');
  const globalProducts = await admin.browser.get('/api/admin/global-products');
  // The admin's moves on users are tried on someone the walk does not need.
  const bystander = await loggedIn(t, 'customer');
  Object.assign(ids, {
    product: productId,
    order: placed.id,
    reservation: reserved.json().id,
    cartItem: cart.json().items[0].id,
    notification: notices.json()[0]?.id ?? randomUUID(),
    globalProduct: globalProducts.json()[0]?.id ?? randomUUID(),
    user: bystander.id,
  });
}, hangAfter(120_000));

/** A real value for a parameter of the route, by what the route is about. */
function realParam(url: string, name: string): string {
  if (name === 'storeId' || (name === 'id' && url.startsWith('/api/admin/stores/'))) return shop.store.id;
  if (name === 'idOrSlug') return shop.store.slug;
  if (name === 'code') return '8001234567897';
  if (name === 'name') return 'stores';
  if (name === 'type') return 'product';
  if (name === 'revision') return '0';
  if (name === '*') return 'nothing.png';
  const byPrefix: [string, string][] = [
    ['/api/admin/users/', ids.user!],
    ['/api/admin/global-products/', ids.globalProduct!],
    ['/api/admin/orders/', ids.order!],
    ['/api/orders/', ids.order!],
    ['/api/reservations/', ids.reservation!],
    ['/api/cart/items/', ids.cartItem!],
    ['/api/notifications/', ids.notification!],
  ];
  return byPrefix.find(([prefix]) => url.startsWith(prefix))?.[1] ?? ids.product!;
}

const pathOf = (url: string, values: Record<string, string>): string => url.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => values[name ?? '*'] ?? whole);

/** The keys of an object schema, through the wrappers zod puts around one (optional, pipe, preprocess, and). */
function keysOf(schema: unknown): string[] {
  const def = (schema as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  if (def.type === 'object') return Object.keys(def.shape as Record<string, z.ZodType>);
  if (def.type === 'pipe') return [...new Set([...keysOf(def.in), ...keysOf(def.out)])];
  if (def.type === 'intersection') return [...new Set([...keysOf(def.left), ...keysOf(def.right)])];
  return 'innerType' in def ? keysOf(def.innerType) : [];
}

const dashes = '-'.repeat(36);
const long = 'x'.repeat(5000);
/** As they go into a URL: encoded already. */
const badParams = [dashes, '%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', long, 'abc', '00000000-0000-0000-0000-000000000000', randomUUID()];
/** Encoded already where the bytes themselves are the point; the rest are texts, JSON ones for the admin lists. */
const badQueryValues = [
  '%00',
  '%ED%A0%80',
  '%E0%A4%A',
  ...[
    long,
    dashes,
    'abc',
    '-1',
    '0',
    '1e999',
    '1.5',
    '',
    '[',
    '{}',
    '[0,"a"]',
    '[0,100000000]',
    '["x","ASC"]',
    '99999999999999999999/0',
    '1e400',
    '{"q":"\\u0000"}',
    '{"q":"\\ud800"}',
    `{"id":["${dashes}"]}`,
    '["\\u0000","ASC"]',
    '{"status":"\\u0000"}',
  ].map(encodeURIComponent),
];
const badFieldValues: unknown[] = ['\u0000', 'a\u0000b', '\ud800', 'a\udc00b', long, dashes, 1e308, -1e308, -1, 1.5, 'true', [], ['\u0000'], {}, { '\u0000': 1 }, null];
/** Whole bodies, as JSON text. */
const badBodies = ['"text"', '[]', '1e999', 'null', '{', '{"__proto__":{"a":1}}', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, '{"\\u0000":"\\ud800"}'];

/** Words of English error texts (Fastify's, zod's defaults) that an Italian message never has. */
const english =
  /\b(invalid|expected|received|too (big|small)|required|bad request|not found|must|unsupported|internal|error|exceeding|unexpected|unrecognized|string|number|boolean|array)\b/i;

const problems: string[] = [];

function judge(what: string, response: { statusCode: number; body: string }): void {
  const { statusCode: status, body } = response;
  if (status >= 500) {
    problems.push(`${what} → ${status} ${body.slice(0, 200)}`);
    return;
  }
  if (status < 400) return;
  let json: { message?: unknown; errors?: Record<string, unknown> };
  try {
    json = JSON.parse(body);
  } catch {
    problems.push(`${what} → ${status}, not JSON: ${body.slice(0, 200)}`);
    return;
  }
  const texts = [json.message, ...Object.values(json.errors ?? {})];
  if (typeof json.message !== 'string' || texts.some((text) => typeof text !== 'string' || english.test(text))) {
    problems.push(`${what} → ${status} ${body.slice(0, 300)}`);
  }
}

/** Who can be turned away only after the input is read: admins under /api/admin, anyone else elsewhere. */
const whoFor = (url: string): Person[] => (url.startsWith('/api/admin/') ? [admin] : [shop.owner, customer]);

/** A walk step may have ended its session (a password change, logout everywhere): log in again. */
async function stillIn(person: Person): Promise<Person> {
  if ((await person.browser.get('/api/user')).statusCode === 200) return person;
  const browser = new Browser(t.app);
  const login = await browser.post('/api/login', { username: person.username, password: 'password1' });
  expect(login.statusCode, `${person.username} could not log in again: ${login.body}`).toBe(200);
  person.browser = browser;
  return person;
}

/** Ending sessions is tried last, so it ends no walk step's session but its own. */
const walkOrder = (route: RouteOptions): number => (/logout|password/.test(route.url) ? 1 : 0);

describe('every route', () => {
  it(
    'answers bad path parameters, query strings and bodies with an Italian 4xx, never a 500',
    async () => {
      // The live stream never ends (and takes no input); HEAD answers as its GET.
      const walked = routes
        .filter((r) => r.url !== '/api/notifications/stream')
        .flatMap((route) =>
          [route.method]
            .flat()
            .filter((m) => m !== 'HEAD')
            .map((method) => ({ route, method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' })),
        )
        .sort((a, b) => walkOrder(a.route) - walkOrder(b.route));
      expect(walked.length).toBeGreaterThan(60);
      for (const { route, method } of walked) {
        const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
        const real = Object.fromEntries(names.map((name) => [name, realParam(route.url, name)]));
        const schema = route.schema;
        const queryKeys = [...keysOf(schema?.querystring), 'q'];
        const bodyKeys = keysOf(schema?.body);
        for (const who of whoFor(route.url)) {
          const person = await stillIn(who);
          const send = async (what: string, url: string, body?: string) => {
            const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
            if (route.url === '/api/orders/checkout') headers['idempotency-key'] = randomUUID();
            const response = await person.browser.request(method, url, body === undefined ? undefined : Buffer.from(body), headers);
            judge(`${person.username} ${method} ${route.url}: ${what}`, response);
          };
          for (const name of names) {
            for (const value of badParams) await send(`${name}=${value.slice(0, 40)}`, pathOf(route.url, { ...real, [name]: value }));
          }
          const url = pathOf(route.url, real);
          for (const key of queryKeys) {
            for (const value of badQueryValues) await send(`?${key}=${value.slice(0, 40)}`, `${url}?${key}=${value}`);
            await send(`?${key} twice`, `${url}?${key}=1&${key}=2`);
          }
          if (method === 'GET' || method === 'DELETE') continue;
          for (const key of bodyKeys) {
            for (const value of badFieldValues) await send(`${key}: ${JSON.stringify(value).slice(0, 40)}`, url, JSON.stringify({ [key]: value }));
          }
          for (const body of badBodies) await send(`body ${body.slice(0, 40)}`, url, body);
        }
      }
      expect(problems).toEqual([]);
    },
    hangAfter(600_000),
  );
});
