import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { comparePositions, isPosition } from '../../eventstore/position.js';
import type { Position } from '../../eventstore/types.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The latest position this request's commands settled at (request.settle); null when it wrote nothing. */
    wrote: Position | null;
    /** The latest write this browser saw answered, on any process (the `vicino_seen` cookie); null if none lately. */
    seen: Position | null;
  }
}

const cookieName = 'vicino_seen';
/** Long enough for any process to have heard of a write, even after its LISTEN connection was cut. */
const maxAgeSeconds = 300;

/**
 * Read-your-writes across processes, for what a process keeps in memory (issue [15]).
 *
 * The read models are shared, so a write answered by process A is in B's very next read of the
 * database. B's read caches (search answers, settings, the page head) are emptied when B hears
 * that their read models moved, by NOTIFY: a moment after A's answer, or later if B's connection
 * was cut. So every answer to a write carries its position in a cookie, signed with the app's key
 * (nobody makes a process wait for a position that was never written); a request that brings one
 * which this process has not heard of yet for the read models kept in caches waits for it
 * (bounded by READ_MODEL_WAIT_MS, reading the checkpoints table meanwhile), and the caches are
 * emptied before it reads them. Browsers, k6 and the tests' clients send the cookie by themselves.
 */
export function registerSeenPositions(app: FastifyInstance): void {
  const { sessionKey, config, projections } = app.deps;
  const key = createHmac('sha256', sessionKey).update('vicino: seen positions').digest();
  const sign = (position: string) => createHmac('sha256', key).update(position).digest('base64url').slice(0, 22);
  const secure = config.NODE_ENV === 'production';

  app.decorateRequest('wrote', null);
  app.decorateRequest('seen', null);

  app.addHook('onRequest', async (request) => {
    const cookie = request.cookies[cookieName];
    if (!cookie) return;
    const [position, mac] = cookie.split('.');
    if (!position || !mac || !isPosition(position)) return;
    const expected = Buffer.from(sign(position));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return;
    request.seen = position;
    const cached = projections.cachedReadModels();
    if (cached.length) await projections.waitFor(position, config.READ_MODEL_WAIT_MS, cached);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const wrote = request.wrote;
    if (wrote && (!request.seen || comparePositions(wrote, request.seen) > 0)) {
      reply.setCookie(cookieName, `${wrote}.${sign(wrote)}`, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: maxAgeSeconds });
    }
    return payload;
  });
}
