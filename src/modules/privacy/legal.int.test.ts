import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn, useLoggedIn } from '../../../tests/support/marketplace.js';
import { firstLegalTexts } from './legal-texts.js';

/*
 * Issue [21]: the privacy policy and the terms, in Italian, published as versions the admin edits
 * (every old version stays readable), and accepted by whoever registers: the versions in force,
 * noted in their consents' log; a registration that read an older version is asked to read again.
 */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

const registration = (over: Record<string, unknown> = {}) => {
  const username = `nuovo-${randomUUID().slice(0, 8)}`;
  return { username, name: 'Teresa Lodi', email: `${username}@esempio.it`, password: 'segreta1', role: 'customer', acceptTerms: true, ...over };
};

describe('the privacy policy and the terms', () => {
  it('are published at the first start, and each change the admin makes is a new version; the old ones stay', async () => {
    const visitor = new Browser(t.app);
    const first = (await visitor.get('/api/legal/privacy')).json();
    expect(first).toMatchObject({ kind: 'privacy', title: 'Informativa sulla privacy', version: 1, current: true, body: firstLegalTexts.privacy.trim() });
    expect((await visitor.get('/api/legal')).json()).toEqual({ terms: 1, privacy: 1 });

    const published = await admin.browser.post('/api/admin/legal/terms', { body: `${firstLegalTexts.terms}\n\n## Novità\n\nUn paragrafo in più.`, note: 'Aggiunte le novità.' });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json()).toMatchObject({ version: 2, current: true, note: 'Aggiunte le novità.', versions: [{ version: 2 }, { version: 1 }] });
    const old = (await visitor.get('/api/legal/terms?version=1')).json();
    expect(old).toMatchObject({ version: 1, current: false, body: firstLegalTexts.terms.trim() });

    const same = await admin.browser.post('/api/admin/legal/terms', { body: `${firstLegalTexts.terms}\n\n## Novità\n\nUn paragrafo in più.` });
    expect([same.statusCode, same.json().errors.body]).toEqual([422, 'Uguale alla versione in vigore.']);
    const empty = await admin.browser.post('/api/admin/legal/terms', { body: '   ' });
    expect([empty.statusCode, empty.json().errors.body]).toEqual([400, 'Testo: obbligatorio.']);
    expect((await visitor.post('/api/admin/legal/terms', { body: 'x' })).statusCode).toBe(401);
    const customer = await loggedIn(t, 'customer');
    expect((await customer.browser.post('/api/admin/legal/terms', { body: 'Termini miei.' })).statusCode).toBe(403);
    expect((await visitor.get('/api/legal/terms?version=9')).statusCode).toBe(404);
    expect((await visitor.get('/api/legal/cookie')).json().errors.kind).toBe('Documento: privacy o terms.');
  });

  it('are accepted at registration in the versions in force, with the marketing e-mails asked apart and unticked', async () => {
    const { terms, privacy } = (await new Browser(t.app).get('/api/legal')).json();
    const unaccepted = await new Browser(t.app).post('/api/register', registration({ acceptTerms: false }));
    expect([unaccepted.statusCode, unaccepted.json().errors.acceptTerms]).toEqual([400, 'Per registrarti accetta i Termini e condizioni e l’Informativa sulla privacy.']);
    const stale = await new Browser(t.app).post('/api/register', registration({ termsVersion: terms - 1 || 99, privacyVersion: privacy }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/sono cambiati mentre ti registravi/);
    // Spec §7's five fields alone register, accepting the versions in force.
    const { acceptTerms: _a, ...five } = registration();
    const plain = await new Browser(t.app).post('/api/register', five);
    expect(plain.statusCode, plain.body).toBe(201);
    const plainLog = (await admin.browser.get(`/api/admin/history/consents/${plain.json().id}`)).json<{ type: string; changes: Record<string, unknown> }[]>();
    expect(plainLog.map((e) => [e.type, e.changes.terms, e.changes.privacy])).toEqual([['LegalVersionsAccepted', terms, privacy]]);

    const browser = new Browser(t.app);
    const body = registration({ termsVersion: terms, privacyVersion: privacy, marketing: true });
    const registered = await browser.post('/api/register', body);
    expect(registered.statusCode, registered.body).toBe(201);
    const id = registered.json().id as string;
    const log = (await admin.browser.get(`/api/admin/history/consents/${id}`)).json<{ type: string; changes: Record<string, unknown> }[]>();
    expect(log.map((e) => [e.type, e.changes.terms ?? e.changes.kind])).toEqual([
      ['LegalVersionsAccepted', terms],
      ['ConsentGiven', 'marketing'],
    ]);
    expect((await browser.get('/api/user/consents')).json().consents[0]).toMatchObject({ kind: 'marketing', granted: true });
    const exported = JSON.parse((await browser.get('/api/user/privacy/export/json')).body);
    expect(exported.sections.consents.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'legal', text: expect.stringContaining(`(versione ${terms})`), source: 'registration' })]),
    );
  });
});
