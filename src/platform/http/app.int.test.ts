import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { loggedIn, notifyUser } from '../../../tests/support/marketplace.js';

// A short timeout, so the test does not wait a minute for the slow client to be cut off.
const t = useTestApp({ config: { REQUEST_TIMEOUT_MS: 1_000 } });
let port: number;

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});

/** Fails with `what` when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, fail) => setTimeout(() => fail(new Error(what)), ms).unref())]);
}

/** Opens the notification stream; resolves with its first bytes and a way to wait for more. */
function openStream(cookie: string): Promise<{ status: number; received: (text: string) => Promise<void>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/notifications/stream', headers: { cookie } }, (response) => {
      let body = '';
      const waiting = new Set<() => void>();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        for (const check of waiting) check();
      });
      resolve({
        status: response.statusCode!,
        close: () => request.destroy(),
        received: (text) =>
          new Promise((ok) => {
            const check = () => body.includes(text) && (waiting.delete(check), ok());
            waiting.add(check);
            check();
          }),
      });
    });
    request.on('error', reject);
  });
}

describe('slow clients', () => {
  it('cuts off a body trickled a byte at a time with an Italian 408, answers others meanwhile, and leaves a long stream open', async () => {
    const customer = await loggedIn(t, 'customer');
    // Opened first: by the time the slow client is cut off, it has lasted longer than the timeout.
    const stream = await openStream(customer.browser.cookie);
    expect(stream.status).toBe(200);
    await stream.received(': connesso');

    const slow = net.connect(port, '127.0.0.1');
    slow.on('error', () => {});
    let answer = '';
    slow.setEncoding('utf8');
    slow.on('data', (chunk: string) => (answer += chunk));
    const closed = new Promise((done) => slow.on('close', done));
    slow.write('POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const trickle = setInterval(() => slow.writable && slow.write(' '), 100);
    try {
      // Another client is answered while the slow one holds its connection.
      const other = await fetch(`http://127.0.0.1:${port}/api/user`);
      expect(other.status).toBe(401);

      await within(closed, 10_000, 'the slow client was never cut off');
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ message: 'La richiesta è arrivata troppo lentamente: riprova.' });

      // Only receiving a request is timed: the stream, older than the timeout, still carries news.
      await notifyUser(t, customer.id);
      await within(stream.received('Prenotazione inviata'), 5_000, 'the stream carried no notification');
    } finally {
      clearInterval(trickle);
      slow.destroy();
      stream.close();
    }
  });
});
