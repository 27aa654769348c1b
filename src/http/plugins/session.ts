import { randomUUID } from 'node:crypto';
import secureSession from '@fastify/secure-session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../domain/shared/context.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { UserRow } from '../../projections/users.js';

declare module '@fastify/secure-session' {
  interface SessionData {
    sid: string;
    uid: string;
    ver: number;
  }
}

export type SessionUser = Pick<UserRow, 'id' | 'username' | 'name' | 'email' | 'role'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, checked against the read model on every request; null when none. */
    user: SessionUser | null;
  }
}

const cookieName = 'vicino_session';

/**
 * Sessions (design §4): an encrypted cookie names a server-side session row and the user's
 * session version, so logout ends one session and suspension or "logout everywhere" (which raise
 * the version) end them all at the next request.
 */
export async function registerSessions(app: FastifyInstance): Promise<void> {
  const { sessionKey, config, pool } = app.deps;
  await app.register(secureSession, {
    key: sessionKey,
    cookieName,
    expiry: 30 * 24 * 60 * 60,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: config.NODE_ENV === 'production' },
  });
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

/** Opens a session for `user` and sets the cookie. */
export async function openSession(request: FastifyRequest, user: UserRow): Promise<void> {
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
}

export async function closeSession(request: FastifyRequest): Promise<void> {
  const sid = request.session.get('sid');
  if (sid) await request.server.deps.pool.query('DELETE FROM auth_sessions WHERE id = $1', [sid]);
  request.session.delete();
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new DomainError('Accesso richiesto: effettua il login.', 401);
  return request.user;
}

export function requireRole(request: FastifyRequest, ...allowed: Role[]): SessionUser {
  const user = requireUser(request);
  if (!allowed.includes(user.role)) throw new DomainError('Non hai i permessi per questa operazione.', 403);
  return user;
}

/**
 * Every route under /api/admin/ is for admins only, checked here once (after the session is
 * read, before the input is validated) so no admin route can forget it.
 */
export function registerAdminGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/admin/')) requireRole(request, 'admin');
  });
}
