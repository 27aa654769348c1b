import type pg from 'pg';
import { derivedId } from '../../platform/commands/ids.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { byEventType, inRuns, type Projection, type Recorded } from '../../platform/projections/projection.js';
import { siteUrl } from '../email/links.js';
import { enqueueEmails, type MailRequest } from '../email/queue.js';
import { notificationChannel } from './projection.js';
import type { CollaboratorEvent, CollaboratorProfile } from '../collaborators/collaborator.js';
import { requestNotices, type RequestTold } from '../collaboration-requests/notices.js';
import { unlockNotices } from '../package-unlocks/notices.js';
import type { RequestEvent as CollaborationRequestEvent } from '../collaboration-requests/request.js';
import type { UnlockEvent as PackageUnlockEvent } from '../package-unlocks/unlock.js';
import type { NotificationsEvent } from './notifications.js';
import { collaboratorNoticeSource, collaboratorRequestsPage, priorityOf, shopCollaborationsPage, type CollaboratorNotificationType, type NotificationPriority } from './labels.js';
import { collaborationNoticeTemplate, mailPriority } from './collaboration-mails.js';

const requestOf = (streamId: string): string => streamId.slice('collaboration-request-'.length);
const unlockOf = (streamId: string): string => streamId.slice('package-unlock-'.length);

/**
 * Only what happened lately is pushed live and mailed: a rebuild re-inserts every past notice and
 * must neither replay them on screens nor mail them again (the notifications' and the e-mail
 * triggers' rules).
 */
const liveForMs = 10 * 60_000;
const newsForMs = 24 * 60 * 60_000;

/** What the projection remembers of a request (collaborator_notification_requests). */
interface RequestRow {
  request_id: string;
  shopkeeper_id: string;
  store_id: string;
  store_name: string;
  request_type: string;
  urgency_level: string;
  response_deadline: string | null;
  message: string;
  estimated_duration: number;
  max_budget_cents: string;
  collaborator_id: string | null;
  collaborator_name: string | null;
}

interface Note {
  event: RecordedEvent;
  userId: string;
  request: Pick<RequestRow, 'request_id' | 'shopkeeper_id' | 'store_id' | 'store_name'>;
  collaboratorId: string | null;
  type: CollaboratorNotificationType;
  title: string;
  message: string;
  actionUrl: string;
  priority: NotificationPriority;
  expiresAt: string | null;
  /** A new_request still open to its collaborator (told if the shop cancels or it expires). */
  invitation?: boolean;
}

/** What the notices tell of a remembered request. */
const told = (r: Pick<RequestRow, 'store_name' | 'message' | 'estimated_duration' | 'max_budget_cents'>): RequestTold => ({
  storeName: r.store_name,
  message: r.message,
  estimatedDuration: r.estimated_duration,
  maxBudgetCents: Number(r.max_budget_cents),
});

/**
 * The notices of `notes`, in one statement, each with an id derived from its event, user and kind
 * (a replay adds none twice). A new one of lately is announced on the notifications' channel with
 * its source, from inside the transaction (listeners hear it at commit, when the row can be read),
 * and mailed to its recipient through the e-mail queue (unique by notice and template: never twice).
 */
