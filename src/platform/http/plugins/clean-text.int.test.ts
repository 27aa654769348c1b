import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../../tests/support/app.js';
import { alwaysOpen, customerDetails, useLoggedIn, useShop } from '../../../../tests/support/marketplace.js';

/*
 * NUL and unpaired surrogates (issue [6]): PostgreSQL keeps neither in text or jsonb, so each
 * reached a query or an append and failed there with a 500. They are refused at the edge.
 */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const customer = useLoggedIn(t, 'customer');
const shop = useShop(t, admin, { products: [{ barcode: '8001234567897' }] });

const refused = {
  message: 'La richiesta contiene caratteri non ammessi (un carattere nullo o una codifica non valida).',
};
const inField = (field: string) => ({ ...refused, errors: { [field]: 'Contiene caratteri non ammessi (un carattere nullo o una codifica non valida).' } });

/** In a URL: NUL, and a lone surrogate as the bytes UTF-8 would give it (which decode to nothing valid). */
const nul = '%00';

describe('text PostgreSQL cannot keep', () => {
  it('is refused in query strings: search, nearby shops', async () => {
    for (const url of [`/api/search/products?q=pane${nul}`, `/api/search/products?category=${nul}`, `/api/stores/nearby?q=${nul}`]) {
      const res = await customer.browser.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject(refused);
    }
    expect((await customer.browser.get(`/api/search/products?q=pane${nul}`)).json()).toEqual(inField('q'));
  });

  it('is refused in path ids: a store, its products, a product, a barcode', async () => {
    for (const url of [`/api/stores/${nul}`, `/api/stores/a${nul}b/products`, `/api/products/${nul}`, `/api/global-products/by-barcode/800${nul}`]) {
      const res = await shop.owner.browser.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(refused.message);
    }
    // A lone surrogate cannot even be decoded from a URL.
    const surrogate = await customer.browser.get('/api/stores/%ED%A0%80');
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toEqual({ message: 'Indirizzo non valido: contiene caratteri codificati male.' });
  });

  it('is refused in every text of a JSON body, and nothing reaches the event log', async () => {
    const before = await t.system.store.headPosition();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const [productId] = shop.productIds as [string];
    const cases: [Browser, 'POST' | 'PUT' | 'PATCH', string, Record<string, unknown>, string][] = [
      [new Browser(t.app), 'POST', '/api/login', { username: 'mario\u0000', password: 'x' }, 'username'],
      [new Browser(t.app), 'POST', '/api/login', { username: 'mario', password: 'pass\ud800word' }, 'password'],
      [new Browser(t.app), 'POST', '/api/register', { username: 'mario', name: 'Mario\u0000', email: 'mario@esempio.it', password: 'segreta1', role: 'customer' }, 'name'],
      [customer.browser, 'PATCH', '/api/user', { name: 'Mario \udc00Rossi' }, 'name'],
      [shop.owner.browser, 'PATCH', '/api/stores/me', { description: 'Aperto\u0000' }, 'description'],
      [shop.owner.browser, 'PATCH', '/api/stores/me', { openingHours: { ...alwaysOpen, '1': [{ open: '09:00\u0000', close: '10:00' }] } }, 'openingHours.1.0.open'],
      [shop.owner.browser, 'POST', '/api/products', { name: 'Pane\ud800', price: 2 }, 'name'],
      [shop.owner.browser, 'POST', `/api/products/${productId}/stock`, { delta: 1, reason: 'Arrivo\u0000' }, 'reason'],
      [customer.browser, 'POST', '/api/reservations', { productId, quantity: 1, reservationDate: tomorrow, ...customerDetails, notes: '\u0000' }, 'notes'],
      [admin.browser, 'PUT', `/api/admin/global-products/${randomUUID()}`, { name: 'Caffè\u0000' }, 'name'],
      [admin.browser, 'PUT', '/api/admin/site-settings/current', { siteName: 'Vicino\ud800' }, 'siteName'],
      [admin.browser, 'PUT', '/api/admin/site-settings/current', { socialLinks: { 'insta\u0000': 'https://esempio.it' } }, 'socialLinks.insta\u0000'],
    ];
    for (const [browser, method, url, body, field] of cases) {
      const res = await browser.request(method, url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json(), url).toEqual(inField(field));
    }
    expect(await t.system.store.headPosition()).toEqual(before);
  });

  it('is refused when spelled as a JSON escape inside the admin lists’ parameters', async () => {
    for (const [name, text] of [
      ['filter', '{"q":"\\u0000"}'],
      ['filter', '{"q":"\\ud800"}'],
      ['sort', '["\\u0000","ASC"]'],
    ] as const) {
      const res = await admin.browser.get(`/api/admin/products?${name}=${encodeURIComponent(text)}`);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().message, text).toBe(refused.message);
      expect(Object.keys(res.json().errors)[0], text).toMatch(new RegExp(`^${name}`));
    }
  });

  it('lets through every other character, emoji (surrogate pairs) included', async () => {
    const res = await customer.browser.request('PATCH', '/api/user', { name: 'Zoë 🍕 Rossi' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Zoë 🍕 Rossi');
  });
});
