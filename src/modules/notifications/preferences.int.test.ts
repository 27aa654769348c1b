import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type Browser } from '../../../tests/support/app.js';
import { loggedIn, notifyUser } from '../../../tests/support/marketplace.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useTestApp();
let baseUrl: string;

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** The ids of the notices the live stream of `browser`'s session pushes, as they come, once it listens. */
function liveIds(browser: Browser): Promise<{ ids: string[]; close(): void }> {
  const ids: string[] = [];
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/notifications/stream`, { headers: { cookie: browser.cookie } }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        for (const match of chunk.matchAll(/event: notification\nid: ([0-9a-f-]+)/g)) ids.push(match[1]!);
      });
      resolve({ ids, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

const put = (browser: Browser, preferences: unknown) => browser.request('PUT', '/api/user/notification-preferences', { preferences });

describe('notice preferences', () => {
  it('lists the kinds of the role, each wanted live and by e-mail until changed', async () => {
    const customer = await loggedIn(t, 'customer');
    expect((await customer.browser.get('/api/user/notification-preferences')).json()).toEqual({
      preferences: [
        { kind: 'orders', live: true, email: true },
        { kind: 'reservations', live: true, email: true },
      ],
    });
    const shopkeeper = await loggedIn(t, 'shopkeeper');
    expect((await shopkeeper.browser.get('/api/user/notification-preferences')).json().preferences.map((p: { kind: string }) => p.kind)).toEqual([
      'orders',
      'reservations',
      'store',
    ]);
    expect((await put(customer.browser, { store: { live: false } })).statusCode).toBe(422);
    expect((await put(customer.browser, { orders: { live: 'no' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/notification-preferences' })).statusCode).toBe(401);
  });

  it('keeps a muted kind out of the live stream but in the list, and stores the e-mail choice', async () => {
    const customer = await loggedIn(t, 'customer');
    const saved = await put(customer.browser, { reservations: { live: false, email: false } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferences).toContainEqual({ kind: 'reservations', live: false, email: false });
    const { rows } = await t.system.pool.query('SELECT kind, live, email FROM notification_preferences WHERE user_id = $1', [customer.id]);
    expect(rows).toEqual([{ kind: 'reservations', live: false, email: false }]);

    const stream = await liveIds(customer.browser);
    try {
      await notifyUser(t, customer.id);
      expect((await put(customer.browser, { reservations: { live: true } })).statusCode).toBe(200);
      await notifyUser(t, customer.id);
      const list = (await customer.browser.get('/api/notifications')).json<{ id: string }[]>();
      expect(list).toHaveLength(2);
      // Newest first: the second notice is the only one pushed, though the first came before it.
      await expect.poll(() => stream.ids, { timeout: hangAfter(5000) }).toEqual([list[0]!.id]);
    } finally {
      stream.close();
    }
  });
});
