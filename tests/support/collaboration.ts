import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { readModelsCaughtUp } from './caught-up.js';
import { loggedIn, openShop, type Person, type Shop } from './marketplace.js';

/* A shop and a collaborator who work together, as the tests of issues [13] and [14] need them. */

const minute = 60_000;
const hour = 60 * minute;

let areas = 0;
/** A place of its own for each shop of a test run (the collaborators' circles never overlap). */
export const newArea = () => ({ latitude: 38.3 + 0.5 * areas++, longitude: 16.0 });
/** About `m` metres north of `p`. */
export const north = (p: { latitude: number; longitude: number }, m: number) => ({ latitude: p.latitude + m / 111_195, longitude: p.longitude });

export async function approvedCollaborator(t: TestApp, admin: Person, where: { latitude: number; longitude: number }, name = 'Luca Bianchi'): Promise<Person> {
  const person = await loggedIn(t, 'collaborator', { name });
  const res = await person.browser.post('/api/collaborators', { address: 'Via Roma 1', ...north(where, 500), radiusKm: 5, services: ['product_management'] });
  if (res.statusCode !== 201) throw new Error(`register ${res.statusCode}: ${res.body}`);
  expect((await admin.browser.post(`/api/admin/collaborators/${person.id}/approve`, { canActivateSessions: true })).statusCode).toBe(200);
  return person;
}

export interface Work {
  shop: Shop;
  c: Person;
  where: { latitude: number; longitude: number };
  assignment: { id: string; status: string; [k: string]: unknown };
  session: { id: string; [k: string]: unknown };
}

/**
 * A shop and a collaborator near it; the collaborator accepts the shop's waiting request, the
 * shopkeeper buys the unlock with the test payments: an assignment with its first session, moved
 * to start in `startsIn`.
 */
export async function purchasedWork(t: TestApp, admin: Person, startsIn = 10 * minute): Promise<Work> {
  expect((await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true })).statusCode).toBe(200);
  const where = newArea();
  const shop = await openShop(t, admin.browser, { where });
  const c = await approvedCollaborator(t, admin, where);
  const request = await shop.owner.browser.post('/api/collaboration-requests', { requestType: 'waiting', message: 'Sistemare il catalogo', estimatedDuration: 120, maxBudget: 50, requiredServices: [] });
  expect(request.statusCode, request.body).toBe(201);
  expect((await c.browser.post(`/api/collaboration-requests/${request.json().id}/accept`)).statusCode).toBe(200);
  const unlockId = request.json().unlock.id;
  const buy = await shop.owner.browser.request('POST', `/api/package-unlocks/${unlockId}/purchase`, { paymentMethod: 'sandbox' }, { 'idempotency-key': randomUUID() });
  expect(buy.statusCode, buy.body).toBe(200);
  expect((await shop.owner.browser.post(`/api/payments/sandbox/${buy.json().paymentId}/pay`)).statusCode).toBe(200);
  // The purchase process makes the assignment, then its first session.
  await expect.poll(async () => (await shop.owner.browser.get('/api/collaboration-sessions')).json().length, { timeout: 15_000 }).toBe(1);
  expect(await readModelsCaughtUp(t.system)).toBe(true);
  const [assignment] = (await shop.owner.browser.get('/api/assignments')).json();
  const [session] = (await shop.owner.browser.get(`/api/collaboration-sessions?assignmentId=${assignment.id}`)).json();
  const start = Date.now() + startsIn;
  const moved = await shop.owner.browser.request('PATCH', `/api/collaboration-sessions/${session.id}`, {
    scheduledStartAt: new Date(start).toISOString(), scheduledEndAt: new Date(start + 2 * hour).toISOString(),
  });
  expect(moved.statusCode, moved.body).toBe(200);
  return { shop, c, where, assignment, session: moved.json() };
}

/** The collaborator activates the session at the shop (its position, for a standard session): active. */
export async function activeWork(t: TestApp, admin: Person): Promise<Work> {
  const work = await purchasedWork(t, admin);
  const on = await work.c.browser.post('/api/collaboration-sessions/activate', { code: work.session.activationCode, ...north(work.where, 40) });
  expect(on.statusCode, on.body).toBe(200);
  return { ...work, session: (await work.shop.owner.browser.get(`/api/collaboration-sessions/${work.session.id}`)).json() };
}
