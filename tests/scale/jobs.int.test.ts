import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../src/modules/index.js';
import { aiCallDecider, aiCallStreamId } from '../../src/modules/ai/ai-call.js';
import { productDecider, productStreamId } from '../../src/modules/catalog/products.js';
import { changeCredits } from '../../src/modules/credits/commands.js';
import { creditsExpireAt } from '../../src/modules/credits/ledger.js';
import { adminMove } from '../../src/modules/complaints/commands.js';
import { orderHoldId } from '../../src/modules/orders/holds.js';
import { addDays, romeDate } from '../../src/modules/reservations/reservation.js';
import { handleCommand } from '../../src/platform/commands/handle-command.js';
import { derivedId } from '../../src/platform/commands/ids.js';
import { systemContext } from '../../src/platform/domain/context.js';
import { startSystem, type System } from '../../src/system.js';
import { useTestApp } from '../support/app.js';
import { readModelsCaughtUp } from '../support/caught-up.js';
import { activeWork, approvedCollaborator, newArea, north, purchasedWork, sessionInThePast, waitingRequest, type Work } from '../support/collaboration.js';
import { checkout, givePlan, loggedIn, openShop, orderForPickup, pickupSoon, places, useLoggedIn, withCart, type Person, type Shop } from '../support/marketplace.js';
import { hangAfter } from '../support/time-limits.js';

/*
 * Issue [15]: every process runs the upkeep's jobs (each minute and at start), each under a lease
 * that may overlap for a moment. Three systems on one database run every job at the same moment,
 * twice over, with the clock moved past every deadline: each step is decided on its aggregate's
 * stream, so it is written once, whichever process got there first, and a third round adds nothing.
 */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const others: System[] = [];
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

beforeAll(async () => {
  for (let i = 0; i < 2; i++) others.push(await startSystem({ DATABASE_URL: t.db.url, DATA_DIR: '/nonexistent' }, { secret: randomBytes(32) }));
}, hangAfter(120_000));

afterAll(async () => {
  await Promise.all(others.map((s) => s.stop()));
});

const caughtUp = async () => expect(await readModelsCaughtUp(t.system)).toBe(true);

/**
 * What each job must write when its due work is there: event types, each at least once (so no test
 * passes by doing nothing). Only steps due at the moved clock: an answered AI call left unsettled and
 * an approved compensation left unpaid are due at once, so the systems' own upkeep (on the real
 * clock, each minute) may take them first; those are counted on their whole streams below.
 */
const writes: Record<string, string[]> = {
  'ai call sweep': ['AiCallFailed', 'CreditsReleased', 'AiCallSettled'],
  'collaboration request upkeep': ['CollaborationRequestExpired', 'PackageUnlockLapsed'],
  'collaboration session upkeep': ['SessionExpired', 'TransferTakenBack', 'TransferGivenBack', 'SessionCreditsSettled'],
  'complaints upkeep': ['CaseRespondentLate'],
  'credits expiry': ['CreditsExpired'],
  'earnings: month close': ['StatementIssued'],
  'earnings: test payouts': ['PaymentAccountPayoutPaid'],
  'order hold safety net': ['ProductStockReleased'],
  'package expiry': ['PackageExpired', 'StorePlanEnded'],
  'reservation expiry': ['ReservationCancelled'],
  'review publication': ['ReviewsPublished'],
  'privacy: erasures': ['UserErased', 'ErasureCarriedOut'],
  'privacy: retention': ['SessionNetworkDataForgotten'],
  'task upkeep': ['TaskExpired', 'OrderDeliveryUnassigned'],
};

/**
 * The jobs that write nothing to the log, and why: their steps are checked by their own module's
 * tests. The Google places upkeep keeps Google's details of the linked shops in a table of their
 * own, never in the log (Google's terms allow keeping them 30 days at most); with no Places key
 * here it asks Google nothing.
 */
