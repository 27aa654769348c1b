import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { assignmentDecider, assignmentStreamId, directAssignmentFields, type AssignmentFields } from '../../src/modules/assignments/assignment.js';
import { ledgerOf } from '../../src/modules/credits/commands.js';
import { balanceAt } from '../../src/modules/credits/ledger.js';
import { sessionDecider, sessionStreamId } from '../../src/modules/collaboration-sessions/session.js';
import { handleCommand } from '../../src/platform/commands/handle-command.js';
import { systemContext } from '../../src/platform/domain/context.js';
import type { EventStore, Position } from '../../src/platform/eventstore/types.js';
import type { Browser, TestApp } from './app.js';
import { readModelsCaughtUp } from './caught-up.js';
import { loggedIn, openShop, places, type Person, type Shop } from './marketplace.js';
import { hangAfter } from './time-limits.js';

/* A shop and a collaborator who work together, as the tests of issues [13] and [14] need them. */

const minute = 60_000;
const hour = 60 * minute;

/** The test file newArea counts for, and its next row. */
let areas = { file: '', next: 0 };
/**
 * A place of its own for each shop of a test file (the collaborators' circles never overlap): rows
 * half a degree apart from 38.3° north, counted afresh in each file. The files of a worker share
 * this module (isolate: false), so the count starts again when the file changes instead of going on
 * past Italy's 47.5° (refused as bad input); a file has its own database, so its rows are free.
 */
export const newArea = () => {
  const file = expect.getState().testPath ?? '';
  if (file !== areas.file) areas = { file, next: 0 };
  return { latitude: 38.3 + 0.5 * areas.next++, longitude: 16.0 };
};
/** About `m` metres north of `p`. */
export const north = (p: { latitude: number; longitude: number }, m: number) => ({ latitude: p.latitude + m / 111_195, longitude: p.longitude });

/** What a collaborator registers (POST /api/collaborators): where, and what differs from Via Roma 1, a 5 km circle and deliveries. */
export type CollaboratorProfile = { latitude: number; longitude: number } & Record<string, unknown>;

/** A collaborator named `name` who registered `profile` and whom the admin approved, allowed to activate sessions unless said. */
export async function registeredAndApproved(
  t: TestApp,
  admin: Browser,
  profile: CollaboratorProfile,
  { name = 'Luca Bianchi', canActivateSessions = true }: { name?: string; canActivateSessions?: boolean } = {},
): Promise<Person> {
  const person = await loggedIn(t, 'collaborator', { name });
  const res = await person.browser.post('/api/collaborators', { address: 'Via Roma 1', radiusKm: 5, services: ['delivery'], ...profile });
  if (res.statusCode !== 201) throw new Error(`register ${res.statusCode}: ${res.body}`);
  const approved = await admin.post(`/api/admin/collaborators/${person.id}/approve`, { canActivateSessions });
  if (approved.statusCode !== 200) throw new Error(`approve ${approved.statusCode}: ${approved.body}`);
  return person;
}

/** A collaborator 500 m north of `where` who manages products, free in the afternoons, approved to activate sessions. */
export function approvedCollaborator(t: TestApp, admin: Person, where: { latitude: number; longitude: number }, name = 'Luca Bianchi'): Promise<Person> {
  return registeredAndApproved(t, admin.browser, { ...north(where, 500), services: ['product_management'], availability: 'Pomeriggi, dal lunedì al sabato' }, { name });
}

/**
 * A shopkeeper's waiting request for help with Saturday's deliveries (two hours, at most € 50), as
 * POST /api/collaboration-requests takes it; `extra` changes or adds fields.
 */
export const waitingRequest = (extra: Record<string, unknown> = {}) => ({
  requestType: 'waiting',
  message: 'Serve aiuto con le consegne del sabato',
  estimatedDuration: 120,
  maxBudget: 50,
  requiredServices: ['delivery'],
  ...extra,
});

export interface Work {
  shop: Shop;
  c: Person;
  where: { latitude: number; longitude: number };
  assignment: { id: string; status: string; [k: string]: unknown };
  session: { id: string; [k: string]: unknown };
  /** The test payment of the unlock (€ 49,00 online). */
  paymentId: string;
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
  const request = await shop.owner.browser.post('/api/collaboration-requests', waitingRequest({ message: 'Sistemare il catalogo', requiredServices: [] }));
  expect(request.statusCode, request.body).toBe(201);
  expect((await c.browser.post(`/api/collaboration-requests/${request.json().id}/accept`)).statusCode).toBe(200);
  const unlockId = request.json().unlock.id;
  const buy = await shop.owner.browser.request('POST', `/api/package-unlocks/${unlockId}/purchase`, { paymentMethod: 'sandbox' }, { 'idempotency-key': randomUUID() });
  expect(buy.statusCode, buy.body).toBe(200);
  expect((await shop.owner.browser.post(`/api/payments/sandbox/${buy.json().paymentId}/pay`)).statusCode).toBe(200);
  // The purchase process makes the assignment; no session is set for the shopkeeper (issue [19]).
  await expect.poll(async () => (await shop.owner.browser.get('/api/assignments')).json().length, { timeout: hangAfter(15_000) }).toBe(1);
  // The package's 50 AI credits reach the shop by another process (packages/purchase-process.ts).
  await expect.poll(async () => balanceAt(await ledgerOf(t.system.store, shop.owner.id), new Date()), { timeout: hangAfter(15_000) }).toBe(50);
  expect(await readModelsCaughtUp(t.system)).toBe(true);
  const [assignment] = (await shop.owner.browser.get('/api/assignments')).json();
  expect(assignment.sessions.total).toBe(0);
  // The shopkeeper programs the first session, with the package's credits.
  const start = Date.now() + startsIn;
  const scheduled = await shop.owner.browser.post('/api/collaboration-sessions', {
    assignmentId: assignment.id,
    scheduledStartAt: new Date(start).toISOString(),
    scheduledEndAt: new Date(start + 2 * hour).toISOString(),
    securityLevel: 'standard',
    aiCredits: 50,
  });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  return { shop, c, where, assignment, session: scheduled.json(), paymentId: buy.json().paymentId as string };
}

