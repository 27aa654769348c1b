// @ts-check
/*
 * What the three k6 scenarios share: where the app is, how long and how fast to run, and how to
 * act as one of the demo accounts. k6 runs these files as they are (plain ES modules); the JSDoc
 * types come from @types/k6 and are checked by `npm run typecheck:load` (scripts/load/tsconfig.json).
 */
import http from 'k6/http';
import { fail } from 'k6';

/** The app under test: `npm start` listens on 127.0.0.1:3000; the cluster profile's proxy on 8080. */
export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');

/** The session cookie of @fastify/secure-session (src/platform/http/plugins/session.ts). */
const SESSION_COOKIE = 'vicino_session';

/**
 * A number from the environment (`k6 run -e RATE=20 …`), or `fallback`.
 * @param {string} name
 * @param {number} fallback
 * @returns {number}
 */
export function envNumber(name, fallback) {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) fail(`${name} must be a positive number, not "${raw}"`);
  return value;
}

/** How long each scenario runs: 1 minute unless DURATION says otherwise (a k6 duration: 30s, 2m…). */
export const DURATION = __ENV.DURATION || '1m';

/**
 * A demo account's credentials: the README's, unless `<PREFIX>_USERNAME` / `<PREFIX>_PASSWORD`
 * name others (e.g. CUSTOMER_USERNAME for a database seeded differently).
 * @param {'CUSTOMER' | 'SHOPKEEPER' | 'COLLABORATOR' | 'ADMIN'} prefix
 * @returns {{ username: string, password: string }}
 */
export function credentials(prefix) {
  const demo = {
    CUSTOMER: ['cliente', 'vicino-cliente'],
    SHOPKEEPER: ['negoziante', 'vicino-negozio'],
    COLLABORATOR: ['collaboratore', 'vicino-collabora'],
    ADMIN: ['admin', 'vicino-admin'],
  }[prefix];
  return { username: __ENV[`${prefix}_USERNAME`] || demo[0], password: __ENV[`${prefix}_PASSWORD`] || demo[1] };
}

/**
 * The JSON of an answer, or the iteration fails with what the app said.
 * @param {import('k6/http').RefinedResponse<any>} res
 * @param {number} status the status expected
 * @param {string} what what was asked, for the message
 * @returns {any}
 */
export function answer(res, status, what) {
  if (res.status !== status) fail(`${what}: expected ${status}, got ${res.status} ${String(res.body).slice(0, 300)}`);
  return res.body ? res.json() : null;
}

/**
 * Request parameters of a logged-in user sending a JSON body: the session cookie given explicitly
 * (`replace`), so one VU can act as several users and the VU's own cookie jar never mixes them up.
 * @param {string} session the session cookie's value (from `login`)
 * @param {string} name the request's name in the results (ids in URLs grouped under one name)
 * @param {Record<string, string>} [headers]
 * @returns {import('k6/http').Params}
 */
export function as(session, name, headers = {}) {
  return bare(session, name, { 'Content-Type': 'application/json', ...headers });
}

/**
 * The same for a request without a body (GET, DELETE, a POST with nothing to say): no
 * Content-Type, since the app refuses an empty body declared as JSON.
 * @param {string} session
 * @param {string} name
 * @param {Record<string, string>} [headers]
 * @returns {import('k6/http').Params}
 */
export function bare(session, name, headers = {}) {
  return { headers, cookies: { [SESSION_COOKIE]: { value: session, replace: true } }, tags: { name } };
}

/**
 * Logs in (POST /api/login) and returns the session cookie's value, to be handed from setup() to
 * the VUs. Each login uses a cookie jar of its own, so nothing lingers in the VU's jar.
 * @param {{ username: string, password: string }} who
 * @returns {string}
 */
export function login(who) {
  const res = http.post(`${BASE_URL}/api/login`, JSON.stringify(who), {
    headers: { 'Content-Type': 'application/json' },
    jar: new http.CookieJar(),
    tags: { name: 'POST /api/login' },
  });
  return sessionOf(res, `login as ${who.username}`, 200);
}

/**
 * The session cookie a login or a registration set.
 * @param {import('k6/http').RefinedResponse<any>} res
 * @param {string} what
 * @param {number} status
 * @returns {string}
 */
export function sessionOf(res, what, status) {
  answer(res, status, what);
  const cookie = res.cookies[SESSION_COOKIE]?.[0]?.value;
  if (!cookie) fail(`${what}: the answer set no ${SESSION_COOKIE} cookie`);
  return cookie;
}

/**
 * A key unique to this run, VU and iteration (for Idempotency-Key and usernames).
 * @param {string} prefix
 * @returns {string}
 */
export function uniqueKey(prefix) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
