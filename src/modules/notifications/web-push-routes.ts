import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import webpush from 'web-push';
import { z } from 'zod';
import { DomainError } from '../../platform/domain/errors.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { maskSecret } from '../../platform/domain/secrets.js';
import { webPushSettingsDecider, webPushSettingsStreamId, type WebPushSettingsCommand } from './web-push-settings.js';
import { pushSubscriptionsDecider, pushSubscriptionsStreamId, type PushSubscriptionsCommand } from './push-subscriptions.js';
import { readWebPushSettings } from './web-push-projection.js';
import { commandContext } from '../../platform/http/command-context.js';
import { currentSession, requireUser } from '../../platform/http/plugins/session.js';
import { emailField } from '../../platform/http/schemas.js';

/** A browser's push service address: https only, since the server posts to it. */
const endpoint = z
  .string({ error: 'Indirizzo del servizio push mancante.' })
  .max(2000, 'Indirizzo del servizio push troppo lungo.')
  .refine((text) => URL.canParse(text) && new URL(text).protocol === 'https:', 'Indirizzo del servizio push non valido: serve un indirizzo https.');
/** A key in base64url, `bytes` long once decoded (RFC 8291: a P-256 public key, a 16-byte secret). */
const base64url = (bytes: number, name: string) =>
  z.string({ error: `${name} mancante.` }).refine((text) => /^[A-Za-z0-9_-]+=*$/.test(text) && Buffer.from(text, 'base64url').length === bytes, `${name} non valida.`);

const subscribeBody = z.object({
  endpoint,
  keys: z.object({ p256dh: base64url(65, 'Chiave p256dh'), auth: base64url(16, 'Chiave auth') }),
});
const unsubscribeBody = z.object({ endpoint: z.string().max(2000) });
const settingsBody = z.object({ isEnabled: z.boolean().optional(), contactEmail: z.union([emailField, z.literal('')]).optional() });

/**
 * Web Push (docs/api-settings.md): a logged-in user's browsers subscribe and unsubscribe; the
 * admin's mobile API settings hold the switch and the VAPID keys the server generates, with
 * what a phone client needs: the API's address and its documentation.
 */
export const webPushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, store } = app.deps;

  const subscriptions = (request: Parameters<typeof requireUser>[0], userId: string, command: PushSubscriptionsCommand) =>
    handleCommand(store, pushSubscriptionsStreamId(userId), pushSubscriptionsDecider(userId), command, commandContext(request));

  app.get('/api/push/config', async () => {
    const settings = await readWebPushSettings(pool);
    const enabled = settings.isEnabled && settings.publicKey !== null;
    return { enabled, publicKey: enabled ? settings.publicKey : null };
  });

  app.post('/api/push/subscriptions', { schema: { body: subscribeBody } }, async (request, reply) => {
    requireUser(request);
    const session = currentSession(request)!;
    const settings = await readWebPushSettings(pool);
    if (!settings.isEnabled) throw new DomainError('Le notifiche push non sono attive su questo sito.', 'conflict');
    const { endpoint: url, keys } = request.body;
    const { position } = await subscriptions(request, session.userId, {
      type: 'SubscribeToPush',
      subscription: { endpoint: url, p256dh: keys.p256dh, auth: keys.auth, sessionId: session.sessionId },
    });
    await request.settle(position);
    return reply.status(201).send({ subscribed: true });
  });

  app.delete('/api/push/subscriptions', { schema: { body: unsubscribeBody } }, async (request, reply) => {
    const user = requireUser(request);
    const { position } = await subscriptions(request, user.id, { type: 'UnsubscribeFromPush', endpoint: request.body.endpoint, reason: 'user' });
    await request.settle(position);
    return reply.status(204).send();
  });

  const current = async (request: Parameters<typeof requireUser>[0]) => {
    const settings = await readWebPushSettings(pool);
    const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM push_subscriptions');
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
      subscriptions: rows[0]!.count,
    };
  };

  const decide = async (request: Parameters<typeof requireUser>[0], command: WebPushSettingsCommand) => {
    const { position } = await handleCommand(store, webPushSettingsStreamId, webPushSettingsDecider, command, commandContext(request));
    await request.settle(position);
    return current(request);
  };

  app.get('/api/admin/mobile-api-settings/current', (request) => current(request));

  app.put('/api/admin/mobile-api-settings/current', { schema: { body: settingsBody } }, (request) =>
    decide(request, { type: 'UpdateWebPushSettings', changes: request.body }));

  // New keys: every browser subscribed with the old public key stops receiving (its push service refuses the signature).
  app.post('/api/admin/mobile-api-settings/current/vapid-keys', (request) => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    return decide(request, { type: 'ReplaceVapidKeys', publicKey, privateKey });
  });
};
