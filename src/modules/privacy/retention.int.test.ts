import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { activeWork } from '../../../tests/support/collaboration.js';
import { loggedIn, logInAs, useLoggedIn } from '../../../tests/support/marketplace.js';
import { readModelSnapshot } from '../../../tests/support/read-models.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { ERASED } from '../../platform/eventstore/personal-data.js';
import { applyRetention as apply, retentionRules } from './retention.js';

/*
 * Issue [21], storage limitation (GDPR art. 5(1)(e)): one table in the code says how long each kind
 * of personal data is kept, and the upkeep applies it. The clock is moved past each rule's time:
 * the old logins and failed logins go, the contact throttle's rows, a message to Vicino (its row,
 * its key: the history reads it erased), a mail's text and address, where a finished work session
 * was opened from; what is younger stays; and a rebuild of the read models the rules touched
 * equals the live tables.
 */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const day = 86_400_000;
/** The upkeep's warnings: none expected. */
const warned: unknown[] = [];
const logger = { warn: (...args: unknown[]) => warned.push(args), info: () => {} };
const applyRetention = (deps: Parameters<typeof apply>[0], now: Date) => apply(deps, now, logger);
const count = async (sql: string, values: unknown[] = []) => (await t.system.pool.query<{ n: number }>(sql, values)).rows[0]!.n;

