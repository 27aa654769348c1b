import { hkdfSync, randomUUID } from 'node:crypto';
import secureSession, { type Session } from '@fastify/secure-session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/pool.js';
import type { Role } from '../../domain/context.js';
import { DomainError } from '../../domain/errors.js';

declare module '@fastify/secure-session' {
  interface SessionData {
    sid: string;
    uid: string;
    ver: number;
  }
}

/** A browser that logged in before (knownDevice): its id and the accounts it logged in to, lower case. */
interface KnownDeviceData {
  device: string;
  accounts: string[];
}

/** Who is logged in, as every request knows them (read from the users' read model). */
export interface SessionUser {
  id: string;
  username: string;
  name: string;
  email: string;
  role: Role;
}

/** Where ended sessions are announced (pg_notify), so every process closes their live streams. */
export const sessionsChannel = 'vicino_sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, checked against the read model on every request; null when none. */
    user: SessionUser | null;
    knownDevice: Session<KnownDeviceData>;
  }
}

const cookieName = 'vicino_session';

/**
 * A browser that logs in to an account is known to it for half a year (every login renews it):
 * the login throttle gives it a budget of its own, so an attacker guessing from elsewhere cannot
 * lock the real user out of the browsers they use (OWASP's device cookies, ASVS v4 2.2.1). A few
 * accounts per browser, for a family's computer or a shop's till; the oldest gives way.
 */
const knownDevice = { cookieName: 'vicino_device', days: 180, accounts: 5 } as const;

/**
 * Sessions (design §4): an encrypted cookie names a server-side session row and the user's
 * session version, so logout ends one session and suspension or "logout everywhere" (which raise
 * the version) end them all at the next request, and their live streams at once. A second
 * cookie marks the browser as a known device of the accounts that logged in on it.
 */
export async function registerSessions(app: FastifyInstance): Promise<void> {
  const { sessionKey, config, pool } = app.deps;
  const secure = config.NODE_ENV === 'production';
  await app.register(secureSession, [
    {
      sessionName: 'session',
      key: sessionKey,
      cookieName,
      expiry: 30 * 24 * 60 * 60,
      cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure },
    },
    {
      sessionName: 'knownDevice',
      // A key of its own: a session cookie put in its place never reads as a device cookie.
      key: Buffer.from(hkdfSync('sha256', sessionKey, Buffer.alloc(0), 'vicino known device', 32)),
      cookieName: knownDevice.cookieName,
      expiry: knownDevice.days * 24 * 60 * 60,
      // Only the API checks passwords; strict, since no other site has a reason to send it.
      cookie: { path: '/api', httpOnly: true, sameSite: 'strict', secure, maxAge: knownDevice.days * 24 * 60 * 60 },
    },
  ]);
  app.decorateRequest('user', null);
  // Before validation, so the admin guard answers 401/403 ahead of any 400 about the input.
  app.addHook('preValidation', async (request) => {
    const sid = request.session.get('sid');
    const uid = request.session.get('uid');
    const ver = request.session.get('ver');
    if (!sid || !uid || ver === undefined) return;
    const { rows } = await pool.query<SessionUser>({
      // Named: every signed-in request asks it; each connection parses and plans it once.
      name: 'session-user',
      text: `SELECT u.id, u.username, u.name, u.email, u.role FROM auth_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = $1 AND u.id = $2 AND u.session_version = $3 AND u.status = 'active'`,
      values: [sid, uid, ver],
    });
    request.user = rows[0] ?? null;
    if (!request.user) request.session.delete();
  });
}

/**
 * Opens a session for `user` and sets the cookie. The browser proved it knows the password (or
 * chose it): from now on it is a known device of the account.
 */
export async function openSession(request: FastifyRequest, user: Pick<SessionUser, 'id' | 'username'> & { session_version: number }): Promise<void> {
  const sid = randomUUID();
  await request.server.deps.pool.query('INSERT INTO auth_sessions (id, user_id, ip, user_agent) VALUES ($1, $2, $3, $4)', [
    sid,
    user.id,
    request.ip,
    request.headers['user-agent']?.slice(0, 300) ?? null,
  ]);
  request.session.regenerate();
  request.session.set('sid', sid);
  request.session.set('uid', user.id);
  request.session.set('ver', user.session_version);
  rememberDevice(request, user.username);
}

