import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandContext } from '../../platform/http/command-context.js';
import { requireUser } from '../../platform/http/plugins/session.js';
import { readAllCollaboratorNotifications, readCollaboratorNotification } from './commands.js';
import { collaboratorNotificationsApi as api } from './contract.js';
import { collaboratorNotificationOf, collaboratorNotificationPage, collaboratorUnreadCount } from './queries.js';

/** Collaborators and shopkeepers: their own collaboration notices (docs/api-collaborator-notifications.md). */
const sides = { roles: ['collaborator', 'shopkeeper'] } as const;

export const collaboratorNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.route({
    ...api.list,
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
    ...api.unreadCount,
    config: sides,
    handler: async (request) => ({ count: await collaboratorUnreadCount(db, requireUser(request).id) }),
  });

  app.route({
    ...api.read,
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
    ...api.readAll,
    config: sides,
    handler: async (request) => {
      const user = requireUser(request);
      const { count, position } = await readAllCollaboratorNotifications(app.deps, user.id, commandContext(request));
      await request.settle(position);
      return { count };
    },
  });
};
