import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn, openShop, useLoggedIn, type Person, type Shop } from '../../../tests/support/marketplace.js';
import { registeredAndApproved } from '../../../tests/support/collaboration.js';

/* The back office's lists of requests and unlocks (docs/api-collaboration-requests.md «Admin lists»). */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

let areas = 0;
const newArea = () => ({ latitude: 40.1 + 0.5 * areas++, longitude: 16.2 });

/** A collaborator about a kilometre north of `where`, delivering within 5 km, approved to activate sessions. */
const approvedCollaborator = (where: { latitude: number; longitude: number }, name: string): Promise<Person> =>
  registeredAndApproved(t, admin.browser, { latitude: where.latitude + 0.01, longitude: where.longitude }, { name });

const ask = async (shop: Shop, body: Record<string, unknown>) => {
  const res = await shop.owner.browser.post('/api/collaboration-requests', {
    message: 'Aiuto in negozio',
    estimatedDuration: 60,
    maxBudget: 30,
    requiredServices: ['delivery'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; unlock: { id: string } }>();
};

const list = async (url: string, params: { filter?: unknown; sort?: unknown; range?: unknown } = {}) => {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])).toString();
  const res = await admin.browser.get(`${url}${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json<Record<string, unknown>[]>(), range: res.headers['content-range'] };
};

/** One shop with a waiting request a collaborator accepted, a direct one pending and a cancelled one. */
async function scene() {
  const tag = randomUUID().slice(0, 6);
  const area = newArea();
  const shop = await openShop(t, admin.browser, { name: `Drogheria Àncora ${tag}`, where: area });
  const c = await approvedCollaborator(area, `Gianluca Ferrè ${tag}`);
  const accepted = await ask(shop, { requestType: 'waiting' });
  expect((await c.browser.post(`/api/collaboration-requests/${accepted.id}/accept`)).statusCode).toBe(200);
  const direct = await ask(shop, { requestType: 'direct', collaboratorId: c.id, urgencyLevel: 'urgent' });
  const cancelled = await ask(shop, { requestType: 'waiting' });
  expect((await shop.owner.browser.post(`/api/collaboration-requests/${cancelled.id}/cancel`, { reason: 'Risolto da solo' })).statusCode).toBe(200);
  return { tag, shop, c, accepted, direct, cancelled };
}

describe('GET /api/admin/collaboration-requests', () => {
  it('answers only admins: 401 anonymous, 403 to customers, shopkeepers and collaborators', async () => {
    const { accepted } = await scene();
    const people = await Promise.all((['customer', 'shopkeeper', 'collaborator'] as const).map((role) => loggedIn(t, role)));
    for (const url of [
      '/api/admin/collaboration-requests',
      `/api/admin/collaboration-requests/${accepted.id}`,
      '/api/admin/package-unlocks',
      `/api/admin/package-unlocks/${accepted.unlock.id}`,
    ]) {
      expect((await new Browser(t.app).get(url)).statusCode, url).toBe(401);
      for (const person of people) expect((await person.browser.get(url)).statusCode, url).toBe(403);
    }
  });

  it('lists every request with its shop, collaborator and unlock; filters by status, type and urgency; searches names without accents; sorts; Content-Range', async () => {
    const { tag, shop, c, accepted, direct, cancelled } = await scene();
    // Search by the shop's name, accents and case ignored: the three requests, newest first.
    const byShop = await list('/api/admin/collaboration-requests', { filter: { q: `drogheria ancora ${tag}` } });
    expect(byShop.rows.map((r) => r.id)).toEqual([cancelled.id, direct.id, accepted.id]);
    expect(byShop.range).toBe('collaboration-requests 0-2/3');
    expect(byShop.rows.find((r) => r.id === accepted.id)).toMatchObject({
      storeId: shop.store.id,
      storeName: `Drogheria Àncora ${tag}`,
      shopkeeperId: shop.owner.id,
      requestType: 'waiting',
      status: 'accepted',
      collaboratorId: c.id,
      collaboratorName: `Gianluca Ferrè ${tag}`,
      maxBudget: 30,
      unlockId: accepted.unlock.id,
      unlockStatus: 'unlocked_collaborator',
      freeOfCharge: false,
      purchaseDeadline: expect.any(String),
    });
    // The direct request names its collaborator before accepting; the cancelled one its reason.
    expect(byShop.rows.find((r) => r.id === direct.id)).toMatchObject({
      status: 'pending',
      collaboratorName: `Gianluca Ferrè ${tag}`,
      unlockStatus: 'locked',
      urgencyLevel: 'urgent',
    });
    expect(byShop.rows.find((r) => r.id === cancelled.id)).toMatchObject({ status: 'cancelled', cancelReason: 'Risolto da solo' });
    // By the collaborator's name.
    expect((await list('/api/admin/collaboration-requests', { filter: { q: `FERRE ${tag}` } })).rows.map((r) => r.id).sort()).toEqual([accepted.id, direct.id].sort());
    // Filters, combined with the search.
    const q = `ancora ${tag}`;
    expect((await list('/api/admin/collaboration-requests', { filter: { q, status: 'accepted' } })).rows.map((r) => r.id)).toEqual([accepted.id]);
    expect((await list('/api/admin/collaboration-requests', { filter: { q, status: ['pending', 'cancelled'] } })).rows.map((r) => r.id)).toEqual([cancelled.id, direct.id]);
    expect((await list('/api/admin/collaboration-requests', { filter: { q, requestType: 'direct' } })).rows.map((r) => r.id)).toEqual([direct.id]);
    expect((await list('/api/admin/collaboration-requests', { filter: { q, urgencyLevel: 'urgent' } })).rows.map((r) => r.id)).toEqual([direct.id]);
    // Sorted by urgency (low < normal < high < urgent), a page at a time.
    const page = await list('/api/admin/collaboration-requests', { filter: { q }, sort: ['urgencyLevel', 'DESC'], range: [0, 0] });
    expect([page.rows.map((r) => r.id), page.range]).toEqual([[direct.id], 'collaboration-requests 0-0/3']);
    // One by id; a missing one is 404 in Italian; a bad filter 400.
    expect((await admin.browser.get(`/api/admin/collaboration-requests/${direct.id}`)).json()).toMatchObject({ id: direct.id, status: 'pending' });
    const missing = await admin.browser.get(`/api/admin/collaboration-requests/${randomUUID()}`);
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Richiesta di collaborazione non trovata.']);
    const bad = await admin.browser.get(`/api/admin/collaboration-requests?filter=${encodeURIComponent(JSON.stringify({ status: 'boh' }))}`);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Stato della richiesta non valido.']);
  });

  it('shows an open request past its response deadline as expired, and filters it so, before the upkeep wrote it', async () => {
    const area = newArea();
    const shop = await openShop(t, admin.browser, { where: area });
    await approvedCollaborator(area, 'Marta Neri');
    const request = await ask(shop, { requestType: 'waiting' });
    // Moved into the past in the read model only, as time passing would leave it until the upkeep runs.
    await t.system.pool.query(`UPDATE collaboration_requests SET response_deadline = now() - interval '1 minute' WHERE id = $1`, [request.id]);
    expect((await admin.browser.get(`/api/admin/collaboration-requests/${request.id}`)).json()).toMatchObject({
      status: 'expired',
      expiredReason: 'deadline',
      closedAt: expect.any(String),
    });
    expect((await list('/api/admin/collaboration-requests', { filter: { id: [request.id], status: 'expired' } })).rows).toHaveLength(1);
    expect((await list('/api/admin/collaboration-requests', { filter: { id: [request.id], status: 'waiting' } })).rows).toHaveLength(0);
  });
});

describe('GET /api/admin/package-unlocks', () => {
  it('lists the unlocks with their state, filters and search; after the admin’s override it shows who, why and free of charge', async () => {
    const { tag, shop, c, accepted, direct } = await scene();
    const q = `drogheria ancora ${tag}`;
    const all = await list('/api/admin/package-unlocks', { filter: { q } });
    expect(all.range).toBe('package-unlocks 0-2/3');
    expect(all.rows.find((u) => u.id === accepted.unlock.id)).toMatchObject({
      requestId: accepted.id,
      storeName: `Drogheria Àncora ${tag}`,
      collaboratorId: c.id,
      collaboratorName: `Gianluca Ferrè ${tag}`,
      unlockStatus: 'unlocked_collaborator',
      unlockedBy: 'collaborator_accepted',
      requestType: 'waiting',
      requestStatus: 'accepted',
      price: 49,
      collaboratorCompensation: 39.2,
      lapsed: false,
      adminName: null,
    });
    expect((await list('/api/admin/package-unlocks', { filter: { q, unlockStatus: 'locked' } })).rows.map((u) => u.id).sort()).toEqual(
      [direct.unlock.id, all.rows.find((u) => u.requestId !== accepted.id && u.requestId !== direct.id)!.id].sort(),
    );
    // The collaborator's name finds the one naming them.
    expect((await list('/api/admin/package-unlocks', { filter: { q: `gianluca ferre ${tag}` } })).rows.map((u) => u.id)).toEqual([accepted.unlock.id]);

    const unlocked = await admin.browser.post(`/api/admin/package-unlocks/${direct.unlock.id}/unlock`, {
      reason: 'Negozio nuovo, primo aiuto offerto',
      specialConditions: 'Solo mattina',
      freeOfCharge: true,
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const record = (await admin.browser.get(`/api/admin/package-unlocks/${direct.unlock.id}`)).json();
    expect(record).toMatchObject({
      unlockStatus: 'unlocked_admin',
      unlockedBy: 'admin_override',
      adminUserId: admin.id,
      adminName: 'Prova Rossi',
      unlockReason: 'Negozio nuovo, primo aiuto offerto',
      specialConditions: 'Solo mattina',
      freeOfCharge: true,
      price: 0,
      collaboratorCompensation: 0,
      purchaseDeadline: expect.any(String),
    });
    expect((await list('/api/admin/package-unlocks', { filter: { q, freeOfCharge: true } })).rows.map((u) => u.id)).toEqual([direct.unlock.id]);
    expect((await list('/api/admin/package-unlocks', { filter: { q, unlockedBy: 'admin_override' } })).rows.map((u) => u.id)).toEqual([direct.unlock.id]);
    // The Cronologia names the admin (and the collaborator, the shopkeeper) rather than their ids.
    const history = (await admin.browser.get(`/api/admin/history/package-unlock/${direct.unlock.id}`)).json<
      { type: string; references: Record<string, { type: string; name: string }> }[]
    >();
    expect(history.find((h) => h.type === 'PackageUnlockAdminUnlocked')!.references[admin.id]).toEqual({ type: 'user', name: `Prova Rossi (${admin.username})` });
    expect(history.find((h) => h.type === 'PackageUnlockCreated')!.references[shop.owner.id]).toMatchObject({ type: 'user' });
    // The request's row shows its unlock's new state.
    expect((await admin.browser.get(`/api/admin/collaboration-requests/${direct.id}`)).json()).toMatchObject({ unlockStatus: 'unlocked_admin', freeOfCharge: true });
    // Sorted by the shop's name, then by id; a missing one is 404.
    expect((await list('/api/admin/package-unlocks', { filter: { q }, sort: ['storeName', 'ASC'] })).rows).toHaveLength(3);
    expect((await admin.browser.get(`/api/admin/package-unlocks/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('reads an unlock past its purchase deadline as lapsed, and its request as expired, before the upkeep wrote it', async () => {
    const { accepted } = await scene();
    await t.system.pool.query(`UPDATE package_unlocks SET purchase_deadline = now() - interval '1 minute' WHERE id = $1`, [accepted.unlock.id]);
    expect((await admin.browser.get(`/api/admin/package-unlocks/${accepted.unlock.id}`)).json()).toMatchObject({ lapsed: true, requestStatus: 'expired' });
    expect((await list('/api/admin/package-unlocks', { filter: { id: [accepted.unlock.id], lapsed: true } })).rows).toHaveLength(1);
    expect((await admin.browser.get(`/api/admin/collaboration-requests/${accepted.id}`)).json()).toMatchObject({ status: 'expired', expiredReason: 'not_purchased' });
  });
});