const writesOutsideTheLog = ['google places upkeep'];

// ── Due work for each job, made as the modules' own tests make it ─────────────────────────────

/** Takings: an order paid with the test payments to the shop's test account: paid out days on, in the month's statement once it is over. */
async function paidOnline(shop: Shop): Promise<void> {
  const customer = await withCart(t, [[shop.productIds[0]!, 1]]);
  const placed = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'sandbox' });
  expect(placed.statusCode, placed.body).toBe(201);
  const paymentId = new URL(placed.json().orders[0].paymentUrl, 'http://x').pathname.split('/').pop()!;
  expect((await customer.browser.post(`/api/payments/sandbox/${paymentId}/pay`)).statusCode).toBe(200);
}

/** Credits: a shopkeeper with a lot of 10 (an adjustment), bought now: expired 12 months on. */
async function creditsLot(): Promise<Person> {
  const owner = await loggedIn(t, 'shopkeeper');
  await changeCredits(
    t.system.store,
    owner.id,
    { type: 'AddCredits', lotId: randomUUID(), credits: 10, expiresAt: creditsExpireAt(new Date()), source: { kind: 'adjustment', reason: 'Prova' } },
    systemContext(),
  );
  return owner;
}

/**
 * AI: a call a crash left open, as callAiFunction writes it (started, its credit held), then the
 * process died while asking the model; or, `answered`, died after the answer before settling.
 */
async function abandonedAiCall(answered: boolean): Promise<{ owner: Person; callId: string; answered: boolean }> {
  const owner = await creditsLot();
  const callId = randomUUID();
  const ctx = systemContext();
  const onCall = (command: Parameters<typeof aiCallDecider.decide>[0]) => handleCommand(t.system.store, aiCallStreamId(callId), aiCallDecider, command, ctx);
  await onCall({
    type: 'StartAiCall',
    callId,
    userId: owner.id,
    functionName: 'product-description',
    inputHash: 'x',
    credits: 1,
    deadline: new Date(Date.now() + 10 * minute).toISOString(),
  });
  await changeCredits(
    t.system.store,
    owner.id,
    {
      type: 'HoldCredits',
      holdId: callId,
      credits: 1,
      usage: { action: 'product-description', description: 'AI: descrizione del prodotto «Pane»', relatedEntity: null },
      now: new Date(),
    },
    ctx,
  );
  if (answered) await onCall({ type: 'AnswerAiCall', result: { text: 'Pane fresco.' } });
  return { owner, callId, answered };
}

/** Orders: units a checkout held before it stopped short of its order (the hold alone, under the order id it derives). */
async function strandedHolds(shop: Shop, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const orderId = derivedId('order', randomUUID(), randomUUID(), shop.store.id);
    await handleCommand(t.system.store, productStreamId(shop.productIds[0]!), productDecider, { type: 'HoldStock', holdId: orderHoldId(orderId), quantity: 1 }, systemContext());
  }
}

/** Reservations: a customer reserves 1 unit for tomorrow, the shop confirms it (the unit held). */
async function confirmedReservation(shop: Shop): Promise<string> {
  const customer = await loggedIn(t, 'customer');
  const made = await customer.browser.post('/api/reservations', {
    productId: shop.productIds[0],
    quantity: 1,
    reservationDate: addDays(romeDate(new Date()), 1),
    customerName: 'Giulia Bianchi',
    customerPhone: '+39 333 1234567',
    customerEmail: `${customer.username}@esempio.it`,
  });
  expect(made.statusCode, made.body).toBe(201);
  expect((await shop.owner.browser.post(`/api/reservations/${made.json().id}/confirm`)).statusCode).toBe(200);
  return made.json().id;
}

