import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';

const t = useTestApp();

/** A new customer, registered (and so logged in) through the API. */
async function customer(ip = '127.0.0.1') {
  const username = `cliente-${randomUUID().slice(0, 8)}`;
  const email = `${username}@esempio.it`;
  const browser = new Browser(t.app, ip);
  const res = await browser.post('/api/register', { username, name: 'Anna Neri', email, password: 'vecchia-pass', role: 'customer' });
  expect(res.statusCode, res.body).toBe(201);
  return { browser, username, email, id: res.json().id as string };
}

const patch = (browser: Browser, body: unknown) => browser.request('PATCH', '/api/user', body);

describe('PATCH /api/user', () => {
  it('changes name and e-mail and answers the session user, which stays changed', async () => {
    const { browser, username, id } = await customer();
    const email = `nuova-${randomUUID().slice(0, 8)}@esempio.it`;
    const res = await patch(browser, { name: '  Anna Verdi ', email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, username, name: 'Anna Verdi', email, role: 'customer' });
    expect((await browser.get('/api/user')).json()).toMatchObject({ name: 'Anna Verdi', email });
    expect((await patch(browser, { name: 'Anna Maria Verdi' })).json()).toMatchObject({ name: 'Anna Maria Verdi', email });
  });

  it('refuses an e-mail someone else has, and frees the one given up', async () => {
    const first = await customer();
    const second = await customer();
    const taken = await patch(second.browser, { email: first.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Questa e-mail è già registrata.', errors: { email: 'Questa e-mail è già registrata.' } });
    expect((await second.browser.get('/api/user')).json().email).toBe(second.email);

    const moved = `altra-${randomUUID().slice(0, 8)}@esempio.it`;
    expect((await patch(first.browser, { email: moved })).statusCode).toBe(200);
    const reused = await patch(second.browser, { email: first.email });
    expect(reused.statusCode, reused.body).toBe(200);
    expect(reused.json().email).toBe(first.email);
    // The e-mail the second gave up is free for a newcomer.
    const newcomer = await new Browser(t.app).post('/api/register', {
      username: `nuovo-${randomUUID().slice(0, 8)}`,
      name: 'Nuovo',
      email: second.email,
      password: 'password1',
      role: 'customer',
    });
    expect(newcomer.statusCode, newcomer.body).toBe(201);
  });

  it('validates in Italian and needs a login', async () => {
    const { browser } = await customer();
    const bad = await patch(browser, { name: '   ', email: 'non-una-mail' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ name: 'Nome completo: campo obbligatorio.', email: 'Indirizzo e-mail non valido.' });
    expect((await patch(new Browser(t.app), { name: 'Qualcuno' })).statusCode).toBe(401);
  });
});

describe('POST /api/user/password', () => {
  it('changes the password: the old one stops working, the new one logs in, this session goes on and others end', async () => {
    const { browser, username } = await customer('10.2.0.1');
    const elsewhere = new Browser(t.app, '10.2.0.2');
    expect((await elsewhere.post('/api/login', { username, password: 'vecchia-pass' })).statusCode).toBe(200);

    const res = await browser.post('/api/user/password', { currentPassword: 'vecchia-pass', newPassword: 'nuova-pass' });
    expect(res.statusCode, res.body).toBe(204);
    expect((await browser.get('/api/user')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);

    const again = new Browser(t.app, '10.2.0.3');
    expect((await again.post('/api/login', { username, password: 'vecchia-pass' })).statusCode).toBe(401);
    const login = await again.post('/api/login', { username, password: 'nuova-pass' });
    expect(login.statusCode).toBe(200);
    expect(login.json().username).toBe(username);
  });

  it('refuses a wrong current password and a short new one', async () => {
    const { browser } = await customer('10.2.0.4');
    const wrong = await browser.post('/api/user/password', { currentPassword: 'sbagliata', newPassword: 'nuova-pass' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('La password attuale non è corretta.');
    const short = await browser.post('/api/user/password', { currentPassword: 'vecchia-pass', newPassword: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: 'La password deve avere almeno 6 caratteri.' });
    expect((await new Browser(t.app).post('/api/user/password', { currentPassword: 'x', newPassword: 'nuova-pass' })).statusCode).toBe(401);
  });

  it('throttles guesses at the current password on the counts of logging in: 10 are checked, then 429 with a time to retry', async () => {
    const { browser, username } = await customer('10.2.0.5');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await browser.post('/api/user/password', { currentPassword: `no-${i}`, newPassword: 'nuova-pass' })).statusCode);
    }
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const right = await browser.post('/api/user/password', { currentPassword: 'vecchia-pass', newPassword: 'nuova-pass' });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Troppi tentativi di accesso non riusciti. Riprova tra 15 minuti.');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(800);
    // One budget for both doors: this browser cannot go on guessing by logging in.
    expect((await browser.post('/api/login', { username, password: 'vecchia-pass' })).statusCode).toBe(429);
  });
});