describe('the retention of personal data', () => {
  it(
    'removes each kind of data when its time is up, and nothing younger; a rebuild reads what the live tables hold',
    async () => {
      const { shop, c, session } = await activeWork(t, admin);
      const customer = await loggedIn(t, 'customer');
      expect((await new Browser(t.app).post('/api/login', { username: customer.username, password: 'sbagliata' })).statusCode).toBe(401);
      const sent = await new Browser(t.app).post('/api/contact', { name: 'Ilaria Montefusco', email: 'ilaria.m@esempio.it', subject: 'Orari', message: 'Aprite la domenica?' });
      expect(sent.statusCode, sent.body).toBe(201);
      // The session ends (revoked by the shop); a welcome mail is cancelled, as an admin does.
      expect((await shop.owner.browser.post(`/api/collaboration-sessions/${session.id}/revoke`, { reason: 'Fine lavoro anticipata' })).statusCode).toBe(200);
      const { rows: mails } = await t.system.pool.query<{ id: string }>("SELECT id FROM email_queue WHERE user_id = $1 AND status = 'pending'", [customer.id]);
      expect(mails.length).toBeGreaterThan(0);
      const cancelled = await admin.browser.post(`/api/admin/email-queue/${mails[0]!.id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await readModelsCaughtUp(t.system)).toBe(true);
      const contactId = (await t.system.pool.query<{ id: string }>("SELECT id FROM contact_submissions WHERE email = 'ilaria.m@esempio.it'")).rows[0]!.id;
      expect(await count('SELECT count(*)::int AS n FROM collaboration_sessions WHERE id = $1 AND ip_address IS NOT NULL', [session.id])).toBe(1);

      // A day later: only the contact throttle's time is up.
      const now = Date.now();
      const first = await applyRetention(t.system, new Date(now + 2 * day));
      expect(first['contact-throttle']).toBeGreaterThan(0);
      expect(first).toMatchObject({ logins: 0, 'login-failures': 0, 'contact-messages': 0, emails: 0, 'session-network': 0 });
      expect(await count('SELECT count(*)::int AS n FROM contact_sends')).toBe(0);
      // The same hour again: no rule runs twice.
      expect(await applyRetention(t.system, new Date(now + 2 * day + 60_000))).toEqual({});

      // Past a month: the logins and failed logins go; the rest is younger than its time.
      const month = await applyRetention(t.system, new Date(now + 31 * day));
      expect(month.logins).toBeGreaterThanOrEqual(3);
      expect(month['login-failures']).toBe(1);
      expect((await customer.browser.get('/api/user')).statusCode).toBe(401);
      // Every session of the test was older than that: the admin logs in again, after each move of the clock.
      const back = { get: async (url: string) => (await logInAs(t, admin.username)).get(url) };
      expect(await count('SELECT count(*)::int AS n FROM contact_submissions WHERE id = $1', [contactId])).toBe(1);

      // Past a year: the mail's text and address, where the session was opened from.
      const year = await applyRetention(t.system, new Date(now + 366 * day));
      expect(year.emails).toBeGreaterThanOrEqual(1);
      expect(year['session-network']).toBe(1);
      expect(await readModelsCaughtUp(t.system)).toBe(true);
      const mail = (await t.system.pool.query('SELECT to_email, html_content, subject FROM email_queue WHERE id = $1', [mails[0]!.id])).rows[0];
      expect(mail).toEqual({ to_email: `cancellato-${mails[0]!.id}@utenti.invalid`, html_content: '', subject: 'E-mail cancellata (conservazione scaduta)' });
      const row = (await t.system.pool.query('SELECT ip_address, user_agent, status FROM collaboration_sessions WHERE id = $1', [session.id])).rows[0];
      expect(row).toEqual({ ip_address: null, user_agent: null, status: 'revoked' });
      const sessionHistory = await back.get(`/api/admin/history/collaboration-session/${session.id}`);
      expect(sessionHistory.statusCode).toBe(200);
      const activated = sessionHistory.json().find((e: { type: string }) => e.type === 'SessionActivated');
      expect(activated.changes).toMatchObject({ ipAddress: ERASED, userAgent: ERASED });
      expect(sessionHistory.json().at(-1)).toMatchObject({ type: 'SessionNetworkDataForgotten' });
      // The collaborator's own data is theirs still: only the session's network data went.
      expect((await back.get(`/api/admin/users/${c.id}`)).json()).toMatchObject({ name: 'Luca Bianchi', status: 'active' });

      // Past two years: the message to Vicino, its row and its key.
      const twoYears = await applyRetention(t.system, new Date(now + 731 * day));
      expect(twoYears['contact-messages']).toBeGreaterThanOrEqual(1);
      expect(await readModelsCaughtUp(t.system)).toBe(true);
      expect(await count('SELECT count(*)::int AS n FROM contact_submissions WHERE id = $1', [contactId])).toBe(0);
      const contactHistory = await back.get(`/api/admin/history/contact-submission/${contactId}`);
      expect(contactHistory.body).not.toContain('Montefusco');
      expect(contactHistory.body).toContain('ContactExpired');

      // A rebuild of the read models the rules touched equals the live tables.
      const touched = t.system.readModels.filter((p) => ['contact-submissions', 'collaboration-sessions'].includes(p.name));
      expect(touched).toHaveLength(2);
      const live = await readModelSnapshot(t.system.pool, touched);
      for (const { name } of touched) await t.system.projections.rebuild(name);
      await expect
        .poll(async () => count('SELECT count(*)::int AS n FROM projection_checkpoints WHERE rebuild_position IS NOT NULL'), { timeout: hangAfter(60_000), interval: 200 })
        .toBe(0);
      expect(await readModelSnapshot(t.system.pool, touched)).toEqual(live);
      expect(warned).toEqual([]);
    },
    hangAfter(120_000),
  );

  it('is one table, shown to everyone and, with each rule’s last run, to the admin', async () => {
    const shown = await new Browser(t.app).get('/api/privacy/retention');
    expect(shown.statusCode).toBe(200);
    expect(shown.json().map((rule: { key: string }) => rule.key)).toEqual(retentionRules.map((rule) => rule.key));
    expect(shown.json()[0]).toEqual({ key: 'logins', what: expect.stringContaining('IP'), keptFor: '30 giorni dall’ultimo uso', days: 30, why: expect.any(String) });
    await applyRetention(t.system, new Date());
    const runs = (await (await logInAs(t, admin.username)).get('/api/admin/retention')).json();
    expect(runs.find((r: { key: string }) => r.key === 'logins')).toMatchObject({ applied: true, ranAt: expect.any(String), removed: expect.any(Number) });
    expect(runs.find((r: { key: string }) => r.key === 'ai-prompts')).toMatchObject({ applied: false, ranAt: null, days: null });
    const customer = await loggedIn(t, 'customer');
    expect((await customer.browser.get('/api/admin/retention')).statusCode).toBe(403);
  });
});