/** A collaborator near `where` offering these services, approved. */
async function collaboratorFor(where: { latitude: number; longitude: number }, services: string[], metres = 1000): Promise<Person> {
  const person = await loggedIn(t, 'collaborator', { name: 'Giulia Verdi' });
  const res = await person.browser.post('/api/collaborators', { address: 'Via Roma 1', ...north(where, metres), radiusKm: 5, services });
  expect(res.statusCode, res.body).toBe(201);
  expect((await admin.browser.post(`/api/admin/collaborators/${person.id}/approve`, { canActivateSessions: true })).statusCode).toBe(200);
  return person;
}

/** Tasks: a shipping shop's accepted order handed for delivery within the hour, taken by nobody. */
async function handedTask(shop: Shop, to: { latitude: number; longitude: number }): Promise<string> {
  const customer = await withCart(t, [[shop.productIds[0]!, 1]]);
  const placed = await checkout(customer, [
    { storeId: shop.store.id, deliveryType: 'shipping', deliveryAddress: 'Via dei Mille 12, Potenza', deliveryLatitude: to.latitude, deliveryLongitude: to.longitude },
  ]);
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().orders[0];
  expect((await shop.owner.browser.post(`/api/orders/${order.id}/accept`)).statusCode).toBe(200);
  const task = await shop.owner.browser.post('/api/tasks', { type: 'delivery', orderId: order.id, deadline: new Date(Date.now() + hour).toISOString(), compensation: 6.5 });
  expect(task.statusCode, task.body).toBe(201);
  return task.json().id;
}

/** Complaints: a customer's dispute on a completed pickup order; an admin asks the shop, which never answers (3 days). */
async function askedDispute(shop: Shop): Promise<string> {
  const customer = await loggedIn(t, 'customer');
  const order = await orderForPickup(customer.browser, shop.store.id, [[shop.productIds[0]!, 1]]);
  const { pickupCode } = (await customer.browser.get(`/api/orders/${order.id}`)).json();
  for (const move of ['accept', 'ready']) expect((await shop.owner.browser.post(`/api/orders/${order.id}/${move}`)).statusCode).toBe(200);
  expect((await shop.owner.browser.post(`/api/orders/${order.id}/complete`, { pickupCode })).statusCode).toBe(200);
  const opened = await customer.browser.post('/api/disputes', { orderId: order.id, reason: 'damaged', description: 'La torta è arrivata schiacciata.', urgency: 'normal' });
  expect(opened.statusCode, opened.body).toBe(201);
  const id = opened.json().id;
  expect((await admin.browser.post(`/api/admin/complaints/${id}/take`)).statusCode).toBe(200);
  expect((await admin.browser.post(`/api/admin/complaints/${id}/ask`, { question: 'Come era imballata la torta?' })).statusCode).toBe(200);
  return id;
}

/**
 * Complaints: the shopkeeper's complaint on an active session, resolved with credits for the shop;
 * the admin's approval written and the payout then cut short (a crash), left to the upkeep.
 */
