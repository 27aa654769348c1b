import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn, useLoggedIn } from '../../../tests/support/marketplace.js';

/* Issue [21]: who may ask for an erasure, and what a wrong request is told, in Italian. */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

describe('the erasure’s calls', () => {
  it('are refused to whoever is not logged in, and the admin’s to anyone but an admin', async () => {
    const anyone = new Browser(t.app);
    expect((await anyone.get('/api/user/privacy')).statusCode).toBe(401);
    expect((await anyone.post('/api/user/privacy/erasure', { password: 'password1', confirm: true })).statusCode).toBe(401);
    const customer = await loggedIn(t, 'customer');
    expect((await customer.browser.get('/api/user/privacy')).json()).toEqual({ erasure: null });
    for (const role of ['customer', 'shopkeeper', 'collaborator'] as const) {
      const someone = role === 'customer' ? customer : await loggedIn(t, role);
      expect((await someone.browser.get('/api/admin/erasures')).statusCode).toBe(403);
      expect((await someone.browser.get(`/api/admin/erasures/${customer.id}`)).statusCode).toBe(403);
      expect((await someone.browser.post(`/api/admin/users/${customer.id}/erasure`)).statusCode).toBe(403);
    }
    expect((await customer.browser.get('/api/user/privacy')).json()).toEqual({ erasure: null });
  });

  it('answers bad input with a 4xx in Italian, and refuses an admin’s own account or another admin’s', async () => {
    const customer = await loggedIn(t, 'customer');
    const missing = await customer.browser.post('/api/user/privacy/erasure', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.password).toMatch(/Password: obbligatoria/);
    const unconfirmed = await customer.browser.post('/api/user/privacy/erasure', { password: 'password1', confirm: false });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().errors.confirm).toBe('Conferma di aver capito che la cancellazione non si può annullare.');
    const long = await customer.browser.post('/api/user/privacy/erasure', { password: 'x'.repeat(201), confirm: true });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.password).toBe('Password: al massimo 200 caratteri.');
    // Nothing was asked by those.
    expect((await customer.browser.get('/api/user/privacy')).json()).toEqual({ erasure: null });

    const own = await admin.browser.post(`/api/admin/users/${admin.id}/erasure`);
    expect([own.statusCode, own.json().message]).toEqual([422, 'Non puoi chiedere la cancellazione del tuo stesso account da qui.']);
    const other = await loggedIn(t, 'admin');
    const another = await admin.browser.post(`/api/admin/users/${other.id}/erasure`);
    expect([another.statusCode, another.json().message]).toEqual([422, 'I dati di un amministratore non si cancellano da qui: prima gli si toglie il ruolo.']);
    const unknown = await admin.browser.post(`/api/admin/users/${randomUUID()}/erasure`);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Utente non trovato']);
    expect((await admin.browser.post('/api/admin/users/non-un-id/erasure')).statusCode).toBe(400);
    const none = await admin.browser.get(`/api/admin/erasures/${randomUUID()}`);
    expect([none.statusCode, none.json().message]).toEqual([404, 'Richiesta di cancellazione non trovata.']);
  });
});
