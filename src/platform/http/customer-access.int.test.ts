import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { customerDetails, loggedIn, pickupSoon } from '../../../tests/support/marketplace.js';

const t = useTestApp();

/** What only a customer has: a cart, orders and reservations of their own, favourite shops (spec §1). Bodies are valid, so the role is what answers. */
const customerCalls: [method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown][] = [
  ['GET', '/api/cart'],
  ['POST', '/api/cart/items', { productId: randomUUID(), quantity: 1 }],
  ['DELETE', '/api/cart'],
  ['POST', '/api/orders/checkout', { ...customerDetails, stores: [{ storeId: randomUUID(), deliveryType: 'pickup', pickupTime: pickupSoon() }] }],
  ['GET', '/api/orders/user'],
  ['GET', '/api/orders/user/summary'],
  ['POST', '/api/reservations', { productId: randomUUID(), quantity: 1, reservationDate: '2030-01-10', ...customerDetails }],
  ['GET', '/api/reservations/user'],
  ['GET', '/api/favorites'],
  ['POST', '/api/favorites', { storeId: randomUUID() }],
  ['DELETE', `/api/favorites/${randomUUID()}`],
];

describe('the customer’s own endpoints', () => {
  it('answer 403 in Italian to admins, shopkeepers and collaborators, and 401 to nobody logged in', async () => {
    const others = await Promise.all((['admin', 'shopkeeper', 'collaborator'] as const).map((role) => loggedIn(t, role)));
    for (const [method, url, body] of customerCalls) {
      for (const other of others) {
        const res = await other.browser.request(method, url, body, { 'idempotency-key': randomUUID() });
        expect([other.username.split('-')[0], method, url, res.statusCode, res.json()]).toEqual([
          other.username.split('-')[0],
          method,
          url,
          403,
          { message: 'Non hai i permessi per questa operazione.' },
        ]);
      }
      expect((await new Browser(t.app).request(method, url, body, { 'idempotency-key': randomUUID() })).statusCode).toBe(401);
    }
    // The role answers before the input: another role learns nothing from a 400 about a bad body.
    for (const [method, url, body] of customerCalls.filter(([, , body]) => body)) {
      const res = await others[1]!.browser.request(method, url, { ...(body as object), quantity: 'tanti', stores: 'nessuno', storeId: 'x' }, { 'idempotency-key': randomUUID() });
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
    }
    const customer = await loggedIn(t, 'customer');
    expect((await customer.browser.get('/api/favorites')).statusCode).toBe(200);
  });
});
