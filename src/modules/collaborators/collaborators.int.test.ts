import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { loggedIn, openShop, places, useLoggedIn, type Person } from '../../../tests/support/marketplace.js';
import { emailTriggersName } from '../email/triggers.js';
import { collaboratorsCovering } from './queries.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

/** `km` north of `from`, on distance_km()'s sphere (a degree of latitude is 111.32 km there). */
const north = (from: { latitude: number; longitude: number }, km: number) => ({ latitude: from.latitude + km / 111.32, longitude: from.longitude });

const profile = (where = places.rome, extra: Record<string, unknown> = {}) => ({
  address: 'Via del Corso 10, Roma',
  ...where,
  radiusKm: 10,
  services: ['delivery', 'shop_assistance'],
  availability: 'Lun–ven, pomeriggio',
  bio: 'Automunito, conosco bene il quartiere.',
  ...extra,
});

/** A collaborator with a registered profile (pending). */
async function collaborator(where = places.rome, extra: Record<string, unknown> = {}): Promise<Person> {
  const person = await loggedIn(t, 'collaborator');
  const res = await person.browser.post('/api/collaborators', profile(where, extra));
  if (res.statusCode !== 201) throw new Error(`register ${res.statusCode}: ${res.body}`);
  return person;
}
const decide = (id: string, what: 'approve' | 'reject' | 'suspend' | 'reactivate', body?: unknown) => admin.browser.post(`/api/admin/collaborators/${id}/${what}`, body);
async function approved(where = places.rome, extra: Record<string, unknown> = {}): Promise<Person> {
  const person = await collaborator(where, extra);
  expect((await decide(person.id, 'approve', { canActivateSessions: true })).statusCode).toBe(200);
  return person;
}
const patchMe = (who: Browser, body: unknown) => who.request('PATCH', '/api/collaborators/me', body);
const caughtUp = async () => expect(await readModelsCaughtUp(t.system, hangAfter(30_000), [emailTriggersName])).toBe(true);

