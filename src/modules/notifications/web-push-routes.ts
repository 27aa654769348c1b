import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import webpush from 'web-push';
import { maskSecret } from '../../platform/domain/secrets.js';
import { commandContext } from '../../platform/http/command-context.js';
import { serveSettingsRecord } from '../../platform/http/settings-record.js';
import { currentSession, requireUser } from '../../platform/http/plugins/session.js';
import { changeWebPushSettings, subscribeToPush, unsubscribeFromPush } from './commands.js';
import { notificationsApi, type MobileApiSettings } from './contract.js';
import { pushSubscriptionCount, webPushSettingsOf } from './queries.js';
import type { WebPushSettingsCommand } from './web-push-settings.js';

/**
 * Web Push (docs/api-settings.md): a logged-in user's browsers subscribe and unsubscribe; the
 * admin's mobile API settings hold the switch and the VAPID keys the server generates, with
 * what a phone client needs: the API's address and its documentation.
 */
export const webPushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.route({
    ...notificationsApi.pushConfig,
    handler: async () => {
      const settings = await webPushSettingsOf(db);
      const enabled = settings.isEnabled && settings.publicKey !== null;
      return { enabled, publicKey: enabled ? settings.publicKey : null };
    },
  });

  app.route({
    ...notificationsApi.subscribe,
    handler: async (request, reply) => {
      requireUser(request);
      const session = currentSession(request)!;
      const { endpoint, keys } = request.body;
      const subscription = { endpoint, p256dh: keys.p256dh, auth: keys.auth, sessionId: session.sessionId };
      await request.settle(await subscribeToPush(app.deps, session.userId, subscription, commandContext(request)));
      return reply.status(201).send({ subscribed: true });
    },
  });

  app.route({
    ...notificationsApi.unsubscribe,
    handler: async (request, reply) => {
      const user = requireUser(request);
      await request.settle(await unsubscribeFromPush(app.deps, user.id, request.body.endpoint, 'user', commandContext(request)));
      return reply.status(204).send();
    },
  });

  const current = async (request: FastifyRequest): Promise<MobileApiSettings> => {
    const [settings, subscriptions] = await Promise.all([webPushSettingsOf(db), pushSubscriptionCount(db)]);
    const origin = `${request.protocol}://${request.host}`;
    return {
      id: 'current',
      apiUrl: `${origin}/api`,
      docsUrl: `${origin}/api/docs`,
      openApiUrl: `${origin}/api/openapi.json`,
      isEnabled: settings.isEnabled,
      contactEmail: settings.contactEmail,
      publicKey: settings.publicKey,
      privateKey: maskSecret(settings.privateKey),
      privateKeySet: settings.privateKey !== null,
      subscriptions,
    };
  };

  const decide = async (request: FastifyRequest, command: WebPushSettingsCommand) => {
    await request.settle(await changeWebPushSettings(app.deps, command, commandContext(request)));
    return current(request);
  };

  serveSettingsRecord(
    app,
    { get: notificationsApi.mobileApiSettings, update: notificationsApi.updateMobileApiSettings },
    {
      read: current,
      change: (changes, context) => changeWebPushSettings(app.deps, { type: 'UpdateWebPushSettings', changes }, context),
    },
  );

  // New keys: every browser subscribed with the old public key stops receiving (its push service refuses the signature).
  app.route({
    ...notificationsApi.replaceVapidKeys,
    handler: (request) => {
      const { publicKey, privateKey } = webpush.generateVAPIDKeys();
      return decide(request, { type: 'ReplaceVapidKeys', publicKey, privateKey });
    },
  });
};
