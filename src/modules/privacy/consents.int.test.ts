import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn, useLoggedIn } from '../../../tests/support/marketplace.js';
import { siteUrl, unsubscribeUrl } from '../email/links.js';
import { consentTexts } from './labels.js';

/*
 * Issue [21], consent (GDPR art. 7): each answer a person gives — from their settings, the cookie
 * notice, an e-mail's unsubscribe link — is an event with the text they answered and its time;
 * the same answer twice is no new fact; nothing is assumed before an answer; the tracking is asked
 * only when the admin turned it on.
 */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

describe('consents', () => {
  it('are answered with their text and time, each one in the log, the same answer twice once; withdrawn as easily, also from an e-mail’s unsubscribe link', async () => {
    const person = await loggedIn(t, 'customer');
    const email = `${person.username}@esempio.it`;
    const none = (await person.browser.get('/api/user/consents')).json();
    expect(none.consents).toEqual([
      { kind: 'marketing', label: 'E-mail promozionali', text: consentTexts.marketing, granted: null, changedAt: null, offered: true },
      { kind: 'email-tracking', label: 'Misura delle e-mail (aperture e clic)', text: consentTexts['email-tracking'], granted: null, changedAt: null, offered: false },
    ]);
    expect((await new Browser(t.app).get('/api/privacy/cookies')).json()).toEqual({ emailTracking: false });

    const given = await person.browser.request('PUT', '/api/user/consents/marketing', { granted: true });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().consents[0]).toMatchObject({ kind: 'marketing', granted: true, changedAt: expect.any(String) });
    expect((await person.browser.request('PUT', '/api/user/consents/marketing', { granted: true })).statusCode).toBe(200);
    // The admin turns the tracking on: the notice asks, and the person refuses from it.
    expect((await admin.browser.request('PUT', '/api/admin/email-settings/current', { trackOpens: true })).statusCode).toBe(200);
    expect((await new Browser(t.app).get('/api/privacy/cookies')).json()).toEqual({ emailTracking: true });
    const refused = await person.browser.request('PUT', '/api/user/consents/email-tracking', { granted: false, source: 'notice' });
    expect(refused.json().consents[1]).toMatchObject({ kind: 'email-tracking', granted: false, offered: true });

    // An e-mail's unsubscribe link withdraws the account's consent to marketing.
    const link = unsubscribeUrl(t.system.secret, email).slice(siteUrl.length);
    expect((await new Browser(t.app).post(link)).statusCode).toBe(200);
    expect((await person.browser.get('/api/user/consents')).json().consents[0]).toMatchObject({ kind: 'marketing', granted: false });

    // The log: three answers, each with its text, its source, its time (the repeated one is not there).
    const history = (await admin.browser.get(`/api/admin/history/consents/${person.id}`)).json<{ type: string; changes: Record<string, unknown> }[]>();
    expect(history.map((e) => [e.type, e.changes.kind, e.changes.source])).toEqual([
      ['ConsentGiven', 'marketing', 'settings'],
      ['ConsentWithdrawn', 'email-tracking', 'notice'],
      ['ConsentWithdrawn', 'marketing', 'unsubscribe'],
    ]);
    expect(history[0]!.changes.text).toBe(consentTexts.marketing);

    // In the person's export: the consents as they stand, and every answer in the account's history.
    const exported = JSON.parse((await person.browser.get('/api/user/privacy/export/json')).body);
    expect(exported.sections.consents.rows).toEqual([
      expect.objectContaining({ kind: 'email-tracking', granted: false, source: 'notice' }),
      expect.objectContaining({ kind: 'marketing', granted: false, source: 'unsubscribe', text: consentTexts.marketing }),
    ]);
    expect(exported.sections.accountHistory.rows.filter((row: { type: string }) => row.type.startsWith('Consent'))).toHaveLength(3);
  });

  it('refuses an unknown kind or a missing answer in Italian, and anyone logged out', async () => {
    const person = await loggedIn(t, 'customer');
    const unknown = await person.browser.request('PUT', '/api/user/consents/profilazione', { granted: true });
    expect([unknown.statusCode, unknown.json().errors.kind]).toEqual([400, 'Consenso sconosciuto.']);
    const missing = await person.browser.request('PUT', '/api/user/consents/marketing', {});
    expect([missing.statusCode, missing.json().errors.granted]).toEqual([400, 'Rispondi sì o no.']);
    expect((await new Browser(t.app).request('PUT', '/api/user/consents/marketing', { granted: true })).statusCode).toBe(401);
    expect((await new Browser(t.app).get('/api/user/consents')).statusCode).toBe(401);
  });
});
