import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../../tests/support/app.js';
import { useLoggedIn } from '../../../../tests/support/marketplace.js';

/* Errors Fastify and Node raise before any route runs answer as ours do: `{message}`, Italian. */

const t = useTestApp();
const customer = useLoggedIn(t, 'customer');
let port: number;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

/** What the server writes back to raw bytes on a socket of its own. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('errors before a route', () => {
  it('answers a URL that cannot be decoded and a parameter too long in Italian', async () => {
    const badUrl = await customer.browser.get('/api/products/%E0%A4%A');
    expect([badUrl.statusCode, badUrl.json()]).toEqual([400, { message: 'Indirizzo non valido: contiene caratteri codificati male.' }]);
    const longParam = await customer.browser.get(`/api/products/${'a'.repeat(5000)}`);
    expect([longParam.statusCode, longParam.json()]).toEqual([414, { message: 'Indirizzo troppo lungo.' }]);
  });

  it('answers bodies that are not JSON, or not an object, in Italian', async () => {
    const send = async (body: string, type = 'application/json') => {
      const res = await customer.browser.request('PATCH', '/api/user', Buffer.from(body), { 'content-type': type });
      return [res.statusCode, res.json()];
    };
    expect(await send('{"name":')).toEqual([400, { message: 'Il corpo della richiesta non è un JSON valido.' }]);
    expect(await send('')).toEqual([400, { message: 'Il corpo della richiesta è vuoto.' }]);
    expect(await send('name=Mario', 'application/x-www-form-urlencoded')).toEqual([415, { message: 'Formato della richiesta non supportato: invia JSON.' }]);
    expect(await send('"Mario"')).toEqual([400, { message: 'Alcuni dati non sono validi.', errors: { _: 'Il corpo della richiesta deve essere un oggetto JSON.' } }]);
    expect(await send('{"name":["Mario"]}')).toEqual([400, { message: 'Alcuni dati non sono validi.', errors: { name: 'Nome completo: deve essere un testo.' } }]);
  });

  it('answers an unknown address in Italian', async () => {
    const res = await new Browser(t.app).get('/api/nulla');
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Risorsa non trovata: GET /api/nulla' }]);
  });

  it('answers requests Node’s HTTP parser refuses in Italian: headers too large, a malformed request', async () => {
    const huge = await raw(`GET /api/search/products?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4))).toEqual({ message: 'Le intestazioni della richiesta sono troppo grandi.' });
    const malformed = await raw('NONSENSE\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(malformed.slice(malformed.indexOf('\r\n\r\n') + 4))).toEqual({ message: 'Richiesta non valida.' });
  });
});
