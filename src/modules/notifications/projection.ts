import type pg from 'pg';
import { derivedId } from '../../platform/commands/ids.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import type { Notice, NoticeRule, Notices } from '../../platform/module.js';
import { byEventType, inRuns, type Projection } from '../../platform/projections/projection.js';
import type { NotificationsEvent } from './notifications.js';
import type { NotificationPreferencesEvent } from './preferences.js';

/** Where a committed notification is announced to open streams (src/modules/notifications/stream.ts). */
export const notificationChannel = 'vicino_notifications';

/**
 * Only what happened lately is pushed live: a rebuild re-inserts every past notification and
 * must not replay them all on users' screens.
 */
const liveForMs = 10 * 60_000;

/** The delivery type of an order, as this read model kept it when the order was placed (an order's notices tell it). */
export async function orderDeliveryType(tx: pg.ClientBase, orderId: string): Promise<string | null> {
  const { rows } = await tx.query<{ delivery_type: string }>('SELECT delivery_type FROM notification_orders WHERE order_id = $1', [orderId]);
  return rows[0]?.delivery_type ?? null;
}

interface Told {
  event: RecordedEvent;
  kind: string | null;
  notices: Notice[];
}

/**
 * The notices of a run of events, in one statement. A notification's id is the event's for its
 * first notice and derived from the event and the user for another, so a replay adds none twice.
 * Only a new one is announced, and from inside the transaction, so listeners hear of it at commit,
 * when the row can be read; the announcement names the event (its position and type), for the
 * stream to push it once the other read models show it too — unless its user turned live notices
 * of its kind off (notification_preferences). Of those announced, a user with a browser subscribed
 * to Web Push gets it queued in push_outbox (src/modules/notifications/web-push-process.ts).
 * `orders`: new orders' delivery types, kept for their later notices, in the same statement.
 */
async function notifyAll(tx: pg.ClientBase, told: Told[], orders: { order_id: string; delivery_type: string }[]): Promise<void> {
  const rows = told.flatMap(({ event, kind, notices }) =>
    notices.map(({ userId, title, message, link }, i) => ({
      id: i === 0 ? event.id : derivedId(event.id, userId),
      user_id: userId,
      title,
      message,
      link,
      at: event.metadata.at,
      live: Date.now() - Date.parse(event.metadata.at) < liveForMs,
      position: event.position,
      type: event.type,
      kind,
    })),
  );
  if (!rows.length && !orders.length) return;
  await tx.query(
    `WITH n AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS n (id uuid, user_id uuid, title text, message text, link text, at timestamptz, live boolean, position text, type text, kind text)
     ), added AS (
       INSERT INTO notifications (id, user_id, title, message, link, created_at) SELECT id, user_id, title, message, link, at FROM n
       ON CONFLICT (id) DO NOTHING RETURNING id
     ), kept AS (
       INSERT INTO notification_orders (order_id, delivery_type)
       SELECT order_id, delivery_type FROM jsonb_to_recordset($3::jsonb) AS o (order_id uuid, delivery_type text)
       ON CONFLICT DO NOTHING
     ), told AS (
       SELECT n.* FROM added JOIN n USING (id)
       WHERE n.live AND NOT EXISTS (SELECT FROM notification_preferences p WHERE p.user_id = n.user_id AND p.kind = n.kind AND NOT p.live)
     ), pushed AS (
       INSERT INTO push_outbox (notification_id, user_id)
       SELECT id, user_id FROM told t WHERE EXISTS (SELECT FROM push_subscriptions s WHERE s.user_id = t.user_id)
       ON CONFLICT DO NOTHING
     )
     SELECT pg_notify($2, json_build_object('userId', user_id, 'id', id, 'position', position, 'type', type)::text) FROM told`,
    [JSON.stringify(rows), notificationChannel, JSON.stringify(orders)],
  );
}

/** Applies one module's rule to a run of its events: their notices in one statement (with, for new orders, their delivery types). */
const toldInRuns = (rule: NoticeRule) =>
  inRuns<RecordedEvent>(async (events, tx) => {
    const told: Told[] = [];
    for (const event of events) told.push({ event, kind: rule.kind ?? null, notices: await rule.tell(event, tx) });
    const orders = events.flatMap((e) =>
      e.type === 'OrderPlaced' ? [{ order_id: (e.data as { orderId: string }).orderId, delivery_type: (e.data as { deliveryType: string }).deliveryType }] : [],
    );
    await notifyAll(tx, told, orders);
  });

/**
 * The `notifications` read model: what each user is told, in Italian, and what they have read.
 * What an event tells is its module's (`notices` in each module.ts, gathered in `notices`); this
 * read model stores, announces and pushes them.
 */
export function notificationsProjection(notices: Readonly<Notices>): Projection {
  const told = Object.fromEntries(Object.entries(notices).map(([type, rule]) => [type, toldInRuns(rule)]));
  return {
    name: 'notifications',
    title: 'Notifiche',
    version: 3,
    tables: ['notifications', 'notification_orders', 'notification_preferences'],
    apply: byEventType<NotificationsEvent | NotificationPreferencesEvent>({
      ...told,
      NotificationRead: (event, tx) => tx.query('UPDATE notifications SET read = true WHERE id = $1 AND user_id = $2', [event.data.notificationId, event.data.userId]),
      AllNotificationsRead: (event, tx) =>
        tx.query('UPDATE notifications SET read = true WHERE user_id = $1 AND id = ANY($2::uuid[])', [event.data.userId, event.data.notificationIds]),
      NotificationPreferencesChanged: (event, tx) =>
        tx.query(
          `INSERT INTO notification_preferences (user_id, kind, live, email)
           SELECT $1, kind, (c->>'live')::boolean, (c->>'email')::boolean FROM jsonb_each($2::jsonb) AS e (kind, c)
           ON CONFLICT (user_id, kind) DO UPDATE SET live = EXCLUDED.live, email = EXCLUDED.email`,
          [event.data.userId, JSON.stringify(event.data.changes)],
        ),
    }),
  };
}
