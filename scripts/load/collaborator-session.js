// @ts-check
/*
 * The collaborator's session flow (issue [13], docs/api-collaboration-sessions.md), one whole
 * session per iteration, as the shop and the collaborator do it on their phones:
 *   shopkeeper    POST /api/collaboration-sessions             { accessId, scheduledStartAt, scheduledEndAt, securityLevel }
 *                                                                → 201, ready at once (it starts in 10 minutes):
 *                                                                  the answer carries the activation code to tell
 *   collaborator  POST /api/collaboration-sessions/activate    { code, latitude, longitude } (standard security:
 *                                                                  the position within 200 m of the shop) → 200, active
 *   shopkeeper    GET  /api/collaboration-sessions/:id          → the closure code to tell
 *   collaborator  POST /api/collaboration-sessions/:id/close   { closureCode } → 200, completed
 * Every command answers once the read models show it, as on the site. `npm run bench:sessions`
 * measures the activation alone, with 256 seeded collaborators; here the demo's one collaborator
 * works for the demo shop. Arrivals at a constant rate: RATE sessions a second (default 2) for
 * DURATION (default 1m).
 *
 *   k6 run scripts/load/collaborator-session.js
 *   k6 run -e RATE=5 -e DURATION=30s scripts/load/collaborator-session.js
 *
 * It writes: run it on a database you can throw away (a DATA_DIR of its own), not on data you keep.
 *
 * setup(), once before the arrivals, makes the demo data able to hold sessions, doing over the API
 * only what is missing (a second run finds it done):
 *  1. logs in as the demo admin, shopkeeper (`negoziante`, Bottega di Gianni) and collaborator
 *     (`collaboratore`);
 *  2. the demo collaborator has no collaborator profile: it registers one (POST /api/collaborators,
 *     500 m from the shop, covering 5 km) and the admin approves it with the right to activate
 *     sessions (POST /api/admin/collaborators/:id/approve), as tests/support/collaboration.ts does;
 *  3. sessions belong to an assignment or a standing access, and a standing access is given only to
 *     a collaborator who already worked for the shop. With no assignment yet, the shopkeeper asks
 *     for help (a waiting collaboration request), the collaborator accepts it, the shopkeeper buys
 *     the unlocked package with the built-in test payments (no real charge) and the purchase
 *     process turns it into an assignment;
 *  4. the shopkeeper grants the collaborator a standing access for 30 days (POST /api/store-access)
 *     and the collaborator redeems its code: every iteration schedules its session under it, with
 *     no further purchase.
 * Its data for the VUs: the two sessions, the access and the shop's position.
 */
import http from 'k6/http';
import { check, fail, sleep } from 'k6';
import { answer, as, bare, BASE_URL, credentials, DURATION, envNumber, login, uniqueKey } from './lib.js';

const RATE = envNumber('RATE', 2);
const minute = 60_000;

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    sessions: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: Math.max(4, RATE * 2),
      maxVUs: Math.max(20, RATE * 10),
    },
  },
  setupTimeout: '3m',
  thresholds: {
    // Less than 1% of requests answered with an error (4xx/5xx) or not at all.
    http_req_failed: ['rate<0.01'],
    // 95% of requests within 400 ms; the activation (bench:sessions' target is 30 ms on its own machine) too.
    http_req_duration: ['p(95)<400'],
    'http_req_duration{name:POST /api/collaboration-sessions/activate}': ['p(95)<400'],
    checks: ['rate>0.99'],
  },
};

/** @typedef {{ shopkeeper: string, collaborator: string, accessId: string, latitude: number, longitude: number }} Data */

/**
 * Asks until `found` returns something, for at most `seconds`.
 * @template T
 * @param {() => T | undefined} found
 * @param {number} seconds
 * @param {string} what
 * @returns {T}
 */
function waitFor(found, seconds, what) {
  for (let waited = 0; waited < seconds; waited += 0.5) {
    const value = found();
    if (value !== undefined) return value;
    sleep(0.5);
  }
  return fail(`${what}: not there after ${seconds} s`);
}

