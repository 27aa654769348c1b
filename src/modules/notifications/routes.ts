import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationsDecider, notificationsStreamId, type NotificationsCommand } from './decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { commandContext } from '../../platform/http/command-context.js';
import { answerPage, pageQuery } from '../../platform/http/paging.js';
import { NotificationStream, notificationColumns, type Notification, type StreamEnd } from './stream.js';
import { currentSession, requireUser } from '../../platform/http/plugins/session.js';
import { uuidParam } from '../../platform/http/schemas.js';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const pingEveryMs = 25_000;

/** Spec §7 and docs/api-orders.md: the user's notifications, what is unread, reading them, and a live stream. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, store } = app.deps;
  const { projections, config } = app.deps;
  const live = new NotificationStream(pool, app.log, (position, type) =>
    projections.waitFor(position, config.READ_MODEL_WAIT_MS, projections.readersOf([type])),
  );
  const open = new Set<ServerResponse>();
  // Open streams would hold the server's close forever: end them first, then the LISTEN connection.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.addHook('onClose', () => live.close());

  const send = async (userId: string, command: NotificationsCommand, request: Parameters<typeof commandContext>[0]) => {
    const { events, position } = await handleCommand(store, notificationsStreamId(userId), notificationsDecider(userId), command, commandContext(request), {
      cacheAs: 'notifications',
    });
    await request.settle(position);
    return events;
  };

  app.get('/api/notifications', { schema: { querystring: z.object(pageQuery(100, 500)) } }, async (request, reply) => {
    const user = requireUser(request);
    return answerPage<Notification>(
      pool,
      reply,
      { select: notificationColumns, from: 'notifications WHERE user_id = $1', order: 'created_at DESC, id', values: [user.id] },
      request.query,
    );
  });

  app.get('/api/notifications/unread-count', async (request) => {
    const user = requireUser(request);
    const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND NOT read', [user.id]);
    return { count: rows[0]!.count };
  });

  app.post('/api/notifications/:id/read', { schema: { params: z.object({ id: uuidParam }) } }, async (request) => {
    const user = requireUser(request);
    const find = () =>
      pool.query<Notification>(`SELECT ${notificationColumns} FROM notifications WHERE id = $1 AND user_id = $2`, [request.params.id, user.id]);
    const { rows } = await find();
    // Another user's notification answers as one that does not exist.
    if (!rows[0]) throw new DomainError('Notifica non trovata.', 'not-found');
    if (rows[0].read) return rows[0];
    await send(user.id, { type: 'ReadNotification', notificationId: request.params.id }, request);
    return (await find()).rows[0] ?? { ...rows[0], read: true };
  });

  app.post('/api/notifications/read-all', async (request) => {
    const user = requireUser(request);
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM notifications WHERE user_id = $1 AND NOT read', [user.id]);
    if (!rows.length) return { count: 0 };
    const events = await send(user.id, { type: 'ReadAllNotifications', notificationIds: rows.map((r) => r.id) }, request);
    return { count: events.reduce((n, e) => n + (e.type === 'AllNotificationsRead' ? e.data.notificationIds.length : 0), 0) };
  });

  app.get('/api/notifications/stream', async (request, reply) => {
    requireUser(request);
    const session = currentSession(request)!;
    const res = reply.raw;
    // Until the headers are out, what comes is kept (a notification) or answered as an error (an end).
    let streaming = false;
    const early: string[] = [];
    let endedEarly: StreamEnd | null = null;
    const write = (chunk: string): void => {
      if (!streaming) early.push(chunk);
      else if (!res.writableEnded) res.write(chunk);
    };
    let unsubscribe: () => void;
    try {
      unsubscribe = await live.subscribe(session, {
        notify: (n) => write(`event: notification\nid: ${n.id}\ndata: ${JSON.stringify(n)}\n\n`),
        // The page reads why and does not reconnect blindly (web/src/api/notifications.ts).
        end: (why) => {
          if (!streaming) endedEarly = why;
          else {
            write(`event: end\ndata: ${why}\n\n`);
            res.end();
          }
        },
      });
    } catch (error) {
      request.log.warn({ err: error }, 'notification stream unavailable');
      throw new DomainError('Le notifiche in tempo reale non sono disponibili ora: riprova tra poco.', 'unavailable');
    }
    if (endedEarly === 'session') throw new DomainError('Accesso richiesto: effettua il login.', 'unauthenticated');
    if (endedEarly === 'replaced') throw new DomainError('Hai aperto le notifiche in troppe schede: chiudine qualcuna.', 'too-many');
    // The stream is written by hand: no hook after this point may buffer or compress it.
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    streaming = true;
    write('retry: 3000\n: connesso\n\n');
    for (const chunk of early.splice(0)) write(chunk);
    open.add(res);
    const ping = setInterval(() => write(': ping\n\n'), pingEveryMs);
    const cleanup = (): void => {
      clearInterval(ping);
      unsubscribe();
      open.delete(res);
    };
    // The response closes when the client goes away (or the app or the session ends it).
    res.on('close', cleanup);
  });
};
