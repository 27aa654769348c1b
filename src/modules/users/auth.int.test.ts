import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './commands.js';
import { createLogger } from '../../platform/logger.js';
import { buildApp } from '../../app.js';
import { allProjections } from '../index.js';
import { systemContext } from '../../platform/domain/context.js';
import { Browser, startTestApp, useTestApp, type TestApp } from '../../../tests/support/app.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useTestApp();
let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const registration = (over: Record<string, unknown> = {}) => {
  const username = unique('utente');
  return { username, name: 'Giulia Bianchi', email: `${username}@esempio.it`, password: 'segreta1', role: 'customer', ...over };
};

/** The Set-Cookie line of the session cookie in an answer. */
const sessionCookie = (response: { headers: Record<string, unknown> }): string =>
  ([response.headers['set-cookie']].flat() as string[]).find((line) => line.startsWith('vicino_session='))!;

async function adminBrowser(): Promise<Browser> {
  const username = unique('admin');
  const { position } = await registerUser(t.system, { username, name: 'Amministratore', email: `${username}@vicino.it`, password: 'admin-pass', role: 'admin' }, systemContext());
  expect(await t.system.projections.waitFor(position!, hangAfter(5000))).toBe(true);
  const browser = new Browser(t.app, '10.1.0.1');
  expect((await browser.post('/api/login', { username, password: 'admin-pass' })).statusCode).toBe(200);
  return browser;
}

