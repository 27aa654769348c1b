import { beforeAll, describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../tests/support/app.js';
import { hangAfter } from '../../tests/support/time-limits.js';
import { demoAccounts, seedDemo, seedDemoStories } from '../seed.js';

/*
 * Issue [19]: the demo account `collaboratore` had no collaborator profile, so a newcomer saw only
 * «Completa la tua registrazione» on every collaborator page. After a first start's seeding, each
 * of those pages has something to show, read through the API as the pages read it.
 */

const t = useTestApp();
const day = 24 * 60 * 60_000;

async function logIn(role: 'collaborator' | 'shopkeeper'): Promise<Browser> {
  const account = demoAccounts.find((a) => a.role === role)!;
  const browser = new Browser(t.app);
  const res = await browser.post('/api/login', { username: account.username, password: account.password });
  expect(res.statusCode, res.body).toBe(200);
  return browser;
}

beforeAll(async () => {
  const { store, pool, db, projections, secret } = t.system;
  const deps = { store, pool, db, waitFor: (position: Parameters<typeof projections.waitFor>[0]) => projections.waitFor(position, hangAfter(60_000)) };
  await seedDemo(deps);
  await seedDemoStories({ ...deps, secret });
}, hangAfter(180_000));

describe('the demo collaborator, after a first start', () => {
  it('has an approved profile around the demo shop, allowed to activate sessions', async () => {
    const luca = await logIn('collaborator');
    const { id } = (await t.system.pool.query<{ id: string }>(`SELECT id FROM users WHERE username = 'collaboratore'`)).rows[0]!;
    const me = (await luca.get(`/api/collaborators/user/${id}`)).json();
    expect(me).toMatchObject({ name: 'Luca Ferrari', approvalStatus: 'approved', canActivateSessions: true, isAvailable: true });
    const area = (await luca.get('/api/collaborators/me/stores')).json<{ stores: { name: string }[] }>();
    expect(area.stores.map((s) => s.name)).toContain('Bottega di Gianni');
  });

  it('has worked for the shop: two assignments completed (one paid, one waiting), one accepted for tomorrow', async () => {
    const luca = await logIn('collaborator');
    const assignments = (await luca.get('/api/assignments')).json<{ status: string; paymentStatus: string; storeName: string }[]>();
    expect(assignments.map((a) => a.status).sort()).toEqual(['accepted', 'completed', 'completed']);
    expect(assignments.every((a) => a.storeName === 'Bottega di Gianni')).toBe(true);
    const earnings = (await luca.get('/api/collaborators/earnings')).json<{ totals: { count: number; paid: number; pending: number; credits: number } }>();
    // In euros, as the earnings page reads them.
    expect(earnings.totals).toEqual({ count: 2, paid: 40, pending: 25, credits: 15 });
  });

  it('has two sessions closed with their codes in the past and one scheduled tomorrow, with a task in it', async () => {
    const luca = await logIn('collaborator');
    const sessions = (await luca.get('/api/collaboration-sessions')).json<{ status: string; scheduledStartAt: string }[]>();
    const completed = sessions.filter((s) => s.status === 'completed');
    const ahead = sessions.filter((s) => s.status !== 'completed');
    expect(completed).toHaveLength(2);
    expect(ahead.map((s) => s.status)).toEqual([expect.stringMatching(/^(pending|scheduled)$/)]);
    const next = Date.parse(ahead[0]!.scheduledStartAt);
    expect(next - Date.now()).toBeGreaterThan(0);
    expect(next - Date.now()).toBeLessThan(2 * day);
    for (const done of completed) expect(Date.parse(done.scheduledStartAt)).toBeLessThan(Date.now() - day);
    const tasks = (await luca.get('/api/collaborators/tasks')).json<{ title: string }[] | { items: { title: string }[] }>();
    expect((Array.isArray(tasks) ? tasks : tasks.items).map((task) => task.title)).toContain('Aggiornare prezzi e foto dei panettoni');
  });

  it('has been reviewed by the shopkeeper, published since both sides reviewed each session', async () => {
    const luca = await logIn('collaborator');
    const received = (await luca.get('/api/reviews/received')).json<{ overallRating: number }[] | { items: { overallRating: number }[] }>();
    expect((Array.isArray(received) ? received : received.items).map((r) => r.overallRating).sort()).toEqual([4, 5]);
    const gianni = await logIn('shopkeeper');
    const written = (await gianni.get('/api/reviews/written')).json<unknown[] | { items: unknown[] }>();
    expect(Array.isArray(written) ? written : written.items).toHaveLength(2);
  });

  it('is seeded once: a second run adds nothing', async () => {
    const { store, pool, db, projections, secret } = t.system;
    const before = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM collaborator_assignments')).rows[0]!.n;
    await seedDemoStories({ store, pool, db, secret, waitFor: (position) => projections.waitFor(position, hangAfter(60_000)) });
    expect((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM collaborator_assignments')).rows[0]!.n).toBe(before);
  });
});