/** @returns {Data} */
export function setup() {
  // 1. The three people.
  const admin = login(credentials('ADMIN'));
  const shopkeeper = login(credentials('SHOPKEEPER'));
  const collaborator = login(credentials('COLLABORATOR'));
  const me = answer(http.get(`${BASE_URL}/api/user`, bare(collaborator, 'GET /api/user')), 200, 'the collaborator');
  const shop = answer(http.get(`${BASE_URL}/api/stores/me`, bare(shopkeeper, 'GET /api/stores/me')), 200, "the shopkeeper's shop");

  // 2. The collaborator's profile, approved with sessions allowed. A 404 here is an answer, not a failure.
  const profileRes = http.get(`${BASE_URL}/api/collaborators/user/${me.id}`, {
    ...bare(collaborator, 'GET /api/collaborators/user/:id'),
    responseCallback: http.expectedStatuses(200, 404),
  });
  let profile = profileRes.status === 404 ? null : answer(profileRes, 200, "the collaborator's profile");
  if (!profile) {
    const registration = {
      address: 'Via del Governo Vecchio 1, Roma',
      latitude: shop.latitude + 500 / 111_195,
      longitude: shop.longitude,
      radiusKm: 5,
      services: ['product_management'],
    };
    profile = answer(
      http.post(`${BASE_URL}/api/collaborators`, JSON.stringify(registration), as(collaborator, 'POST /api/collaborators')),
      201,
      "registering the collaborator's profile",
    );
  }
  if (profile.approvalStatus !== 'approved' || !profile.canActivateSessions) {
    answer(
      http.post(`${BASE_URL}/api/admin/collaborators/${me.id}/approve`, JSON.stringify({ canActivateSessions: true }), as(admin, 'POST /api/admin/collaborators/:id/approve')),
      200,
      'approving the collaborator',
    );
  }

  // 4 (if done already). A standing access of the collaborator at the shop, redeemed, with a week left at least.
  const inAWeek = Date.now() + 7 * 24 * 60 * minute;
  /** @type {{ id: string, collaboratorId: string, status: string, codeUsed: boolean, expiresAt: string }[]} */
  const accesses = answer(http.get(`${BASE_URL}/api/store-access?pageSize=200`, bare(shopkeeper, 'GET /api/store-access')), 200, "the shop's standing accesses");
  const usable = accesses.find((a) => a.collaboratorId === me.id && a.status === 'active' && a.codeUsed && Date.parse(a.expiresAt) > inAWeek);
  if (usable) return { shopkeeper, collaborator, accessId: usable.id, latitude: shop.latitude, longitude: shop.longitude };

  // 3. An assignment of the collaborator at the shop, from a request and its purchased package.
  const workedHere = () => {
    /** @type {{ collaboratorId: string, status: string }[]} */
    const assignments = answer(http.get(`${BASE_URL}/api/assignments?pageSize=100`, bare(shopkeeper, 'GET /api/assignments')), 200, "the shop's assignments");
    return assignments.find((a) => a.collaboratorId === me.id && ['accepted', 'in_progress', 'completed'].includes(a.status));
  };
  if (!workedHere()) {
    const ask = { requestType: 'waiting', message: 'Prove di carico: sistemare il catalogo', estimatedDuration: 120, maxBudget: 50, requiredServices: [] };
    const request = answer(
      http.post(`${BASE_URL}/api/collaboration-requests`, JSON.stringify(ask), as(shopkeeper, 'POST /api/collaboration-requests')),
      201,
      "the shop's collaboration request",
    );
    const accepted = answer(
      http.post(`${BASE_URL}/api/collaboration-requests/${request.id}/accept`, null, bare(collaborator, 'POST /api/collaboration-requests/:id/accept')),
      200,
      'the collaborator accepting the request',
    );
    const unlockId = accepted.unlock?.id ?? request.unlock?.id;
    if (!unlockId) fail('the accepted request names no package unlock');
    const bought = answer(
      http.post(
        `${BASE_URL}/api/package-unlocks/${unlockId}/purchase`,
        JSON.stringify({ paymentMethod: 'sandbox' }),
        as(shopkeeper, 'POST /api/package-unlocks/:id/purchase', { 'Idempotency-Key': uniqueKey('k6-unlock') }),
      ),
      200,
      'buying the package (test payments)',
    );
    // A free package is bought at once; otherwise the shopkeeper pays on the test payments' page.
    if (bought.paymentId)
      answer(
        http.post(`${BASE_URL}/api/payments/sandbox/${bought.paymentId}/pay`, null, bare(shopkeeper, 'POST /api/payments/sandbox/:id/pay')),
        200,
        'paying the package (test payments)',
      );
    waitFor(workedHere, 30, 'the assignment made by the purchase');
  }

  // 4. The standing access, granted and redeemed.
  const grant = {
    collaboratorId: me.id,
    description: 'Prove di carico (k6)',
    expiresAt: new Date(Date.now() + 30 * 24 * 60 * minute).toISOString(),
    credits: 0,
    permissions: ['products'],
  };
  const access = answer(http.post(`${BASE_URL}/api/store-access`, JSON.stringify(grant), as(shopkeeper, 'POST /api/store-access')), 201, 'granting the standing access');
  answer(
    http.post(`${BASE_URL}/api/store-access/redeem`, JSON.stringify({ code: access.accessCode }), as(collaborator, 'POST /api/store-access/redeem')),
    200,
    'redeeming the access code',
  );
  return { shopkeeper, collaborator, accessId: access.id, latitude: shop.latitude, longitude: shop.longitude };
}

