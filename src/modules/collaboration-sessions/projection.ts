import type pg from 'pg';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { AccessEvent } from './access.js';
import { ACTIVATION_GRACE_MS, CLOSE_GRACE_MS, READY_BEFORE_MS } from './labels.js';
import type { SessionEvent } from './session.js';

const sessionIdOf = (event: RecordedEvent) => event.streamId.slice('collaboration-session-'.length);
const accessIdOf = (event: RecordedEvent) => event.streamId.slice('store-access-'.length);

/** The session's moments from its schedule (as session.ts sessionTimes), in SQL. */
const times = `ready_at = scheduled_start_at - interval '${READY_BEFORE_MS / 1000} seconds',
  activation_deadline = scheduled_start_at + interval '${ACTIVATION_GRACE_MS / 1000} seconds',
  close_deadline = scheduled_end_at + interval '${CLOSE_GRACE_MS / 1000} seconds'`;
/** When the upkeep looks next: readiness, then the activation window's end; active: the end's grace; over: never. */
const nextDeadline = `deadline = CASE WHEN status = 'pending' THEN CASE WHEN marked_ready THEN activation_deadline ELSE ready_at END
  WHEN status = 'active' THEN close_deadline END`;

const update = (tx: pg.ClientBase, e: RecordedEvent, set: string, values: unknown[] = []) =>
  tx.query(`UPDATE collaboration_sessions SET ${set}, updated_at = $2 WHERE id = $1`, [sessionIdOf(e), e.metadata.at, ...values]);
/** Over: no deadline left for the upkeep. */
const end = (tx: pg.ClientBase, e: RecordedEvent, set: string, endedAt: string, values: unknown[] = []) =>
  update(tx, e, `${set}, actual_end_at = $3, awaiting_confirmation = false, deadline = NULL`, [endedAt, ...values]);

/** collaboration_sessions (spec §3): one row per session, with the deadlines the upkeep reads. */
export const sessionsProjection: Projection = {
  name: 'collaboration-sessions',
  title: 'Sessioni di collaborazione',
  version: 1,
  tables: ['collaboration_sessions'],
  apply: byEventType<SessionEvent>({
    SessionScheduled: async ({ data: s, metadata }, tx) => {
      await tx.query(
        `INSERT INTO collaboration_sessions (id, assignment_id, access_id, store_id, store_name, store_address, store_latitude, store_longitude,
           shopkeeper_id, collaborator_id, collaborator_name, status, security_level, permissions, scheduled_start_at, scheduled_end_at,
           ready_at, activation_deadline, close_deadline, activation_code_version, closure_code_version, ai_credits_allocated, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12, $13, $14, $15, $14, $14, $15, $16, $17, $18, $19, $19)
         ON CONFLICT (id) DO NOTHING`,
        [
          s.sessionId,
          s.assignmentId,
          s.accessId,
          s.storeId,
          s.storeName,
          s.storeAddress,
          s.storeLatitude,
          s.storeLongitude,
          s.shopkeeperId,
          s.collaboratorId,
          s.collaboratorName,
          s.securityLevel,
          s.permissions,
          s.scheduledStartAt,
          s.scheduledEndAt,
          s.activationCodeVersion,
          s.closureCodeVersion,
          s.aiCredits,
          metadata.at,
        ],
      );
      await tx.query(`UPDATE collaboration_sessions SET ${times} WHERE id = $1`, [s.sessionId]);
      await tx.query(`UPDATE collaboration_sessions SET ${nextDeadline} WHERE id = $1`, [s.sessionId]);
    },
    SessionRescheduled: async (e, tx) => {
      await update(tx, e, `scheduled_start_at = $3, scheduled_end_at = $4, marked_ready = false`, [e.data.scheduledStartAt, e.data.scheduledEndAt]);
      await tx.query(`UPDATE collaboration_sessions SET ${times} WHERE id = $1`, [sessionIdOf(e)]);
      await tx.query(`UPDATE collaboration_sessions SET ${nextDeadline} WHERE id = $1`, [sessionIdOf(e)]);
    },
    SessionReady: async (e, tx) => {
      await update(tx, e, 'marked_ready = true');
      await tx.query(`UPDATE collaboration_sessions SET ${nextDeadline} WHERE id = $1`, [sessionIdOf(e)]);
    },
    SessionCodeReissued: (e, tx) =>
      e.data.kind === 'activation'
        ? update(tx, e, 'activation_code_version = $3, activation_tries = 0, activation_burnt = false', [e.data.version])
        : update(tx, e, 'closure_code_version = $3, closure_tries = 0, closure_burnt = false', [e.data.version]),
    SessionCodeMistyped: (e, tx) => (e.data.kind === 'activation' ? update(tx, e, 'activation_tries = $3', [e.data.tries]) : update(tx, e, 'closure_tries = $3', [e.data.tries])),
    SessionCodeBurnt: (e, tx) => (e.data.kind === 'activation' ? update(tx, e, 'activation_burnt = true') : update(tx, e, 'closure_burnt = true')),
    SessionActivationRequested: (e, tx) =>
      update(tx, e, 'awaiting_confirmation = true, location_verified = $3, distance_m = $4, ip_address = $5, user_agent = $6', [
        e.data.locationVerified,
        e.data.distanceM,
        e.data.ipAddress,
        e.data.userAgent,
      ]),
    SessionActivated: (e, tx) =>
      update(
        tx,
        e,
        `status = 'active', awaiting_confirmation = false, started_at = $3, location_verified = $4, distance_m = $5, ip_address = $6, user_agent = $7,
          deadline = close_deadline, ai_credits_sent = CASE WHEN ai_credits_allocated = 0 THEN 0 ELSE ai_credits_sent END`,
        [e.data.startedAt, e.data.locationVerified, e.data.distanceM, e.data.ipAddress, e.data.userAgent],
      ),
    SessionCompleted: (e, tx) => end(tx, e, `status = 'completed'`, e.data.endedAt),
    SessionRevoked: (e, tx) =>
      end(tx, e, `status = 'revoked', manually_revoked = true, revoked_by = $4, revoked_at = $3, revoke_reason = $5`, e.data.revokedAt, [e.data.byUserId, e.data.reason]),
    SessionCancelled: (e, tx) => end(tx, e, `status = 'cancelled', cancel_reason = nullif($4, '')`, e.data.cancelledAt, [e.data.reason]),
    SessionExpired: (e, tx) => end(tx, e, `status = 'expired', expired_reason = $4`, e.data.expiredAt, [e.data.reason]),
    SessionCreditsSent: (e, tx) => update(tx, e, 'ai_credits_sent = $3', [e.data.credits]),
    SessionCreditsSettled: (e, tx) => update(tx, e, 'credits_settled = true, ai_credits_used = $3', [e.data.used]),
    SessionNetworkDataForgotten: (e, tx) => update(tx, e, 'ip_address = NULL, user_agent = NULL'),
  }),
};