async function notifyAll(tx: pg.ClientBase, notes: Note[]): Promise<void> {
  if (!notes.length) return;
  const now = Date.now();
  const rows = notes.map((n) => ({
    id: derivedId(n.event.id, n.userId, n.type),
    user_id: n.userId,
    shopkeeper_id: n.request.shopkeeper_id,
    collaborator_id: n.collaboratorId,
    store_id: n.request.store_id,
    request_id: n.request.request_id,
    notification_type: n.type,
    title: n.title,
    message: n.message,
    action_url: n.actionUrl,
    priority: n.priority,
    expires_at: n.expiresAt,
    invitation_open: n.invitation ?? false,
    created_at: n.event.metadata.at,
    live: now - Date.parse(n.event.metadata.at) < liveForMs,
    position: n.event.position,
    type: n.event.type,
  }));
  const { rows: added } = await tx.query<{ id: string; user_id: string; email: string | null; name: string | null }>(
    `WITH n AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS n (id uuid, user_id uuid, shopkeeper_id uuid, collaborator_id uuid, store_id uuid, request_id uuid,
         notification_type text, title text, message text, action_url text, priority text, expires_at timestamptz, invitation_open boolean,
         created_at timestamptz, live boolean, position text, type text)
     ), added AS (
       INSERT INTO collaborator_notifications (id, user_id, shopkeeper_id, collaborator_id, store_id, request_id, notification_type, title, message,
         action_url, priority, expires_at, invitation_open, created_at)
       SELECT id, user_id, shopkeeper_id, collaborator_id, store_id, request_id, notification_type, title, message, action_url, priority, expires_at,
         invitation_open, created_at FROM n
       ON CONFLICT (id) DO NOTHING RETURNING id
     )
     SELECT n.id, n.user_id, u.email, u.name,
       CASE WHEN n.live THEN pg_notify($2, json_build_object('userId', n.user_id, 'id', n.id, 'position', n.position, 'type', n.type, 'source', $3::text)::text) END AS told
     FROM added JOIN n USING (id) LEFT JOIN users u ON u.id = n.user_id`,
    [JSON.stringify(rows), notificationChannel, collaboratorNoticeSource],
  );
  const byId = new Map(rows.map((row, i) => [row.id, notes[i]!]));
  const mails: MailRequest[] = added.flatMap((row) => {
    const note = byId.get(row.id)!;
    const at = new Date(note.event.metadata.at);
    if (!row.email || now - at.getTime() > newsForMs) return [];
    return [
      {
        template: collaborationNoticeTemplate[note.type],
        to: { email: row.email, name: row.name },
        data: { name: row.name ?? '', title: note.title, message: note.message, storeName: note.request.store_name, actionUrl: `${siteUrl}${note.actionUrl}` },
        priority: mailPriority[note.priority],
        scheduledAt: at.getTime() < now ? at : new Date(now),
        userId: row.user_id,
        storeId: note.request.store_id,
        sourceEventId: row.id,
      },
    ];
  });
  await enqueueEmails(tx, mails);
}