/** @param {Data} data */
export default function (data) {
  // Starts in 10 minutes: ready (30 minutes before its start) at once; 30 minutes long.
  const start = Date.now() + 10 * minute;
  const when = {
    accessId: data.accessId,
    scheduledStartAt: new Date(start).toISOString(),
    scheduledEndAt: new Date(start + 30 * minute).toISOString(),
    securityLevel: 'standard',
    aiCredits: 0,
  };
  const scheduled = http.post(`${BASE_URL}/api/collaboration-sessions`, JSON.stringify(when), as(data.shopkeeper, 'POST /api/collaboration-sessions'));
  if (!check(scheduled, { 'scheduled: 201 with its activation code': (r) => r.status === 201 && !!(/** @type {any} */ (r.json()).activationCode) })) return;
  /** @type {{ id: string, activationCode: string }} */
  const session = /** @type {any} */ (scheduled.json());

  // At the shop: its position, a few metres off.
  const at = { latitude: data.latitude + 20 / 111_195, longitude: data.longitude };
  const activated = http.post(
    `${BASE_URL}/api/collaboration-sessions/activate`,
    JSON.stringify({ code: session.activationCode, ...at }),
    as(data.collaborator, 'POST /api/collaboration-sessions/activate'),
  );
  if (!check(activated, { 'activated: 200, active': (r) => r.status === 200 && /** @type {any} */ (r.json()).status === 'active' })) return;

  const read = http.get(`${BASE_URL}/api/collaboration-sessions/${session.id}`, bare(data.shopkeeper, 'GET /api/collaboration-sessions/:id'));
  if (!check(read, { 'the shop reads the closure code': (r) => r.status === 200 && !!(/** @type {any} */ (r.json()).closureCode) })) return;
  const closureCode = /** @type {any} */ (read.json()).closureCode;

  const closed = http.post(
    `${BASE_URL}/api/collaboration-sessions/${session.id}/close`,
    JSON.stringify({ closureCode }),
    as(data.collaborator, 'POST /api/collaboration-sessions/:id/close'),
  );
  check(closed, { 'closed: 200, completed': (r) => r.status === 200 && /** @type {any} */ (r.json()).status === 'completed' });
}