async function approvedCompensation(work: Work): Promise<string> {
  const filed = await work.shop.owner.browser.post('/api/complaints', {
    sessionId: work.session.id,
    complaintType: 'quality_issue',
    title: 'Prezzi sbagliati',
    description: 'Metà dei prezzi inseriti durante la sessione sono errati.',
    severity: 'high',
    urgency: 'high',
    witnessContacts: [],
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const id = filed.json().id;
  expect((await admin.browser.post(`/api/admin/complaints/${id}/take`)).statusCode).toBe(200);
  const resolved = await admin.browser.post(`/api/admin/complaints/${id}/resolve`, {
    adminResponse: 'Listino sbagliato.',
    resolutionAction: 'Indennizzo in crediti al negozio.',
    compensation: { method: 'credits', credits: 20 },
  });
  expect(resolved.statusCode, resolved.body).toBe(200);
  await adminMove(
    {
      ...t.system,
      payments: {
        providers: async () => {
          throw new Error('no provider here');
        },
      },
    },
    id,
    { type: 'ApproveCompensation', adminId: admin.id, now: new Date() },
    systemContext(),
  );
  return id;
}

/**
 * Reviews: a session of the shop's assignment that just happened (decided on the streams at
 * their own times, as the reviews' tests do), reviewed by the shopkeeper alone: blind for 14 days.
 */
async function blindReview(shop: Shop, c: Person, comment: string): Promise<string> {
  // Closed a minute ago, begun half an hour before: no deadline of the session has passed (the
  // systems' own workers, on the real clock, leave it alone).
  const completedAt = Date.now() - minute;
  const start = completedAt - 30 * minute;
  const { sessionId } = await sessionInThePast(t.system.store, shop, c, { start, completedAt });
  await caughtUp();
  const review = await shop.owner.browser.post(`/api/reviews/sessions/${sessionId}`, { overallRating: 4, comment });
  expect(review.statusCode, review.body).toBe(201);
  return sessionId;
}

/** Collaboration requests: a shop with two collaborators near; a waiting request, a direct one, an auto_match offer, and one accepted but never bought. */
async function openRequests(): Promise<string[]> {
  const where = newArea();
  const shop = await openShop(t, admin.browser, { where });
  const services = ['delivery', 'shop_assistance'];
  const [first, second] = [await collaboratorFor(where, services, 1000), await collaboratorFor(where, services, 2000)];
  const ask = async (extra: Record<string, unknown>) => {
    const res = await shop.owner.browser.post('/api/collaboration-requests', waitingRequest(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>();
  };
  const waiting = await ask({});
  const direct = await ask({ requestType: 'direct', collaboratorId: second.id });
  const offered = await ask({ requestType: 'auto_match', urgencyLevel: 'urgent' });
  const accepted = await ask({});
  expect((await first.browser.post(`/api/collaboration-requests/${accepted.id}/accept`)).statusCode).toBe(200);
  return [waiting.id, direct.id, offered.id, accepted.id];
}

/** A logger that keeps what the jobs warn of (an item that failed is only logged). */
function listening(): { logger: Logger; said: string[] } {
  const said: string[] = [];
  const note = (level: string) => (obj: unknown, msg?: string) =>
    said.push(`${level}: ${msg ?? ''} ${obj instanceof Error ? obj.message : JSON.stringify(obj, (_, v) => (v instanceof Error ? v.message : v))}`);
  const logger = { info: () => undefined, debug: () => undefined, trace: () => undefined, warn: note('warn'), error: note('error'), fatal: note('fatal') } as unknown as Logger;
  return { logger, said };
}

describe('the upkeep in three processes at once', () => {
  it(
    'does each job’s every step once: every job run by three systems at the same moment, twice over, a quarter of an hour on, then past every deadline, then again',
    async () => {
      const sandbox = await admin.browser.request('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true });
      expect(sandbox.statusCode, sandbox.body).toBe(200);

      // Shops: one shipping (its plan also ends), one for the pickups.
      const taskArea = newArea();
      const shipping = await openShop(t, admin.browser, {
        where: taskArea,
        products: [{ name: 'Focaccia', price: 4.5, stockQuantity: 50 }],
        store: { pickupOnly: false, shippingEnabled: true, shippingRadius: 10, shippingCost: 3 },
      });
      // Two shops that take a plan and switch shipping on with it (as the packages' expiry test does).
      const planned = await Promise.all(
        [1, 2].map(async () => {
          const shop = await openShop(t, admin.browser);
          await givePlan(t, shop.owner.id);
          const on = await shop.owner.browser.request('PATCH', '/api/stores/me', { pickupOnly: false, shippingEnabled: true, shippingRadius: 10 });
          expect(on.statusCode, on.body).toBe(200);
          return shop;
        }),
      );
      const pickup = await openShop(t, admin.browser, { products: [{ name: 'Torta', price: 12, stockQuantity: 50 }] });
      const reviewed = await openShop(t, admin.browser);
      // A shop paid online, to its test account: paid out, and its month's statement issued when the month is over.
      const selling = await openShop(t, admin.browser, {
        products: [{ name: 'Pane', price: 3.5, stockQuantity: 50 }],
        store: { onlinePaymentsEnabled: true, stripePaymentsEnabled: true },
      });
      await caughtUp();
      await paidOnline(selling);
      await paidOnline(selling);
      const reviewer = await approvedCollaborator(t, admin, places.rome, 'Luca Bianchi');
      await collaboratorFor(taskArea, ['delivery']);

      const [owners, calls, , reservations, tasks, disputes, reviews, requests, works] = await Promise.all([
        Promise.all([1, 2, 3].map(() => creditsLot())),
        Promise.all([false, false, true].map((answered) => abandonedAiCall(answered))),
        strandedHolds(pickup, 3),
        (async () => [await confirmedReservation(pickup), await confirmedReservation(pickup), await confirmedReservation(pickup)])(),
        (async () => [await handedTask(shipping, north(taskArea, 2000)), await handedTask(shipping, north(taskArea, 2000)), await handedTask(shipping, north(taskArea, 2000))])(),
        (async () => [await askedDispute(pickup), await askedDispute(pickup), await askedDispute(pickup)])(),
        (async () => [await blindReview(reviewed, reviewer, 'Preciso'), await blindReview(reviewed, reviewer, 'Puntuale'), await blindReview(reviewed, reviewer, 'Gentile')])(),
        openRequests(),
        // Sessions: two active (their AI credits sent to the collaborator), one ready and never activated.
        (async () => [await activeWork(t, admin), await activeWork(t, admin), await purchasedWork(t, admin)])(),
      ]);
      const compensations = [await approvedCompensation(works[0]!), await approvedCompensation(works[1]!)];
      // Privacy: a customer who asked for their data to be erased.
      const leaving = await loggedIn(t, 'customer');
      expect((await leaving.browser.post('/api/user/privacy/erasure', { password: 'password1', confirm: true })).statusCode).toBe(202);
      // Retention: a work session that ended, where it was opened from forgotten a year later.
      const ended = await activeWork(t, admin);
      expect((await ended.shop.owner.browser.post(`/api/collaboration-sessions/${ended.session.id}/revoke`, { reason: 'Fine lavoro' })).statusCode).toBe(200);
      await caughtUp();

      const systems = [t.system, ...others];
      const { logger, said } = listening();
      /** Every job in the three systems at the same moment, twice over, the clock at `now`. */
      const runAll = (now: Date) => Promise.all([...systems, ...systems].flatMap((s) => catalog.jobs.map((job) => job.run(s, now, logger))));
      const last = async () => (await t.db.pool.query<{ p: string }>('SELECT coalesce(max(global_position), 0)::text AS p FROM es_events')).rows[0]!.p;
      const alike = async (from: string) =>
        // Personal data sealed with a fresh IV each time: events alike but for their ciphertexts ($pd) are alike.
        (
          await t.db.pool.query(
            "SELECT stream_id, type, data::jsonb - '$pd' AS data, count(*)::int AS n FROM es_events WHERE global_position > $1 GROUP BY stream_id, type, data::jsonb - '$pd' HAVING count(*) > 1",
            [from],
          )
        ).rows;

      // A quarter of an hour on: the auto_match offer's window passed, it goes to the next match once;
      // the stranded holds' grace passed, each given back once.
      const first = await last();
      await runAll(new Date(Date.now() + 16 * minute));
      expect(said).toEqual([]);
      expect(await alike(first)).toEqual([]);
      const { rows: early } = await t.db.pool.query<{ stream_id: string; type: string }>('SELECT stream_id, type FROM es_events WHERE global_position > $1', [first]);
      const offered = `collaboration-request-${requests[2]}`;
      expect(['CollaborationRequestOfferLapsed', 'CollaborationRequestOffered'].map((type) => early.filter((e) => e.stream_id === offered && e.type === type).length)).toEqual([
        1, 1,
      ]);
      expect(early.filter((e) => e.stream_id === productStreamId(pickup.productIds[0]!) && e.type === 'ProductStockReleased')).toHaveLength(3);
      await caughtUp();

      // Past every deadline: the credits' 12 months, the plans' 30 days, the reviews' 14 days, the others' hours.
      const after = new Date(Date.now() + 400 * day);
      const before = await last();
      await runAll(after);
      expect(said).toEqual([]);
      await caughtUp();

      const { rows: written } = await t.db.pool.query<{ stream_id: string; type: string; data: unknown; event_id: string }>(
        'SELECT stream_id, type, data, event_id FROM es_events WHERE global_position > $1 ORDER BY global_position',
        [before],
      );
      // (a) No step twice: no two events alike (same stream, type and data).
      expect(await alike(before)).toEqual([]);
      // (b) Each job did its work (in either round).
      const types = new Set([...early, ...written].map((e) => e.type));
      for (const [job, kinds] of Object.entries(writes)) for (const kind of kinds) expect(types.has(kind), `${job}: ${kind}`).toBe(true);
      expect([...Object.keys(writes), ...writesOutsideTheLog].sort()).toEqual(catalog.jobs.map((j) => j.name).sort());
      const count = (stream: string, type: string) => written.filter((e) => e.stream_id === stream && e.type === type).length;
      // And once each, item by item.
      for (const o of owners) expect(count(`credits-${o.id}`, 'CreditsExpired'), o.id).toBe(1);
      expect(count(`collaboration-session-${ended.session.id}`, 'SessionNetworkDataForgotten')).toBe(1);
      for (const type of ['UserErased', 'ErasureCarriedOut'])
        expect([...early, ...written].filter((e) => e.stream_id === (type === 'UserErased' ? `user-${leaving.id}` : `erasure-${leaving.id}`) && e.type === type)).toHaveLength(1);
      // The selling shop: one payout of its two sales, one statement of their month.
      expect(count(`payment-account-store-${selling.store.id}`, 'PaymentAccountPayoutPaid')).toBe(1);
      const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(new Date());
      expect(count(`earnings-statement-${selling.store.id}-${month}`, 'StatementIssued')).toBe(1);
      for (const id of reservations) expect(count(`reservation-${id}`, 'ReservationCancelled')).toBe(1);
      for (const id of tasks) expect(count(`task-${id}`, 'TaskExpired')).toBe(1);
      for (const id of disputes) expect(count(`complaint-${id}`, 'CaseRespondentLate')).toBe(1);
      const ever = async (stream: string, type: string) => (await t.system.store.readStream(stream)).filter((e) => e.type === type).length;
      for (const id of compensations) expect(await ever(`complaint-${id}`, 'CaseCompensationPaid')).toBe(1);
      for (const w of works.slice(0, 2))
        expect(
          (await t.system.store.readStream(`credits-${w.shop.owner.id}`)).filter(
            (e) => e.type === 'CreditsAdded' && (e.data as { source: { kind: string } }).source.kind === 'adjustment',
          ),
        ).toHaveLength(1);
      for (const id of reviews) expect(count(`review-${id}`, 'ReviewsPublished')).toBe(1);
      for (const w of works) expect(count(`collaboration-session-${w.session.id}`, 'SessionExpired')).toBe(1);
      for (const id of requests) expect(count(`collaboration-request-${id}`, 'CollaborationRequestExpired')).toBe(1);
      expect(written.filter((e) => e.stream_id === productStreamId(pickup.productIds[0]!) && e.type === 'ProductStockReleased')).toHaveLength(3); // the reservations' units
      for (const { owner, callId, answered } of calls) {
        expect([await ever(aiCallStreamId(callId), 'AiCallFailed'), await ever(aiCallStreamId(callId), 'AiCallSettled')]).toEqual([answered ? 0 : 1, 1]);
        expect([await ever(`credits-${owner.id}`, 'CreditsReleased'), await ever(`credits-${owner.id}`, 'CreditsCharged')]).toEqual(answered ? [0, 1] : [1, 0]);
      }
      expect(written.filter((e) => e.type === 'PackageUnlockLapsed')).toHaveLength(1);
      for (const shop of planned) expect(count(`store-${shop.store.id}`, 'StorePlanEnded')).toBe(1);

      // (c) Each one told once per step: the notifications and e-mails of the events written, none twice.
      const ids = written.map((e) => e.event_id);
      const { rows: told } = await t.db.pool.query<{ user_id: string; title: string; n: number }>(
        'SELECT user_id, title, message, link, count(*)::int AS n FROM notifications WHERE created_at >= $1 GROUP BY user_id, title, message, link',
        [new Date(after.getTime() - day)],
      );
      expect(told.length).toBeGreaterThan(0);
      expect(told.filter((r) => r.n > 1)).toEqual([]);
      const { rows: mails } = await t.db.pool.query<{ n: number }>(
        'SELECT to_email, subject, text_content, count(*)::int AS n FROM email_queue WHERE source_event_id = ANY ($1::uuid[]) GROUP BY to_email, subject, text_content',
        [ids],
      );
      expect(mails.length).toBeGreaterThan(0);
      expect(mails.filter((r) => r.n > 1)).toEqual([]);
      // By name: each owner told once that their credits expired, each customer once that their reservation did.
      const { rows: expiredCredits } = await t.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM notifications WHERE user_id = ANY ($1::uuid[]) AND title = 'Crediti AI scaduti' GROUP BY user_id`,
        [owners.map((o) => o.id)],
      );
      expect(expiredCredits.map((r) => r.n)).toEqual(owners.map(() => 1));
      expect(told.filter((r) => r.title === 'Prenotazione scaduta').map((r) => r.n)).toEqual(reservations.map(() => 1));

      // (d) A third round, as a minute later: only what the first rounds' own steps made due, once.
      // The sessions' upkeep took the shops' unused credits back from the collaborators, lots already
      // past their end, after the credits' expiry had looked at those ledgers: they expire now, once.
      // The erasure carried out rebuilt the read models holding personal data: once they took their
      // place, it completes (now, if not in the second round). A fourth round: nothing.
      await expect
        .poll(async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM projection_checkpoints WHERE rebuild_position IS NOT NULL')).rows[0].n, {
          timeout: hangAfter(60_000),
        })
        .toBe(0);
      const settled = await last();
      await runAll(after);
      expect(said).toEqual([]);
      const { rows: third } = await t.db.pool.query<{ stream_id: string; type: string }>('SELECT stream_id, type FROM es_events WHERE global_position > $1', [settled]);
      const takenBack = new Set(written.filter((e) => e.type === 'TransferTakenBack').map((e) => e.stream_id));
      const dueNow = (e: { stream_id: string; type: string }) =>
        (e.type === 'CreditsExpired' && takenBack.has(e.stream_id)) || (e.type === 'ErasureCompleted' && e.stream_id === `erasure-${leaving.id}`);
      expect(third.filter((e) => !dueNow(e))).toEqual([]);
      // Complete once, in the second round (its read models rebuilt by then) or in this one.
      expect([...written, ...third].filter((e) => e.type === 'ErasureCompleted' && e.stream_id === `erasure-${leaving.id}`)).toHaveLength(1);
      await caughtUp();
      const quiet = await last();
      await runAll(after);
      expect(said).toEqual([]);
      expect((await t.db.pool.query('SELECT stream_id, type FROM es_events WHERE global_position > $1', [quiet])).rows).toEqual([]);
      // And over every round, no step twice.
      expect(await alike(first)).toEqual([]);
    },
    hangAfter(120_000),
  );
});