/** The collaborator activates the session at the shop (its position, for a standard session): active. */
export async function activeWork(t: TestApp, admin: Person): Promise<Work> {
  const work = await purchasedWork(t, admin);
  const on = await work.c.browser.post('/api/collaboration-sessions/activate', { code: work.session.activationCode, ...north(work.where, 40) });
  expect(on.statusCode, on.body).toBe(200);
  return { ...work, session: (await work.shop.owner.browser.get(`/api/collaboration-sessions/${work.session.id}`)).json() };
}

/** Who a session in the past is between, and what its assignment is for. */
export interface SessionParties {
  store: { id: string; name: string; address: string; latitude: number; longitude: number };
  shopkeeperId: string;
  collaborator: { id: string; name: string };
  description: string;
}

/**
 * An assignment of the shop to the collaborator (named Luca Bianchi) and one session of it in the
 * past, decided on their streams at their own times (pastSession's).
 */
export function sessionInThePast(store: EventStore, shop: Shop, c: Person, times: { start: number; completedAt: number | null }) {
  return pastSession(
    store,
    {
      store: { ...shop.store, address: 'Via di Prova 1, Roma', ...places.rome },
      shopkeeperId: shop.owner.id,
      collaborator: { id: c.id, name: 'Luca Bianchi' },
      description: 'Sistemare il catalogo',
    },
    times,
  );
}

/**
 * A direct assignment of the shop to the collaborator for `description`, as CreateAssignment takes
 * it: of medium priority, unpaid, on the catalogue, with no request, unlock, package or due date.
 */
export function directAssignment(
  assignmentId: string,
  { store: shop, shopkeeperId, collaborator: c, description }: Omit<SessionParties, 'store'> & { store: { id: string; name: string } },
): AssignmentFields {
  return directAssignmentFields(assignmentId, { store: shop, shopkeeperId, collaborator: c }, { description });
}

/**
 * An assignment of the shop to the collaborator and one session of it in the past, decided on
 * their streams at their own times (the clock moved back): the assignment made and accepted two
 * hours before `start`, the session scheduled an hour before, activated with its code a minute
 * after `start` and, when `completedAt` is given, closed with the closure code then (`position`:
 * the last event's, for waiting on the read models).
 */
export async function pastSession(
  store: EventStore,
  parties: SessionParties,
  { start, completedAt }: { start: number; completedAt: number | null },
): Promise<{ assignmentId: string; sessionId: string; position: Position | null }> {
  const assignmentId = randomUUID();
  const sessionId = randomUUID();
  const at = (ms: number) => systemContext(new Date(ms));
  const onAssignment = (command: Parameters<typeof assignmentDecider.decide>[0], when: number) =>
    handleCommand(store, assignmentStreamId(assignmentId), assignmentDecider, command, at(when));
  const onSession = (command: Parameters<typeof sessionDecider.decide>[0], when: number) => handleCommand(store, sessionStreamId(sessionId), sessionDecider, command, at(when));
  const { store: shop, shopkeeperId, collaborator: c } = parties;
  await onAssignment({ type: 'CreateAssignment', fields: directAssignment(assignmentId, parties), now: new Date(start - 2 * hour) }, start - 2 * hour);
  await onAssignment({ type: 'AcceptAssignment', collaboratorId: c.id, now: new Date(start - 2 * hour + minute) }, start - 2 * hour + minute);
  await onSession(
    {
      type: 'ScheduleSession',
      fields: {
        sessionId,
        assignmentId,
        accessId: null,
        storeId: shop.id,
        storeName: shop.name,
        storeAddress: shop.address,
        storeLatitude: shop.latitude,
        storeLongitude: shop.longitude,
        shopkeeperId,
        collaboratorId: c.id,
        collaboratorName: c.name,
        securityLevel: 'basic',
        permissions: ['products'],
        aiCredits: 0,
      },
      scheduledStartAt: new Date(start).toISOString(),
      scheduledEndAt: new Date(start + 2 * hour).toISOString(),
      activation: { key: `a-${sessionId}`, version: 1 },
      closure: { key: `c-${sessionId}`, version: 1 },
      now: new Date(start - hour),
    },
    start - hour,
  );
  const activated = await onSession(
    { type: 'ActivateSession', collaboratorId: c.id, codeKey: `a-${sessionId}`, position: null, ipAddress: null, userAgent: null, now: new Date(start + minute) },
    start + minute,
  );
  if (completedAt === null) return { assignmentId, sessionId, position: activated.position };
  const closed = await onSession({ type: 'CloseSession', collaboratorId: c.id, codeKey: `c-${sessionId}`, now: new Date(completedAt) }, completedAt);
  return { assignmentId, sessionId, position: closed.position };
}