async function requestRow(tx: pg.ClientBase, where: 'request_id' | 'unlock_id', id: string): Promise<RequestRow | null> {
  const { rows } = await tx.query<RequestRow>(
    `SELECT request_id, shopkeeper_id, store_id, store_name, request_type, urgency_level, response_deadline, message, estimated_duration,
       max_budget_cents, collaborator_id, collaborator_name
     FROM collaborator_notification_requests WHERE ${where} = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The latitude band of the widest coverage radius (100 km), 1 % to spare (platform/http/geo.ts boundingBox). */
const widestBandDeg = (100 / 111.2) * 1.01;

/**
 * New requests: remembered, and told to whom they concern in one statement. A direct one to the
 * collaborator asked; a waiting one to every collaborator offered to the shop at that moment
 * (approved, active, available, whose circle holds the shop, offering every required service:
 * collaborators.collaboratorsCovering's rule, on this projection's own copy of the profiles, so at
 * the request's place in the log; set-based over the run), and the shopkeeper learns
 * how many it reached. auto_match's offers come as their own events.
 */
async function requestsCreated(events: Recorded<CollaborationRequestEvent, 'CollaborationRequestCreated'>[], tx: pg.ClientBase): Promise<void> {
  const waiting = events.filter((e) => e.data.requestType === 'waiting');
  const covering = new Map<string, string[]>();
  if (waiting.length) {
    const { rows } = await tx.query<{ request_id: string; user_id: string }>(
      `SELECT r.request_id, c.user_id
       FROM jsonb_to_recordset($1::jsonb) AS r (request_id uuid, store_id uuid, shopkeeper_id uuid, services text)
       JOIN stores s ON s.id = r.store_id
       CROSS JOIN LATERAL (
         SELECT user_id FROM collaborator_notification_coverage c
         WHERE c.approval_status = 'approved' AND c.status = 'active' AND c.is_available
           AND c.latitude BETWEEN s.latitude - $2::float8 AND s.latitude + $2::float8
           AND c.longitude BETWEEN s.longitude - $2::float8 * 111.2 / (111.32 * greatest(cos(radians(s.latitude)), 0.01))
                               AND s.longitude + $2::float8 * 111.2 / (111.32 * greatest(cos(radians(s.latitude)), 0.01))
           AND distance_km(s.latitude, s.longitude, c.latitude, c.longitude) <= c.radius_km
           AND c.services @> string_to_array(r.services, ',')
           AND c.user_id <> r.shopkeeper_id
       ) c
       ORDER BY r.request_id, c.user_id`,
      [
        JSON.stringify(waiting.map(({ data: d }) => ({ request_id: d.requestId, store_id: d.storeId, shopkeeper_id: d.shopkeeperId, services: d.requiredServices.join(',') }))),
        widestBandDeg,
      ],
    );
    for (const { request_id, user_id } of rows) covering.set(request_id, [...(covering.get(request_id) ?? []), user_id]);
  }
  const notes = events.flatMap((event): Note[] => {
    const d = event.data;
    const request = { request_id: d.requestId, shopkeeper_id: d.shopkeeperId, store_id: d.storeId, store_name: d.storeName };
    const asked: RequestTold = { storeName: d.storeName, message: d.message, estimatedDuration: d.estimatedDuration, maxBudgetCents: d.maxBudgetCents };
    const common = { event, request, priority: priorityOf(d.urgencyLevel), expiresAt: d.responseDeadline };
    if (d.requestType === 'direct' && d.collaboratorId) {
      return [
        {
          ...common,
          userId: d.collaboratorId,
          collaboratorId: d.collaboratorId,
          type: 'new_request',
          invitation: true,
          ...requestNotices.askedDirectly(asked, d.responseDeadline),
          actionUrl: collaboratorRequestsPage,
        },
      ];
    }
    if (d.requestType !== 'waiting') return [];
    const reached = covering.get(d.requestId) ?? [];
    return [
      ...reached.map(
        (userId): Note => ({
          ...common,
          userId,
          collaboratorId: userId,
          type: 'new_request',
          invitation: true,
          ...requestNotices.openNearby(asked, d.responseDeadline),
          actionUrl: collaboratorRequestsPage,
        }),
      ),
      ...(reached.length
        ? [
            {
              ...common,
              userId: d.shopkeeperId,
              collaboratorId: null,
              type: 'collaborator_available' as const,
              priority: 'low' as const,
              ...requestNotices.reached(d.storeName, reached.length),
              actionUrl: shopCollaborationsPage,
            },
          ]
        : []),
    ];
  });
  await tx.query(
    `INSERT INTO collaborator_notification_requests (request_id, unlock_id, shopkeeper_id, store_id, store_name, request_type, urgency_level, response_deadline,
       message, estimated_duration, max_budget_cents)
     SELECT request_id, unlock_id, shopkeeper_id, store_id, store_name, request_type, urgency_level, response_deadline, message, estimated_duration, max_budget_cents
     FROM jsonb_to_recordset($1::jsonb) AS r (request_id uuid, unlock_id uuid, shopkeeper_id uuid, store_id uuid, store_name text, request_type text,
       urgency_level text, response_deadline timestamptz, message text, estimated_duration int, max_budget_cents bigint)
     ON CONFLICT (request_id) DO NOTHING`,
    [
      JSON.stringify(
        events.map(({ data: d }) => ({
          request_id: d.requestId,
          unlock_id: d.unlockId,
          shopkeeper_id: d.shopkeeperId,
          store_id: d.storeId,
          store_name: d.storeName,
          request_type: d.requestType,
          urgency_level: d.urgencyLevel,
          response_deadline: d.responseDeadline,
          message: d.message,
          estimated_duration: d.estimatedDuration,
          max_budget_cents: d.maxBudgetCents,
        })),
      ),
    ],
  );
  await notifyAll(tx, notes);
}

/**
 * Closes the request's open invitations (of `only` when given, else of all but `except`): they no
 * longer lead anywhere, so they show expired from `at` on. Answers whose they were.
 */
async function closeInvitations(
  tx: pg.ClientBase,
  requestId: string,
  at: string,
  { only, except, expire = true }: { only?: string; except?: string; expire?: boolean } = {},
): Promise<string[]> {
  const { rows } = await tx.query<{ user_id: string }>(
    `UPDATE collaborator_notifications
     SET invitation_open = false,
         expires_at = CASE WHEN $5 AND user_id IS DISTINCT FROM $4::uuid THEN least(coalesce(expires_at, $2::timestamptz), $2::timestamptz) ELSE expires_at END
     WHERE request_id = $1 AND invitation_open AND ($3::uuid IS NULL OR user_id = $3::uuid)
     RETURNING user_id`,
    [requestId, at, only ?? null, except ?? null, expire],
  );
  return [...new Set(rows.map((r) => r.user_id))];
}

const nameOf = async (tx: pg.ClientBase, userId: string): Promise<string | null> =>
  (await tx.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [userId])).rows[0]?.name || null;

const collaboratorOf = (streamId: string): string => streamId.slice('collaborator-'.length);

/** Where the profile fields that decide coverage live in collaborator_notification_coverage. */
const coverageColumns: Partial<Record<keyof CollaboratorProfile, string>> = {
  latitude: 'latitude',
  longitude: 'longitude',
  radiusKm: 'radius_km',
  services: 'services',
  isAvailable: 'is_available',
};

const setApproval = (status: string) => (event: RecordedEvent, tx: pg.ClientBase) =>
  tx.query('UPDATE collaborator_notification_coverage SET approval_status = $2 WHERE user_id = $1', [collaboratorOf(event.streamId), status]);

/** The collaborators' and shopkeepers' notices of collaboration requests and unlocks (spec §3 collaborator_notifications). */
export const collaboratorNotificationsProjection: Projection = {
  name: 'collaborator-notifications',
  title: 'Avvisi delle collaborazioni',
  version: 1,
  tables: ['collaborator_notifications', 'collaborator_notification_requests', 'collaborator_notification_coverage'],
  apply: byEventType<CollaborationRequestEvent | PackageUnlockEvent | NotificationsEvent | CollaboratorEvent>({
    // Who is offered to shops, as the collaborators' own events tell it.
    CollaboratorRegistered: (event, tx) => {
      const p = event.data.profile;
      return tx.query(
        `INSERT INTO collaborator_notification_coverage (user_id, latitude, longitude, radius_km, services, is_available, status, approval_status)
         VALUES ($1, $2, $3, $4, $5, $6, 'active', 'pending') ON CONFLICT (user_id) DO NOTHING`,
        [event.data.userId, p.latitude, p.longitude, p.radiusKm, p.services, p.isAvailable],
      );
    },
    CollaboratorProfileChanged: async (event, tx) => {
      const keys = (Object.keys(event.data.changes) as (keyof CollaboratorProfile)[]).filter((k) => coverageColumns[k]);
      if (!keys.length) return;
      await tx.query(`UPDATE collaborator_notification_coverage SET ${keys.map((k, i) => `${coverageColumns[k]} = $${i + 2}`).join(', ')} WHERE user_id = $1`, [
        collaboratorOf(event.streamId),
        ...keys.map((k) => event.data.changes[k]),
      ]);
    },
    CollaboratorStatusChanged: (event, tx) =>
      tx.query('UPDATE collaborator_notification_coverage SET status = $2 WHERE user_id = $1', [collaboratorOf(event.streamId), event.data.status]),
    CollaboratorResubmitted: setApproval('pending'),
    CollaboratorApproved: setApproval('approved'),
    CollaboratorReactivated: setApproval('approved'),
    CollaboratorRejected: setApproval('rejected'),
    CollaboratorSuspended: setApproval('suspended'),

    CollaborationRequestCreated: inRuns(requestsCreated),

    // auto_match: the request offered to one collaborator, for a window.
    CollaborationRequestOffered: async (event, tx) => {
      const r = await requestRow(tx, 'request_id', requestOf(event.streamId));
      if (!r) return;
      const { collaboratorId, offeredUntil } = event.data;
      await notifyAll(tx, [
        {
          event,
          request: r,
          userId: collaboratorId,
          collaboratorId,
          type: 'new_request',
          invitation: true,
          priority: priorityOf(r.urgency_level),
          expiresAt: offeredUntil,
          ...requestNotices.offered(told(r), offeredUntil),
          actionUrl: collaboratorRequestsPage,
        },
      ]);
    },

    CollaborationRequestOfferLapsed: (event, tx) => closeInvitations(tx, requestOf(event.streamId), event.metadata.at, { only: event.data.collaboratorId }),

    CollaborationRequestDeclined: async (event, tx) => {
      const requestId = requestOf(event.streamId);
      await closeInvitations(tx, requestId, event.metadata.at, { only: event.data.collaboratorId });
      const r = await requestRow(tx, 'request_id', requestId);
      // auto_match passes it on (the next offer or its expiry follows): the shop hears of the outcome.
      if (!r || r.request_type !== 'direct') return;
      const name = await nameOf(tx, event.data.collaboratorId);
      await notifyAll(tx, [
        {
          event,
          request: r,
          userId: r.shopkeeper_id,
          collaboratorId: event.data.collaboratorId,
          type: 'request_declined',
          priority: priorityOf(r.urgency_level),
          expiresAt: null,
          ...requestNotices.declined(r.store_name, name, event.data.reason),
          actionUrl: shopCollaborationsPage,
        },
      ]);
    },

    CollaborationRequestAccepted: async (event, tx) => {
      const requestId = requestOf(event.streamId);
      const { collaboratorId, collaboratorName, purchaseDeadline } = event.data;
      await tx.query('UPDATE collaborator_notification_requests SET collaborator_id = $2, collaborator_name = $3 WHERE request_id = $1', [
        requestId,
        collaboratorId,
        collaboratorName,
      ]);
      // Taken: the others' invitations end now; the winner's stays as it was.
      await closeInvitations(tx, requestId, event.metadata.at, { except: collaboratorId });
      const r = await requestRow(tx, 'request_id', requestId);
      if (!r) return;
      await notifyAll(tx, [
        {
          event,
          request: r,
          userId: r.shopkeeper_id,
          collaboratorId,
          type: 'request_accepted',
          priority: priorityOf(r.urgency_level),
          expiresAt: purchaseDeadline,
          ...requestNotices.accepted(r.store_name, collaboratorName, purchaseDeadline),
          actionUrl: shopCollaborationsPage,
        },
      ]);
    },

    CollaborationRequestExpired: async (event, tx) => {
      const requestId = requestOf(event.streamId);
      const r = await requestRow(tx, 'request_id', requestId);
      if (!r) return;
      const invited = await closeInvitations(tx, requestId, event.metadata.at);
      const common = { event, request: r, type: 'request_expired' as const, priority: priorityOf(r.urgency_level), expiresAt: null };
      if (event.data.reason === 'not_purchased') {
        const collaboratorId = event.data.collaboratorId ?? r.collaborator_id;
        await notifyAll(tx, [
          ...(collaboratorId ? [{ ...common, userId: collaboratorId, collaboratorId, ...requestNotices.notConfirmed(r.store_name), actionUrl: collaboratorRequestsPage }] : []),
          { ...common, userId: r.shopkeeper_id, collaboratorId, ...requestNotices.notPurchased(r.store_name, r.collaborator_name), actionUrl: shopCollaborationsPage },
        ]);
        return;
      }
      await notifyAll(tx, [
        ...invited.map((userId): Note => ({ ...common, userId, collaboratorId: userId, ...requestNotices.expiredInvitation(r.store_name), actionUrl: collaboratorRequestsPage })),
        {
          ...common,
          userId: r.shopkeeper_id,
          collaboratorId: null,
          ...requestNotices.expiredUntaken(r.store_name, event.data.reason === 'no_match'),
          actionUrl: shopCollaborationsPage,
        },
      ]);
    },

    CollaborationRequestCancelled: async (event, tx) => {
      const requestId = requestOf(event.streamId);
      const r = await requestRow(tx, 'request_id', requestId);
      if (!r) return;
      const invited = await closeInvitations(tx, requestId, event.metadata.at);
      await notifyAll(
        tx,
        invited.map(
          (userId): Note => ({
            event,
            request: r,
            userId,
            collaboratorId: userId,
            type: 'request_cancelled',
            priority: priorityOf(r.urgency_level),
            expiresAt: null,
            ...requestNotices.cancelled(r.store_name, event.data.reason),
            actionUrl: collaboratorRequestsPage,
          }),
        ),
      );
    },

    // The shopkeeper bought the unlock: the collaboration is confirmed on both sides.
    PackageUnlockPurchased: async (event, tx) => {
      const r = await requestRow(tx, 'unlock_id', unlockOf(event.streamId));
      if (!r) return;
      const collaboratorId = event.data.collaboratorId ?? r.collaborator_id;
      if (!collaboratorId) return;
      const common = { event, request: r, collaboratorId, type: 'session_ready' as const, priority: priorityOf(r.urgency_level), expiresAt: null };
      await notifyAll(tx, [
        { ...common, userId: collaboratorId, ...unlockNotices.toCollaborator(r.store_name), actionUrl: collaboratorRequestsPage },
        { ...common, userId: r.shopkeeper_id, ...unlockNotices.toShopkeeper(r.store_name, r.collaborator_name), actionUrl: shopCollaborationsPage },
      ]);
    },

    CollaboratorNotificationRead: (event, tx) =>
      tx.query('UPDATE collaborator_notifications SET is_read = true WHERE id = $1 AND user_id = $2', [event.data.notificationId, event.data.userId]),
    AllCollaboratorNotificationsRead: (event, tx) =>
      tx.query('UPDATE collaborator_notifications SET is_read = true WHERE user_id = $1 AND id = ANY($2::uuid[])', [event.data.userId, event.data.notificationIds]),
  }),
};
