import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { loggedIn, notifyUser, useLoggedIn, type Person } from '../../../tests/support/marketplace.js';
import { systemContext } from '../../platform/domain/context.js';
import { exportEvents } from '../../platform/eventstore/export.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { pushSubscriptionsDecider, pushSubscriptionsStreamId } from './push-subscriptions.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

/** What the loopback push service received. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
let pushService: http.Server;
let pushOrigin: string;
const received: Received[] = [];
/** Paths the push service no longer knows (a browser that unsubscribed, a subscription expired). */
const gone = new Set<string>();

beforeAll(async () => {
  pushService = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ path: request.url!, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(gone.has(request.url!) ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => pushService.close(resolve));
});

/** A browser's push keys (RFC 8291): its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16), p256dh: ecdh.getPublicKey().toString('base64url') };
}

/** Subscribes `person`'s session to the loopback push service at `path` (http: the route takes https only). */
async function subscribe(person: Person, path: string, keys = browserKeys()) {
  const { rows } = await t.system.pool.query<{ id: string }>('SELECT id FROM auth_sessions WHERE user_id = $1', [person.id]);
  const endpoint = `${pushOrigin}${path}`;
  const { position } = await handleCommand(
    t.system.store,
    pushSubscriptionsStreamId(person.id),
    pushSubscriptionsDecider(person.id),
    {
      type: 'SubscribeToPush',
      subscription: { endpoint, p256dh: keys.p256dh, auth: keys.auth.toString('base64url'), sessionId: rows[0]!.id },
    },
    systemContext(),
  );
  expect(await t.system.projections.waitFor(position!, hangAfter(5000))).toBe(true);
  return { endpoint, keys };
}

