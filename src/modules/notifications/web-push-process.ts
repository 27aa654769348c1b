import type { Logger } from 'pino';
import webpush from 'web-push';
import type { Pool } from '../../platform/db/pool.js';
import { systemContext } from '../../platform/domain/context.js';
import { listenFor, oneDrainAtATime } from '../../platform/processes/wake.js';
import { unsubscribeFromPush } from './commands.js';
import type { UnsubscribeReason } from './push-subscriptions.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import { notificationChannel } from './projection.js';
import { readWebPushSettings } from './web-push-projection.js';

/** A lost wake-up is caught by the next look at the queue, this often. */
const pollMs = 30_000;
/** Push services keep a notice this long for a phone that is off (the TTL header). */
const keepForSeconds = 24 * 60 * 60;
const sendTimeoutMs = 10_000;

interface Target {
  id: string;
  title: string;
  message: string;
  link: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: string;
  open: boolean;
}

export interface WebPushSender {
  /** Sends what is queued now; resolves with the number of pushes the services accepted. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Sends the live notices queued in push_outbox (by the notifications read model) as Web Push to
 * every browser their user subscribed with a session still open, encrypted for it (RFC 8291) and
 * signed with the VAPID keys (RFC 8292), so they reach a phone whose page is closed. Woken by the
 * notifications' announcement and by a slow poll; each queued notice is claimed by one process
 * only (SKIP LOCKED). A browser the push service no longer knows (404, 410), or whose session
 * ended, is unsubscribed.
 */
export function startWebPush({ store, pool }: { store: EventStore; pool: Pool }, { logger }: { logger?: Logger } = {}): WebPushSender {
  let stopped = false;

  const unsubscribe = (userId: string, endpoint: string, reason: UnsubscribeReason) => unsubscribeFromPush({ store }, userId, endpoint, reason, systemContext());

  async function send(target: Target, vapid: { subject: string; publicKey: string; privateKey: string }): Promise<boolean> {
    const payload = JSON.stringify({ id: target.id, title: target.title, body: target.message, url: target.link ?? '/' });
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: vapid,
      TTL: keepForSeconds,
      urgency: 'normal',
    });
    const { 'Content-Length': _length, ...headers } = details.headers as Record<string, string>;
    const response = await fetch(details.endpoint, { method: details.method, headers, body: new Uint8Array(details.body), signal: AbortSignal.timeout(sendTimeoutMs) });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      await unsubscribe(target.user_id, target.endpoint, 'expired');
      return false;
    }
    if (!response.ok) logger?.warn({ status: response.status, notification: target.id }, 'notifica push rifiutata dal servizio');
    return response.ok;
  }

  async function drainOnce(): Promise<number> {
    const { rows: due } = await pool.query<{ id: string }>(
      `WITH due AS (SELECT notification_id FROM push_outbox WHERE sent_at IS NULL ORDER BY created_at LIMIT 100 FOR UPDATE SKIP LOCKED)
       UPDATE push_outbox o SET sent_at = now() FROM due WHERE o.notification_id = due.notification_id RETURNING o.notification_id AS id`,
    );
    if (!due.length) return 0;
    await pool.query("DELETE FROM push_outbox WHERE sent_at < now() - interval '1 day'");
    const settings = await readWebPushSettings(pool);
    if (!settings.isEnabled || !settings.publicKey || !settings.privateKey) return 0;
    const vapid = { subject: `mailto:${settings.contactEmail}`, publicKey: settings.publicKey, privateKey: settings.privateKey };
    const { rows: targets } = await pool.query<Target>(
      `SELECT n.id, n.title, n.message, n.link, s.endpoint, s.p256dh, s.auth, s.user_id,
              (a.id IS NOT NULL AND u.status = 'active') AS open
       FROM notifications n
       JOIN push_subscriptions s ON s.user_id = n.user_id
       JOIN users u ON u.id = s.user_id
       LEFT JOIN auth_sessions a ON a.id = s.session_id AND a.user_id = s.user_id
       WHERE n.id = ANY($1::uuid[])`,
      [due.map((d) => d.id)],
    );
    const ended = new Map(targets.filter((t) => !t.open).map((t) => [t.endpoint, t.user_id]));
    const results = await Promise.allSettled([
      ...targets.filter((t) => t.open).map((t) => send(t, vapid)),
      ...[...ended].map(([endpoint, userId]) => unsubscribe(userId, endpoint, 'session-ended').then(() => false)),
    ]);
    for (const r of results) if (r.status === 'rejected') logger?.warn({ err: r.reason }, 'notifica push non riuscita');
    return results.filter((r) => r.status === 'fulfilled' && r.value === true).length;
  }

  const { drain, running } = oneDrainAtATime(drainOnce, {
    failed: (err) => logger?.error({ err }, 'notifiche push: non è stato possibile leggere la coda'),
    stopped: () => stopped,
  });
  const listening = listenFor(pool, notificationChannel, () => void drain(), { applicationName: 'vicino-web-push', logger });
  const poll = setInterval(() => void drain(), pollMs).unref();
  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(poll);
      await listening.stop();
      await running();
    },
  };
}