/** What an event of the credits' ledger cost, when the collaborator spent AI credits for the shop. */
function creditsOf(event: RecordedEvent): number {
  if (event.type !== 'CreditsSpent' && event.type !== 'CreditsCharged') return 0;
  const credits = (event.data as { credits?: unknown }).credits;
  return typeof credits === 'number' && Number.isSafeInteger(credits) ? credits : 0;
}

/**
 * collaboration_session_actions (aiActionsLog): every event a collaborator wrote for a shop in a
 * session (its metadata's onBehalfOf), whatever its module. It reads every event (most pass by),
 * so no write waits for it: an action shows a moment after it is done.
 */
export const sessionActionsProjection: Projection = {
  name: 'collaboration-session-actions',
  title: 'Azioni svolte nelle sessioni',
  version: 1,
  tables: ['collaboration_session_actions'],
  // It reads every event: were writes to wait for it, every write of the site would.
  awaited: false,
  async apply(events, tx) {
    const acted = events.filter((e) => e.metadata.onBehalfOf);
    if (!acted.length) return;
    await tx.query(
      `INSERT INTO collaboration_session_actions (event_id, session_id, store_id, at, type, stream_id, data, ai_credits)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::text[], $6::text[], $7::jsonb[], $8::int[])
       ON CONFLICT (event_id) DO NOTHING`,
      [
        acted.map((e) => e.id),
        acted.map((e) => e.metadata.onBehalfOf!.sessionId),
        acted.map((e) => e.metadata.onBehalfOf!.storeId),
        acted.map((e) => e.metadata.at),
        acted.map((e) => e.type),
        acted.map((e) => e.streamId),
        acted.map((e) => JSON.stringify(e.data ?? null)),
        acted.map(creditsOf),
      ],
    );
  },
};

const updateAccess = (tx: pg.ClientBase, e: RecordedEvent, set: string, values: unknown[] = []) =>
  tx.query(`UPDATE store_collaborator_assignments SET ${set}, updated_at = $2 WHERE id = $1`, [accessIdOf(e), e.metadata.at, ...values]);

/** store_collaborator_assignments (spec §3): the standing accesses. */
export const storeAccessProjection: Projection = {
  name: 'store-access',
  title: 'Accessi dei collaboratori ai negozi',
  version: 1,
  tables: ['store_collaborator_assignments'],
  apply: byEventType<AccessEvent>({
    StoreAccessGranted: ({ data: a, metadata }, tx) =>
      tx.query(
        `INSERT INTO store_collaborator_assignments (id, store_id, store_name, shopkeeper_id, collaborator_id, collaborator_name, description, permissions,
           expires_at, credits_allocated, code_version, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) ON CONFLICT (id) DO NOTHING`,
        [
          a.accessId,
          a.storeId,
          a.storeName,
          a.shopkeeperId,
          a.collaboratorId,
          a.collaboratorName,
          a.description,
          a.permissions,
          a.expiresAt,
          a.creditsAllocated,
          a.codeVersion,
          metadata.at,
        ],
      ),
    StoreAccessRedeemed: (e, tx) => updateAccess(tx, e, 'code_used = true, code_used_at = $3', [e.data.redeemedAt]),
    // Burnt after five wrong tries (issue [16]): the shopkeeper's page derives the new version's code (a wrong try alone changes no row).
    StoreAccessCodeReissued: (e, tx) => updateAccess(tx, e, 'code_version = $3', [e.data.codeVersion]),
    StoreAccessEnded: (e, tx) => updateAccess(tx, e, "is_active = false, ended_at = $3, end_reason = nullif($4, '')", [e.data.endedAt, e.data.reason]),
    StoreAccessCreditsReserved: (e, tx) => updateAccess(tx, e, 'credits_reserved = credits_reserved + $3', [e.data.credits]),
    StoreAccessCreditsReleased: (e, tx) => updateAccess(tx, e, 'credits_released = credits_released + $3', [e.data.credits]),
  }),
};