describe('POST /api/register', () => {
  it('creates the user and answers it without any password', async () => {
    const body = registration({ role: 'shopkeeper' });
    const browser = new Browser(t.app);
    const res = await browser.post('/api/register', body);
    expect(res.statusCode).toBe(201);
    // Registering opens the new user's session.
    expect((await browser.get('/api/user')).json()).toMatchObject({ username: body.username, role: 'shopkeeper' });
    const user = res.json();
    expect(user).toEqual({ id: expect.any(String), username: body.username, name: body.name, email: body.email, role: 'shopkeeper' });
    expect(res.body).not.toContain('segreta1');
    expect(res.body).not.toContain('scrypt');
  });

  it('refuses the admin role', async () => {
    const res = await new Browser(t.app).post('/api/register', registration({ role: 'admin' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.role).toBe('Non è possibile registrarsi come amministratore.');
  });

  it('names every missing or invalid field in Italian', async () => {
    const res = await new Browser(t.app).post('/api/register', { email: 'non-una-mail', password: '123' });
    expect(res.statusCode).toBe(400);
    const { message, errors } = res.json();
    expect(message).toBe('Alcuni dati non sono validi.');
    expect(errors).toMatchObject({
      username: 'Username: campo obbligatorio.',
      name: 'Nome completo: campo obbligatorio.',
      email: 'Indirizzo e-mail non valido.',
      password: 'La password deve avere almeno 6 caratteri.',
    });
    expect(errors.role).toBeDefined();
  });

  it('keeps usernames and e-mails unique without regard to case', async () => {
    const first = registration();
    expect((await new Browser(t.app).post('/api/register', first)).statusCode).toBe(201);
    const sameName = await new Browser(t.app).post('/api/register', registration({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ message: 'Questo username è già in uso.', errors: { username: 'Questo username è già in uso.' } });
    const sameMail = await new Browser(t.app).post('/api/register', registration({ email: first.email.toUpperCase() }));
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json().errors.email).toBe('Questa e-mail è già registrata.');
  });

  it('lets exactly one of many concurrent registrations of a username or an e-mail through', async () => {
    const username = unique('corsa');
    const byName = await Promise.all(
      Array.from({ length: 8 }, (_, i) => new Browser(t.app).post('/api/register', registration({ username, email: `${username}-${i}@esempio.it` }))),
    );
    expect(byName.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const email = `${unique('mail')}@esempio.it`;
    const byMail = await Promise.all(Array.from({ length: 8 }, () => new Browser(t.app).post('/api/register', registration({ email }))));
    expect(byMail.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    // The losers of the e-mail race gave their usernames back.
    const loser = byMail.findIndex((r) => r.statusCode === 409);
    void loser;
    const { rows } = await t.system.pool.query('SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [email]);
    expect(rows[0].n).toBe(1);
  });

  it('gives back the username when the e-mail is taken', async () => {
    const taken = registration();
    await new Browser(t.app).post('/api/register', taken);
    const attempt = registration({ email: taken.email });
    expect((await new Browser(t.app).post('/api/register', attempt)).statusCode).toBe(409);
    const retry = await new Browser(t.app).post('/api/register', { ...attempt, email: `${attempt.username}@altro.it` });
    expect(retry.statusCode).toBe(201);
  });

  it('is closed with 403 while the site settings forbid registration', async () => {
    const admin = await adminBrowser();
    expect((await admin.request('PUT', '/api/admin/site-settings/current', { allowRegistration: false })).statusCode).toBe(200);
    const res = await new Browser(t.app).post('/api/register', registration());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Le registrazioni sono momentaneamente chiuse.');
    expect((await admin.request('PUT', '/api/admin/site-settings/current', { allowRegistration: true })).statusCode).toBe(200);
    expect((await new Browser(t.app).post('/api/register', registration())).statusCode).toBe(201);
  });
});

describe('login, session and logout', () => {
  it('logs in, reads the session user, logs out', async () => {
    const body = registration();
    const browser = new Browser(t.app);
    await new Browser(t.app).post('/api/register', body);
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    const login = await browser.post('/api/login', { username: body.username.toUpperCase(), password: body.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: body.username, name: body.name, role: 'customer' });
    const cookie = sessionCookie(login);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await browser.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ id: login.json().id, username: body.username, name: body.name, email: body.email, role: 'customer' });

    const stolen = browser.copy();
    expect((await browser.post('/api/logout')).statusCode).toBe(200);
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    // The old cookie, replayed, no longer opens anything.
    expect((await stolen.get('/api/user')).statusCode).toBe(401);
  });

  it('answers 401 for a wrong password or an unknown user, 400 for missing fields', async () => {
    const body = registration();
    await new Browser(t.app).post('/api/register', body);
    const wrong = await new Browser(t.app, '10.2.0.1').post('/api/login', { username: body.username, password: 'sbagliata' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Username o password non corretti.' });
    const unknown = await new Browser(t.app, '10.2.0.1').post('/api/login', { username: 'nessuno-qui', password: 'sbagliata' });
    expect(unknown.statusCode).toBe(401);
    const missing = await new Browser(t.app).post('/api/login', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ username: 'Username: campo obbligatorio.', password: 'Password: campo obbligatorio.' });
  });

  it('refuses a suspended user (403) and ends their live session at once', async () => {
    const admin = await adminBrowser();
    const body = registration();
    const user = new Browser(t.app);
    const { id } = (await user.post('/api/register', body)).json();
    await user.post('/api/login', { username: body.username, password: body.password });
    expect((await user.get('/api/user')).statusCode).toBe(200);
    const suspend = await admin.post(`/api/admin/users/${id}/suspend`, { reason: 'Ordini fraudolenti' });
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json().status).toBe('suspended');
    expect((await user.get('/api/user')).statusCode).toBe(401);
    const again = await new Browser(t.app).post('/api/login', { username: body.username, password: body.password });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('Il tuo account è sospeso. Contatta l’assistenza.');
    await admin.post(`/api/admin/users/${id}/reactivate`);
    expect((await new Browser(t.app).post('/api/login', { username: body.username, password: body.password })).statusCode).toBe(200);
  });

  it('refuses a user the admin deactivated (403) and ends their session', async () => {
    const admin = await adminBrowser();
    const body = registration();
    const user = new Browser(t.app);
    const { id } = (await user.post('/api/register', body)).json();
    expect((await user.get('/api/user')).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/users/${id}/deactivate`)).statusCode).toBe(200);
    expect((await user.get('/api/user')).statusCode).toBe(401);
    const again = await new Browser(t.app).post('/api/login', { username: body.username, password: body.password });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('Il tuo account non è attivo. Contatta l’assistenza.');
    // A wrong password still says only that the credentials are wrong.
    expect((await new Browser(t.app).post('/api/login', { username: body.username, password: 'sbagliata' })).statusCode).toBe(401);
  });

  it('ends every session of the user with logout everywhere', async () => {
    const body = registration();
    await new Browser(t.app).post('/api/register', body);
    const phone = new Browser(t.app);
    const laptop = new Browser(t.app);
    await phone.post('/api/login', { username: body.username, password: body.password });
    await laptop.post('/api/login', { username: body.username, password: body.password });
    expect((await laptop.post('/api/auth/logout-everywhere')).statusCode).toBe(200);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect((await laptop.get('/api/user')).statusCode).toBe(401);
    expect((await phone.post('/api/login', { username: body.username, password: body.password })).statusCode).toBe(200);
    expect((await phone.get('/api/user')).statusCode).toBe(200);
  });

  it('keeps non-admins away from admin actions', async () => {
    const body = registration();
    const { id } = (await new Browser(t.app).post('/api/register', body)).json();
    const user = new Browser(t.app);
    expect((await user.post(`/api/admin/users/${id}/suspend`, { reason: 'x' })).statusCode).toBe(401);
    await user.post('/api/login', { username: body.username, password: body.password });
    expect((await user.post(`/api/admin/users/${id}/suspend`, { reason: 'x' })).statusCode).toBe(403);
    expect((await user.request('PUT', '/api/admin/site-settings/current', { siteName: 'Mio' })).statusCode).toBe(403);
  });
});

describe('brute-force throttling', () => {
  it('closes one username from one address after 10 failures, with an Italian retry time', async () => {
    const body = registration();
    await new Browser(t.app).post('/api/register', body);
    const attacker = new Browser(t.app, '10.3.0.1');
    for (let i = 0; i < 10; i++) {
      expect((await attacker.post('/api/login', { username: body.username, password: `no-${i}` })).statusCode).toBe(401);
    }
    const blocked = await attacker.post('/api/login', { username: body.username, password: body.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Troppi tentativi di accesso non riusciti. Riprova tra 15 minuti.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // The same user from elsewhere, and another user from the same address, still get in.
    expect((await new Browser(t.app, '10.3.0.2').post('/api/login', { username: body.username, password: body.password })).statusCode).toBe(200);
    const other = registration();
    await new Browser(t.app).post('/api/register', other);
    expect((await attacker.post('/api/login', { username: other.username, password: other.password })).statusCode).toBe(200);
  });

  it('lets at most 10 of 30 simultaneous wrong guesses be tried, refusing the rest with 429', async () => {
    const body = registration();
    await new Browser(t.app).post('/api/register', body);
    const guesses = await Promise.all(Array.from({ length: 30 }, (_, i) => new Browser(t.app, '10.3.1.1').post('/api/login', { username: body.username, password: `no-${i}` })));
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // The right password from that address is refused too, until the window passes.
    expect((await new Browser(t.app, '10.3.1.1').post('/api/login', { username: body.username, password: body.password })).statusCode).toBe(429);
  });

  it('closes an address after 100 failures across usernames', async () => {
    const body = registration();
    await new Browser(t.app).post('/api/register', body);
    await t.system.pool.query("INSERT INTO login_failures (ip, username) SELECT '10.4.0.1', 'nome' || g FROM generate_series(1, 99) g");
    const attacker = new Browser(t.app, '10.4.0.1');
    expect((await attacker.post('/api/login', { username: body.username, password: 'no' })).statusCode).toBe(401);
    const blocked = await attacker.post('/api/login', { username: body.username, password: body.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Troppi tentativi di accesso non riusciti\. Riprova tra \d+ minut[oi]\.$/);
  });
});

describe('throttling per account, and known devices', () => {
  it('caps wrong passwords for one account across addresses at 20, yet lets the user in from a browser they logged in with before', async () => {
    const body = registration();
    await new Browser(t.app).post('/api/register', body);
    const laptop = new Browser(t.app, '10.6.0.1');
    expect((await laptop.post('/api/login', { username: body.username, password: body.password })).statusCode).toBe(200);
    expect((await laptop.post('/api/logout')).statusCode).toBe(200);

    const statuses: number[] = [];
    for (let address = 1; address <= 5; address++) {
      for (let i = 0; i < 10; i++) {
        statuses.push((await new Browser(t.app, `10.6.1.${address}`).post('/api/login', { username: body.username, password: `no-${i}` })).statusCode);
      }
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    // A new browser from a new address meets the cap, right password or not.
    const stranger = await new Browser(t.app, '10.6.2.1').post('/api/login', { username: body.username, password: body.password });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/^Troppi tentativi di accesso non riusciti\. Riprova tra \d+ minut[oi]\.$/);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // The laptop is a known device of the account, from its address or any other.
    expect((await laptop.post('/api/login', { username: body.username, password: body.password })).statusCode).toBe(200);
    expect((await laptop.copy('10.6.3.1').post('/api/login', { username: body.username, password: body.password })).statusCode).toBe(200);
  });

  it('keeps a closed address open to the known devices behind it (one NAT, many people)', async () => {
    const regular = registration();
    const newcomer = registration();
    for (const body of [regular, newcomer]) await new Browser(t.app).post('/api/register', body);
    const office = new Browser(t.app, '10.7.0.1');
    expect((await office.post('/api/login', { username: regular.username, password: regular.password })).statusCode).toBe(200);
    await t.system.pool.query("INSERT INTO login_failures (ip, username) SELECT '10.7.0.1', 'nome' || g FROM generate_series(1, 100) g");

    expect((await new Browser(t.app, '10.7.0.1').post('/api/login', { username: newcomer.username, password: newcomer.password })).statusCode).toBe(429);
    expect((await office.post('/api/login', { username: regular.username, password: regular.password })).statusCode).toBe(200);
  });

  it('gives a known device 10 wrong passwords of its own, wherever it is, and closes only that browser', async () => {
    const body = registration();
    await new Browser(t.app).post('/api/register', body);
    const phone = new Browser(t.app, '10.8.0.1');
    expect((await phone.post('/api/login', { username: body.username, password: body.password })).statusCode).toBe(200);
    // At home, then on the train: one device, two addresses.
    for (let i = 0; i < 10; i++) {
      const from = i < 5 ? phone : phone.copy('10.8.0.2');
      expect((await from.post('/api/login', { username: body.username, password: `no-${i}` })).statusCode).toBe(401);
    }
    expect((await phone.post('/api/login', { username: body.username, password: body.password })).statusCode).toBe(429);
    // Its failures are its own: another browser is not closed by them.
    expect((await new Browser(t.app, '10.8.0.3').post('/api/login', { username: body.username, password: body.password })).statusCode).toBe(200);
  });

  it('knows a device for the accounts that logged in on it, not for others', async () => {
    const mine = registration();
    const theirs = registration();
    for (const body of [mine, theirs]) await new Browser(t.app).post('/api/register', body);
    const attacker = new Browser(t.app, '10.9.1.1');
    expect((await attacker.post('/api/login', { username: mine.username, password: mine.password })).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attacker.post('/api/login', { username: theirs.username, password: `no-${i}` })).statusCode);
    // Another account's cookie is no known device for this one: the address's cap applies.
    expect(statuses.slice(-1)).toEqual([429]);
  });
});

describe('proxies', () => {
  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const behindProxy = await buildApp({
      config: { NODE_ENV: 'production', READ_MODEL_WAIT_MS: 5_000, LOG_LEVEL: 'silent', TRUST_PROXY: ['10.9.0.1'] },
      pool: t.system.pool,
      db: t.system.db,
      store: t.system.store,
      projections: t.system.projections,
      sessionKey: randomBytes(32),
      webRoot: null,
    });
    try {
      const body = registration();
      await new Browser(t.app).post('/api/register', body);
      const proxy = new Browser(behindProxy, '10.9.0.1');
      const from = (client: string) => ({ 'x-forwarded-for': client });
      for (let i = 0; i < 10; i++) {
        expect((await proxy.request('POST', '/api/login', { username: body.username, password: `no-${i}` }, from('203.0.113.7'))).statusCode).toBe(401);
      }
      expect((await proxy.request('POST', '/api/login', { username: body.username, password: body.password }, from('203.0.113.7'))).statusCode).toBe(429);
      // Another client behind the same proxy is another address.
      expect((await proxy.request('POST', '/api/login', { username: body.username, password: body.password }, from('203.0.113.8'))).statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('request hygiene', () => {
  it('refuses a cross-site form POST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://sito-malevolo.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Richiesta rifiutata: proviene da un altro sito.');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'https://sito-malevolo.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(json.statusCode).toBe(403);
  });

  it('accepts a same-origin request and refuses a body that is not JSON', async () => {
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { username: 'x', password: 'y' },
    });
    expect(same.statusCode).toBe(401);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().message).toBe('Formato della richiesta non supportato: invia JSON.');
  });

  it('answers broken JSON and unknown paths with Italian 4xx', async () => {
    const broken = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Il corpo della richiesta non è un JSON valido.');
    const missing = await t.app.inject({ method: 'GET', url: '/api/non-esiste' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Risorsa non trovata: GET /api/non-esiste');
  });
});

describe('site settings and health', () => {
  it('has no logo by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site-settings/logo-url' });
    expect(res.json()).toEqual({ logoUrl: null });
  });

  it('tells anyone whether the platform is up, and only an admin the database, event store and every projection', async () => {
    const anyone = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(anyone.statusCode).toBe(200);
    expect(anyone.json()).toEqual({ status: 'ok' });
    const customer = new Browser(t.app, '10.1.0.9');
    await customer.post('/api/register', registration());
    expect((await customer.get('/api/health')).json()).toEqual({ status: 'ok' });
    const res = await (await adminBrowser()).get('/api/health');
    expect(res.statusCode).toBe(200);
    const health = res.json();
    expect(health.status).toBe('ok');
    expect(health.database.ok).toBe(true);
    expect(health.eventStore).toMatchObject({ ok: true, adapter: 'postgres' });
    expect(health.projections.map((p: { name: string }) => p.name).sort()).toEqual(allProjections.map((p) => p.name).sort());
    for (const p of health.projections) expect(p).toMatchObject({ lag: 0, lastError: null });
  });
});

describe('in production (NODE_ENV=production), with the log captured', () => {
  let prod: TestApp;
  const log: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(chunk.toString());
        done();
      },
    });
    prod = await startTestApp({ config: { NODE_ENV: 'production' }, logger: createLogger('trace', sink) });
  });
  afterAll(async () => {
    await prod.close();
  });

  it('sends the session cookie only over HTTPS (Secure)', async () => {
    const body = registration();
    const browser = new Browser(prod.app);
    await browser.post('/api/register', body);
    const login = await browser.post('/api/login', { username: body.username, password: body.password });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookie(login);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it('does not let a client forge X-Forwarded-For to dodge the throttle', async () => {
    const body = registration();
    await new Browser(prod.app).post('/api/register', body);
    const attacker = new Browser(prod.app, '10.5.0.1');
    for (let i = 0; i < 10; i++) {
      const res = await attacker.request('POST', '/api/login', { username: body.username, password: `no-${i}` }, { 'x-forwarded-for': `198.51.100.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await attacker.request('POST', '/api/login', { username: body.username, password: body.password }, { 'x-forwarded-for': '198.51.100.99' });
    expect(blocked.statusCode).toBe(429);
  });

  it('never writes a password to the log', async () => {
    const right = `giusta-${randomBytes(6).toString('hex')}`;
    const wrong = `sbagliata-${randomBytes(6).toString('hex')}`;
    const body = registration({ password: right });
    log.length = 0;
    expect((await new Browser(prod.app).post('/api/register', body)).statusCode).toBe(201);
    expect((await new Browser(prod.app).post('/api/login', { username: body.username, password: right })).statusCode).toBe(200);
    expect((await new Browser(prod.app).post('/api/login', { username: body.username, password: wrong })).statusCode).toBe(401);
    expect((await new Browser(prod.app).post('/api/login', { username: body.username, password: right, extra: { password: wrong } })).statusCode).toBe(200);
    const output = log.join('');
    // The requests were logged (so the capture works), their passwords were not.
    expect(output.match(/"url":"\/api\/login"/g)).toHaveLength(3);
    expect(output).not.toContain(right);
    expect(output).not.toContain(wrong);
  });
});