describe('POST /api/collaborators', () => {
  it('registers the logged-in collaborator’s profile, pending, with rating 5 and no credits earned; a second time is 409', async () => {
    const me = await loggedIn(t, 'collaborator', { name: 'Giulia Verdi' });
    const res = await me.browser.post('/api/collaborators', profile());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      userId: me.id,
      name: 'Giulia Verdi',
      status: 'active',
      approvalStatus: 'pending',
      canActivateSessions: false,
      approvedAt: null,
      rating: 5,
      creditsEarned: 0,
      coverageArea: { address: 'Via del Corso 10, Roma', ...places.rome, radiusKm: 10 },
      services: ['delivery', 'shop_assistance'],
      isAvailable: true,
      availability: 'Lun–ven, pomeriggio',
    });
    const again = await me.browser.post('/api/collaborators', profile());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Il profilo da collaboratore è già registrato: modificalo invece di crearne un altro.');
  });

  it('is for collaborators only: 401 without a login, 403 for another role before any complaint about the input', async () => {
    const nobody = await new Browser(t.app).post('/api/collaborators', profile());
    expect(nobody.statusCode).toBe(401);
    for (const role of ['shopkeeper', 'customer'] as const) {
      const other = await loggedIn(t, role);
      expect((await other.browser.post('/api/collaborators', {})).statusCode).toBe(403);
    }
  });

  it('refuses a profile it cannot use with the field’s Italian message', async () => {
    const me = await loggedIn(t, 'collaborator');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ latitude: 51.5, longitude: -0.12 }, 'latitude', 'Latitudine: un punto in Italia, da 35 a 47.5. Indica la zona sulla mappa.'],
      [{ radiusKm: 0 }, 'radiusKm', 'Raggio: da 1 a 100 km.'],
      [{ radiusKm: 150 }, 'radiusKm', 'Raggio: da 1 a 100 km.'],
      [{ services: [] }, 'services', 'Servizi: scegli almeno uno tra quelli proposti.'],
      [{ services: ['hacking'] }, 'services.0', 'Servizio non disponibile.'],
      [{ bio: 'x'.repeat(501) }, 'bio', 'Presentazione: al massimo 500 caratteri.'],
      [{ address: ' ' }, 'address', 'Indirizzo: campo obbligatorio.'],
    ];
    for (const [bad, field, message] of cases) {
      const res = await me.browser.post('/api/collaborators', { ...profile(), ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors?.[field] ?? res.json().message, JSON.stringify(bad)).toBe(message);
    }
    expect((await me.browser.get(`/api/collaborators/user/${me.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/collaborators/user/:userId', () => {
  it('answers 404 «non registrato» for a collaborator without a profile', async () => {
    const me = await loggedIn(t, 'collaborator');
    const res = await me.browser.get(`/api/collaborators/user/${me.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Profilo da collaboratore non registrato.' });
  });

  it('shows the whole profile to its collaborator and the admins, to a shopkeeper only once approved and without address, point, earnings or the admin’s notes', async () => {
    const c = await collaborator();
    const shopkeeper = await loggedIn(t, 'shopkeeper');
    const own = await c.browser.get(`/api/collaborators/user/${c.id}`);
    expect(own.json()).toMatchObject({ approvalStatus: 'pending', coverageArea: { address: 'Via del Corso 10, Roma' } });
    expect((await admin.browser.get(`/api/collaborators/user/${c.id}`)).json()).toMatchObject({ coverageArea: { radiusKm: 10 } });
    // Pending: as if it did not exist.
    expect((await shopkeeper.browser.get(`/api/collaborators/user/${c.id}`)).statusCode).toBe(404);

    await decide(c.id, 'approve', { canActivateSessions: false });
    const card = await shopkeeper.browser.get(`/api/collaborators/user/${c.id}`);
    expect(card.statusCode).toBe(200);
    expect(Object.keys(card.json()).sort()).toEqual([
      'approvalStatus',
      'availability',
      'bio',
      'canActivateSessions',
      'isAvailable',
      'name',
      'radiusKm',
      'rating',
      'services',
      'status',
      'userId',
    ]);
    expect(card.body).not.toContain('Via del Corso');

    await decide(c.id, 'suspend', { reason: 'Segnalazioni da verificare' });
    expect((await shopkeeper.browser.get(`/api/collaborators/user/${c.id}`)).statusCode).toBe(404);

    // Another collaborator and a customer may not read it at all.
    expect((await (await loggedIn(t, 'collaborator')).browser.get(`/api/collaborators/user/${c.id}`)).statusCode).toBe(403);
    expect((await (await loggedIn(t, 'customer')).browser.get(`/api/collaborators/user/${c.id}`)).statusCode).toBe(403);
  });
});

describe('PATCH /api/collaborators/me', () => {
  it('changes only what is sent, and the status active/inactive', async () => {
    const c = await collaborator();
    const res = await patchMe(c.browser, { radiusKm: 25, services: ['inventory'], isAvailable: false, status: 'inactive' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      coverageArea: { radiusKm: 25, address: 'Via del Corso 10, Roma' },
      services: ['inventory'],
      isAvailable: false,
      status: 'inactive',
      bio: 'Automunito, conosco bene il quartiere.',
    });
    const bad = await patchMe(c.browser, { radiusKm: 101 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ radiusKm: 'Raggio: da 1 a 100 km.' });
    const approving = await patchMe(c.browser, { approvalStatus: 'approved' });
    expect(approving.statusCode).toBe(400);
    expect(approving.body).toContain('Campi non previsti: approvalStatus.');
  });

  it('answers 404 to a collaborator not registered, 403 to another role', async () => {
    expect((await patchMe((await loggedIn(t, 'collaborator')).browser, { bio: 'Ciao' })).statusCode).toBe(404);
    expect((await patchMe((await loggedIn(t, 'shopkeeper')).browser, { bio: 'Ciao' })).statusCode).toBe(403);
  });

  it('puts a rejected profile, once changed, back to pending for the admin', async () => {
    const c = await collaborator();
    expect((await decide(c.id, 'reject', { reason: 'Presentazione troppo breve' })).json()).toMatchObject({
      approvalStatus: 'rejected',
      decisionReason: 'Presentazione troppo breve',
    });
    const res = await patchMe(c.browser, { bio: 'Ho lavorato tre anni in una bottega di quartiere, automunito.' });
    expect(res.json()).toMatchObject({ approvalStatus: 'pending' });
  });
});

describe('the admin’s approval', () => {
  it('lists pending profiles first, filters by approval and status, searches by name', async () => {
    const name = `Zeno ${Date.now()}`;
    const first = await approved();
    const pending = await loggedIn(t, 'collaborator', { name });
    await pending.browser.post('/api/collaborators', profile());
    const list = await admin.browser.get('/api/admin/collaborators?range=[0,999]');
    expect(list.statusCode, list.body).toBe(200);
    const statuses = list.json<{ approvalStatus: string }[]>().map((c) => c.approvalStatus);
    expect(statuses.indexOf('approved')).toBeGreaterThan(statuses.lastIndexOf('pending'));
    expect(list.headers['content-range']).toMatch(/^collaborators 0-\d+\/\d+$/);
    const approvedOnes = (await admin.browser.get(`/api/admin/collaborators?filter=${encodeURIComponent('{"approvalStatus":"approved"}')}&range=[0,999]`)).json<
      { id: string; approvalStatus: string }[]
    >();
    expect(approvedOnes.every((c) => c.approvalStatus === 'approved')).toBe(true);
    expect(approvedOnes.map((c) => c.id)).toContain(first.id);
    const found = (await admin.browser.get(`/api/admin/collaborators?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`)).json();
    expect(found).toEqual([expect.objectContaining({ id: pending.id, name, username: pending.username, approvalStatus: 'pending' })]);
    expect((await admin.browser.get(`/api/admin/collaborators/${pending.id}`)).json()).toMatchObject({ id: pending.id, coverageArea: { radiusKm: 10 } });
    const bad = await admin.browser.get(`/api/admin/collaborators?filter=${encodeURIComponent('{"approvalStatus":"maybe"}')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Stato di approvazione non valido.');
  });

  it('approves, suspends, reactivates and rejects, each told to the collaborator live and by e-mail, and in the history', async () => {
    const c = await collaborator();
    const yes = await decide(c.id, 'approve', { canActivateSessions: true });
    expect(yes.json()).toMatchObject({ approvalStatus: 'approved', canActivateSessions: true });
    expect(yes.json().approvedAt).toEqual(expect.any(String));
    expect((await decide(c.id, 'suspend', {})).statusCode).toBe(400);
    expect((await decide(c.id, 'suspend', { reason: 'Ritardi ripetuti' })).json()).toMatchObject({ approvalStatus: 'suspended', decisionReason: 'Ritardi ripetuti' });
    expect((await decide(c.id, 'reactivate')).json()).toMatchObject({ approvalStatus: 'approved', decisionReason: null, approvedAt: yes.json().approvedAt });
    const rejected = await collaborator();
    expect((await decide(rejected.id, 'reject', { reason: 'Zona non chiara' })).statusCode).toBe(200);

    await caughtUp();
    const notices = async (who: Person) =>
      (await who.browser.get('/api/notifications'))
        .json<{ title: string; message: string }[]>()
        .map((n) => `${n.title}: ${n.message}`)
        .reverse();
    expect(await notices(c)).toEqual([
      'Profilo da collaboratore approvato: Il tuo profilo è approvato e puoi attivare sessioni: i negozi della tua zona possono chiederti aiuto.',
      'Profilo da collaboratore sospeso: Il tuo profilo è sospeso: non sei più proposto ai negozi. Motivo: Ritardi ripetuti',
      'Profilo da collaboratore riattivato: Il tuo profilo è di nuovo attivo: i negozi della tua zona possono chiederti aiuto.',
    ]);
    expect(await notices(rejected)).toEqual([
      'Profilo da collaboratore non approvato: Il tuo profilo non è stato approvato: correggilo e tornerà in attesa di approvazione. Motivo: Zona non chiara',
    ]);
    const mails = async (userId: string) =>
      (
        await t.db.pool.query<{ template_name: string; subject: string }>(
          `SELECT q.template_name, q.subject FROM email_queue q JOIN users u ON u.email = q.to_email WHERE u.id = $1 AND q.template_name LIKE 'collaboratore-%' ORDER BY q.created_at`,
          [userId],
        )
      ).rows.map((m) => m.template_name);
    expect(await mails(c.id)).toEqual(['collaboratore-approvato', 'collaboratore-sospeso', 'collaboratore-riattivato']);
    expect(await mails(rejected.id)).toEqual(['collaboratore-rifiutato']);

    const history = (await admin.browser.get(`/api/admin/history/collaborator/${c.id}`)).json<{ type: string; italianName: string; actor: { userId: string } | null }[]>();
    expect(history.map((h) => h.italianName)).toEqual(['Profilo da collaboratore registrato', 'Collaboratore approvato', 'Collaboratore sospeso', 'Collaboratore riattivato']);
  });

  it('refuses the moves the approval states do not have (409), an unknown collaborator (404) and anyone but an admin (403)', async () => {
    const c = await collaborator();
    const r = await decide(c.id, 'reactivate');
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Il profilo è in attesa di approvazione: non si può riattivare.');
    expect((await decide(c.id, 'suspend', { reason: 'x' })).statusCode).toBe(409);
    await decide(c.id, 'reject', { reason: 'Dati incompleti' });
    expect((await decide(c.id, 'approve', { canActivateSessions: true })).statusCode).toBe(409);
    const missing = await loggedIn(t, 'collaborator');
    expect((await decide(missing.id, 'approve', { canActivateSessions: true })).statusCode).toBe(404);
    expect((await c.browser.post(`/api/admin/collaborators/${c.id}/approve`, { canActivateSessions: true })).statusCode).toBe(403);
    expect((await decide(c.id, 'approve', {})).statusCode).toBe(400);
  });
});

describe('collaborators covering a shop', () => {
  // Far from the other tests' collaborators (Rome, Milan): Cagliari.
  const cagliari = { latitude: 39.2238, longitude: 9.1217 };

  it('offers only the approved, active, available collaborators whose circle holds the point, nearest first, with their distance', async () => {
    const near = await approved(north(cagliari, 3), { radiusKm: 5 });
    const wide = await approved(north(cagliari, 40), { radiusKm: 50, services: ['inventory'] });
    const short = await approved(north(cagliari, 8), { radiusKm: 5 }); // 8 km away, covers 5: out.
    await collaborator(north(cagliari, 1)); // pending
    const suspended = await approved(north(cagliari, 1));
    await decide(suspended.id, 'suspend', { reason: 'Controllo' });
    const unavailable = await approved(north(cagliari, 1));
    await patchMe(unavailable.browser, { isAvailable: false });
    const inactive = await approved(north(cagliari, 1));
    await patchMe(inactive.browser, { status: 'inactive' });
    const rejected = await collaborator(north(cagliari, 1));
    await decide(rejected.id, 'reject', { reason: 'No' });

    const found = await collaboratorsCovering(t.system.db, cagliari);
    expect(found.map((c) => [c.userId, c.distanceKm])).toEqual([
      [near.id, 3],
      [wide.id, 40],
    ]);
    expect(found.map((c) => c.userId)).not.toContain(short.id);
    expect((await collaboratorsCovering(t.system.db, cagliari, { services: ['inventory'] })).map((c) => c.userId)).toEqual([wide.id]);
    expect(await collaboratorsCovering(t.system.db, cagliari, { services: ['inventory', 'delivery'] })).toEqual([]);

    // The shopkeeper's call: from their store's point, without anything private.
    const shop = await openShop(t, admin.browser, { where: cagliari });
    const res = await shop.owner.browser.get('/api/collaborators/covering-my-shop');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ userId: near.id, distanceKm: 3, rating: 5, services: ['delivery', 'shop_assistance'], isAvailable: true, radiusKm: 5 }),
      expect.objectContaining({ userId: wide.id, distanceKm: 40 }),
    ]);
    expect(res.body).not.toContain('Via del Corso');
    expect((await shop.owner.browser.get('/api/collaborators/covering-my-shop?service=inventory')).json().map((c: { userId: string }) => c.userId)).toEqual([wide.id]);
    expect((await shop.owner.browser.get('/api/collaborators/covering-my-shop?service=nope')).statusCode).toBe(400);
  });

  it('answers 404 to a shopkeeper without a store and 403 to a collaborator', async () => {
    const res = await (await loggedIn(t, 'shopkeeper')).browser.get('/api/collaborators/covering-my-shop');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Non hai ancora un negozio: aprilo per trovare i collaboratori della tua zona.');
    expect((await (await loggedIn(t, 'collaborator')).browser.get('/api/collaborators/covering-my-shop')).statusCode).toBe(403);
  });
});
