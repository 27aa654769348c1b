import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/support/app.js';
import { loggedIn } from '../../../../tests/support/marketplace.js';

/*
 * Issue [15]: a write's answer tells the browser where the log was (the vicino_seen cookie, signed
 * with the app's key), so that another process waits until its caches are there too
 * (tests/scale/processes.int.test.ts proves that part with three processes). Here: what the cookie
 * holds, and that a made-up one makes nobody wait.
 */

// A wait this long would show: a request held for a position it believes is coming.
const t = useTestApp({ config: { READ_MODEL_WAIT_MS: 20_000 } });

function seenCookie(headers: Record<string, unknown>): string | undefined {
  return ([headers['set-cookie']].flat() as (string | undefined)[]).find((line) => line?.startsWith('vicino_seen='));
}

describe('the position a browser has seen', () => {
  it('is set, signed, by the answer to a write, and not by a read', async () => {
    const customer = await loggedIn(t, 'customer');
    const read = await customer.browser.get('/api/user');
    expect(read.statusCode).toBe(200);
    expect(seenCookie(read.headers)).toBeUndefined();

    const written = await customer.browser.request('PATCH', '/api/user', { name: 'Prova Bianchi' });
    expect(written.statusCode).toBe(200);
    const line = decodeURIComponent(seenCookie(written.headers)!);
    expect(line).toMatch(/^vicino_seen=\d+\/\d+\.[\w-]{22};/);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Max-Age=300/);
    // The position is one the log has, and a request bringing it is answered at once.
    const position = /^vicino_seen=(\d+\/\d+)\./.exec(line)![1]!;
    const head = await t.system.store.headPosition();
    expect(Number(position.split('/')[0])).toBeLessThanOrEqual(Number(head.split('/')[0]));
    const started = Date.now();
    expect((await customer.browser.get('/api/stores/nearby?lat=41.9&lng=12.49')).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('is ignored when it was not signed here: a made-up position far ahead holds no request', async () => {
    const forged = ['vicino_seen=999999999/0.AAAAAAAAAAAAAAAAAAAAAA', 'vicino_seen=999999999/0', 'vicino_seen=nonsense.x'];
    for (const cookie of forged) {
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/stores/nearby?lat=41.9&lng=12.49', headers: { cookie } });
      expect(res.statusCode, cookie).toBe(200);
      // Far below the 20 s a believed position would be waited for.
      expect(Date.now() - started, cookie).toBeLessThan(10_000);
    }
  });
});