/** What a session is made of, as a live stream keeps it to learn when it ends. */
export interface OpenSession {
  sessionId: string;
  userId: string;
  version: number;
}

/** The session of this request once the user was checked (requireUser); null when none. */
export function currentSession(request: FastifyRequest): OpenSession | null {
  const sid = request.session.get('sid');
  const uid = request.session.get('uid');
  const ver = request.session.get('ver');
  if (!request.user || !sid || !uid || ver === undefined) return null;
  return { sessionId: sid, userId: uid, version: ver };
}

/**
 * Which of `sessions` are still open, by the same rule as the check of every request: the row is
 * there, the user's session version has not moved on and the user is active.
 */
export async function stillOpen(db: Queryable, sessions: OpenSession[]): Promise<Set<string>> {
  if (!sessions.length) return new Set();
  const { rows } = await db.query<{ id: string }>(
    `SELECT s.id FROM unnest($1::uuid[], $2::uuid[], $3::int[]) AS x (sid, uid, ver)
       JOIN auth_sessions s ON s.id = x.sid JOIN users u ON u.id = s.user_id
     WHERE u.id = x.uid AND u.session_version = x.ver AND u.status = 'active'`,
    [sessions.map((s) => s.sessionId), sessions.map((s) => s.userId), sessions.map((s) => s.version)],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Deletes sessions and says so on sessionsChannel, so every process closes their live streams
 * at once (a change of session version is announced by the users projection).
 */
async function deleteSessions(db: Queryable, where: 'id' | 'user_id', value: string): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM auth_sessions WHERE ${where} = $1 RETURNING user_id)
     SELECT pg_notify($2, user_id::text) FROM (SELECT DISTINCT user_id FROM gone) g`,
    [value, sessionsChannel],
  );
}

/** Logout: ends this session (and its streams), not the user's others. */
export async function closeSession(request: FastifyRequest): Promise<void> {
  const sid = request.session.get('sid');
  if (sid) await deleteSessions(request.server.deps.pool, 'id', sid);
  request.session.delete();
}

/** Forgets every session row of the user, whose version has already moved on (logout everywhere, new password). */
export async function closeAllSessions(db: Queryable, userId: string): Promise<void> {
  await deleteSessions(db, 'user_id', userId);
}

/** Marks this browser as a known device of `username` (knownDevice), keeping its id. */
function rememberDevice(request: FastifyRequest, username: string): void {
  const account = username.toLowerCase();
  const others = (request.knownDevice.get('accounts') ?? []).filter((a) => a !== account);
  request.knownDevice.set('device', request.knownDevice.get('device') ?? randomUUID());
  request.knownDevice.set('accounts', [account, ...others].slice(0, knownDevice.accounts));
}

/** The id of this browser when it is a known device of `username`; null otherwise. */
export function knownDeviceOf(request: FastifyRequest, username: string): string | null {
  const device = request.knownDevice.get('device');
  const accounts = request.knownDevice.get('accounts');
  return device && Array.isArray(accounts) && accounts.includes(username.toLowerCase()) ? device : null;
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new DomainError('Accesso richiesto: effettua il login.', 'unauthenticated');
  return request.user;
}

export function requireRole(request: FastifyRequest, ...allowed: Role[]): SessionUser {
  const user = requireUser(request);
  if (!allowed.includes(user.role)) throw new DomainError('Non hai i permessi per questa operazione.', 'forbidden');
  return user;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only these roles may call the route: checked before the input is validated. */
    roles?: readonly Role[];
  }
}

/** Route config of what only a customer has: a cart, orders, reservations, favourites (spec §1). */
export const customerOnly = { roles: ['customer'] } as const;

/**
 * Who may call a route is checked here once, after the session is read and before the input is
 * validated, so that another role learns nothing from a 400 and no route can forget it: every
 * route under /api/admin/ is for admins, and a route's `config.roles` names its roles.
 */
export function registerRoleGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/admin/')) requireRole(request, 'admin');
    const roles = request.routeOptions.config.roles;
    if (roles) requireRole(request, ...roles);
  });
}
