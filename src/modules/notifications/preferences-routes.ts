import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandContext } from '../../platform/http/command-context.js';
import { requireUser } from '../../platform/http/plugins/session.js';
import { setNotificationPreferences } from './commands.js';
import { notificationsApi } from './contract.js';
import { preferencesOf } from './queries.js';

/**
 * Which notices reach the user live (the open page and Web Push) and by e-mail, per kind of the
 * user's role (docs/api-orders.md). The list of notifications keeps every notice regardless.
 */
export const notificationPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.route({
    ...notificationsApi.preferences,
    handler: async (request) => preferencesOf(db, requireUser(request)),
  });

  app.route({
    ...notificationsApi.setPreferences,
    handler: async (request) => {
      const user = requireUser(request);
      await request.settle(await setNotificationPreferences(app.deps, user, request.body.preferences, commandContext(request)));
      return preferencesOf(db, user);
    },
  });
};