/** RFC 8291/8188: the push's plaintext, decrypted with the browser's private key and auth secret. */
function decrypt(body: Buffer, { ecdh, auth }: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
  const secret = ecdh.computeSecret(serverKey);
  const ikm = hmac(hmac(auth, secret), Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/** RFC 8292: the VAPID token's claims once its ES256 signature checks out with the public key `k`. */
function vapidClaims(authorization: string): { claims: { aud: string; sub: string; exp: number }; key: string } {
  const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)!;
  const [header, payload, signature] = token!.split('.') as [string, string, string];
  const raw = Buffer.from(key!, 'base64url');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  expect(ok, 'VAPID signature').toBe(true);
  return { claims: JSON.parse(Buffer.from(payload, 'base64url').toString()), key: key! };
}

describe('mobile API settings and Web Push', () => {
  it('is off until the admin generates keys and switches it on; subscribing needs it on and an https push service', async () => {
    const customer = await loggedIn(t, 'customer');
    expect((await customer.browser.get('/api/push/config')).json()).toEqual({ enabled: false, publicKey: null });
    expect((await customer.browser.get('/api/admin/mobile-api-settings/current')).statusCode).toBe(403);
    const keys = { p256dh: browserKeys().p256dh, auth: randomBytes(16).toString('base64url') };
    expect((await customer.browser.post('/api/push/subscriptions', { endpoint: 'https://push.esempio.it/a', keys })).statusCode).toBe(409);

    const off = await admin.browser.request('PUT', '/api/admin/mobile-api-settings/current', { isEnabled: true, contactEmail: 'push@vicino.test' });
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toContain('chiavi VAPID');
    const generated = await admin.browser.post('/api/admin/mobile-api-settings/current/vapid-keys');
    expect(generated.statusCode, generated.body).toBe(200);
    const settings = generated.json();
    expect(settings).toMatchObject({
      id: 'current',
      apiUrl: expect.stringMatching(/\/api$/),
      docsUrl: expect.stringMatching(/\/api\/docs$/),
      privateKeySet: true,
      isEnabled: false,
    });
    expect(Buffer.from(settings.publicKey, 'base64url')).toHaveLength(65);
    // The private key is shown masked, as the OpenAI key is; its whole is in no answer.
    expect(settings.privateKey).toContain('…');
    const { rows } = await t.system.pool.query<{ settings: { privateKey: string } }>('SELECT settings FROM web_push_settings');
    expect(generated.body).not.toContain(rows[0]!.settings.privateKey);

    const on = await admin.browser.request('PUT', '/api/admin/mobile-api-settings/current', { isEnabled: true, contactEmail: 'push@vicino.test' });
    expect(on.statusCode, on.body).toBe(200);
    expect((await customer.browser.get('/api/push/config')).json()).toEqual({ enabled: true, publicKey: settings.publicKey });

    expect((await customer.browser.post('/api/push/subscriptions', { endpoint: 'http://127.0.0.1:9/a', keys })).statusCode).toBe(400);
    expect((await customer.browser.post('/api/push/subscriptions', { endpoint: 'https://push.esempio.it/a', keys: { ...keys, auth: 'x' } })).statusCode).toBe(400);
    expect((await customer.browser.post('/api/push/subscriptions', { endpoint: 'https://push.esempio.it/a', keys })).statusCode).toBe(201);
    expect((await admin.browser.get('/api/admin/mobile-api-settings/current')).json().subscriptions).toBe(1);
    expect((await customer.browser.request('DELETE', '/api/push/subscriptions', { endpoint: 'https://push.esempio.it/a' })).statusCode).toBe(204);
    expect((await admin.browser.get('/api/admin/mobile-api-settings/current')).json().subscriptions).toBe(0);

    // The event export and the admin's history mask the private key and the browser's auth secret.
    const lines: string[] = [];
    await exportEvents(t.system.store, { types: ['WebPushSettingsUpdated', 'PushSubscribed'] }, (line) => void lines.push(line));
    expect(lines).toHaveLength(3);
    expect(lines.join('')).not.toContain(rows[0]!.settings.privateKey);
    expect(lines.join('')).not.toContain(keys.auth);
  });

  it('sends a live notice to the subscribed browser, encrypted for it and signed with the VAPID keys', async () => {
    const customer = await loggedIn(t, 'customer');
    const other = await loggedIn(t, 'customer');
    const browser = await subscribe(customer, `/push/${customer.id}`);
    await subscribe(other, `/push/${other.id}`);
    await notifyUser(t, customer.id);

    await expect.poll(() => received.filter((r) => r.path === `/push/${customer.id}`).length, { timeout: hangAfter(10_000) }).toBe(1);
    const push = received.find((r) => r.path === `/push/${customer.id}`)!;
    expect(push.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'normal' });
    const { claims, key } = vapidClaims(push.headers.authorization!);
    const settings = (await admin.browser.get('/api/admin/mobile-api-settings/current')).json();
    expect(key).toBe(settings.publicKey);
    expect(claims).toMatchObject({ aud: pushOrigin, sub: 'mailto:push@vicino.test' });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    const notice = JSON.parse(decrypt(push.body, browser.keys));
    const [listed] = (await customer.browser.get('/api/notifications')).json();
    expect(notice).toEqual({ id: listed.id, title: 'Prenotazione inviata', body: listed.message, url: '/customer/reservations' });
    // Another user's notice never reaches this browser.
    expect(received.filter((r) => r.path === `/push/${other.id}`)).toHaveLength(0);
  });

  it('unsubscribes a browser the push service no longer knows (410) and one whose session ended, and pushes a muted kind to nobody', async () => {
    const expired = await loggedIn(t, 'customer');
    const { endpoint: expiredEndpoint } = await subscribe(expired, `/gone/${expired.id}`);
    gone.add(`/gone/${expired.id}`);
    await notifyUser(t, expired.id);
    const subscribed = async (endpoint: string) => (await t.system.pool.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [endpoint])).rowCount;
    await expect.poll(() => subscribed(expiredEndpoint), { timeout: hangAfter(10_000) }).toBe(0);

    const leaving = await loggedIn(t, 'customer');
    const { endpoint: leavingEndpoint } = await subscribe(leaving, `/push/${leaving.id}`);
    expect((await leaving.browser.post('/api/logout')).statusCode).toBe(200);
    await notifyUser(t, leaving.id);
    await expect.poll(() => subscribed(leavingEndpoint), { timeout: hangAfter(10_000) }).toBe(0);
    expect(received.filter((r) => r.path === `/push/${leaving.id}`)).toHaveLength(0);

    const muted = await loggedIn(t, 'customer');
    await subscribe(muted, `/push/${muted.id}`);
    expect((await muted.browser.request('PUT', '/api/user/notification-preferences', { preferences: { reservations: { live: false } } })).statusCode).toBe(200);
    await notifyUser(t, muted.id);
    expect((await muted.browser.get('/api/notifications')).json()).toHaveLength(1);
    expect((await t.system.pool.query('SELECT 1 FROM push_outbox WHERE user_id = $1', [muted.id])).rowCount).toBe(0);
  });
});
