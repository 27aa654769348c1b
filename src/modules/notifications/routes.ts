import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { commandContext } from '../../platform/http/command-context.js';
import { currentSession, requireUser } from '../../platform/http/plugins/session.js';
import { answerPage } from '../../platform/http/read-paging.js';
import { readAllCollaboratorNotifications, readAllNotifications, readCollaboratorNotification, readNotification } from './commands.js';
import { collaboratorNotificationsApi, notificationsApi } from './contract.js';
import { collaboratorNotificationOf, collaboratorNotificationPage, collaboratorUnreadCount, notificationOf, notificationPage, unreadCount } from './queries.js';
import { NotificationStream, type StreamEnd } from './stream.js';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const pingEveryMs = 25_000;

/** Spec §7 and docs/api-orders.md: the user's notifications, what is unread, reading them, and a live stream. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, db, projections, config } = app.deps;
  const live = new NotificationStream(pool, db, app.log, (position, type) => projections.waitForCommit(position, type, config.READ_MODEL_WAIT_MS));
  const open = new Set<ServerResponse>();
  // Open streams would hold the server's close forever: end them first, then the LISTEN connection.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.addHook('onClose', () => live.close());

  app.route({
    ...notificationsApi.list,
    handler: async (request, reply) => {
      const user = requireUser(request);
      return answerPage(reply, await notificationPage(db, user.id, request.query));
    },
  });

  app.route({
    ...notificationsApi.unreadCount,
    handler: async (request) => ({ count: await unreadCount(db, requireUser(request).id) }),
  });

  app.route({
    ...notificationsApi.read,
    handler: async (request) => {
      const user = requireUser(request);
      const { notification, position } = await readNotification(app.deps, user.id, request.params.id, commandContext(request));
      if (notification.read) return notification;
      await request.settle(position);
      return (await notificationOf(db, user.id, request.params.id)) ?? { ...notification, read: true };
    },
  });

  app.route({
    ...notificationsApi.readAll,
    handler: async (request) => {
      const user = requireUser(request);
      const { count, position } = await readAllNotifications(app.deps, user.id, commandContext(request));
      await request.settle(position);
      return { count };
    },
  });

  app.route({
    ...notificationsApi.stream,
    handler: async (request, reply) => {
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
        request.log.warn({ err: error }, 'flusso delle notifiche non disponibile');
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
    },
  });
};

/** Collaborators and shopkeepers: their own collaboration notices (docs/api-collaborator-notifications.md). */
const sides = { roles: ['collaborator', 'shopkeeper'] } as const;

export const collaboratorNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.route({
    ...collaboratorNotificationsApi.list,
    config: sides,
    handler: async (request, reply) => {
      const user = requireUser(request);
      const [{ rows, total }, unread] = await Promise.all([collaboratorNotificationPage(db, user.id, request.query), collaboratorUnreadCount(db, user.id)]);
      reply.header('X-Total-Count', String(total));
      reply.header('X-Unread-Count', String(unread));
      return rows;
    },
  });

  app.route({
    ...collaboratorNotificationsApi.unreadCount,
    config: sides,
    handler: async (request) => ({ count: await collaboratorUnreadCount(db, requireUser(request).id) }),
  });

  app.route({
    ...collaboratorNotificationsApi.read,
    config: sides,
    handler: async (request) => {
      const user = requireUser(request);
      const { notification, position } = await readCollaboratorNotification(app.deps, user.id, request.params.id, commandContext(request));
      if (notification.isRead) return notification;
      await request.settle(position);
      return (await collaboratorNotificationOf(db, user.id, request.params.id)) ?? { ...notification, isRead: true };
    },
  });

  app.route({
    ...collaboratorNotificationsApi.readAll,
    config: sides,
    handler: async (request) => {
      const user = requireUser(request);
      const { count, position } = await readAllCollaboratorNotifications(app.deps, user.id, commandContext(request));
      await request.settle(position);
      return { count };
    },
  });
};
