import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { readPage } from '../../platform/db/read-page.js';
import type { Paging } from '../../platform/http/paging.js';
import { DomainError } from '../../platform/domain/errors.js';
import { anyOf, folded, type ListResource } from '../../platform/http/admin-rest.js';
import { formatCode, securityLevels, sessionStatuses, type SessionStatus } from './labels.js';
import { deriveCode } from './codes.js';
import type { Reader } from './commands.js';
import { accessNotFound } from './access.js';
import { collaborationSession, storeAccess, type CollaborationSession, type SessionAction, type StoreAccess } from './contract.js';
import { sessionNotFound } from './session.js';

type Now = ReturnType<typeof sql.fragment>;

/** The status as read at `now` (statusAt in SQL): ready and expired come from the times before the upkeep writes them. */
const statusAt = (now: Now) => sql.fragment`(CASE WHEN s.status = 'pending' AND s.activation_deadline <= ${now} THEN 'expired'
  WHEN s.status = 'pending' AND s.ready_at <= ${now} THEN 'ready'
  WHEN s.status = 'active' AND s.close_deadline <= ${now} THEN 'expired' ELSE s.status END)`;
/** Credits used so far: settled at the end, else what the actions of the session spent. */
const creditsUsed = sql.fragment`(CASE WHEN s.credits_settled THEN s.ai_credits_used
  ELSE coalesce((SELECT sum(a.ai_credits) FROM collaboration_session_actions a WHERE a.session_id = s.id), 0) END)::int`;
const actionsCount = sql.fragment`(SELECT count(*) FROM collaboration_session_actions a WHERE a.session_id = s.id)::int`;

/** The record's columns under the contract's names; codes and the collaborator's device are added or hidden per reader. */
const columns = (now: Now) => sql.fragment`s.id, s.assignment_id AS "assignmentId", s.access_id AS "accessId", s.store_id AS "storeId", s.store_name AS "storeName",
  s.store_address AS "storeAddress", s.store_latitude AS "storeLatitude", s.store_longitude AS "storeLongitude", s.shopkeeper_id AS "shopkeeperId",
  s.collaborator_id AS "collaboratorId", s.collaborator_name AS "collaboratorName", ${statusAt(now)} AS status, s.security_level AS "securityLevel",
  s.permissions, s.scheduled_start_at AS "scheduledStartAt", s.scheduled_end_at AS "scheduledEndAt", s.ready_at AS "readyAt",
  s.activation_deadline AS "activationDeadline", s.close_deadline AS "closeDeadline", s.started_at AS "startedAt", s.actual_end_at AS "actualEndAt",
  (s.awaiting_confirmation AND ${statusAt(now)} = 'ready') AS "awaitingConfirmation", s.location_verified AS "locationVerified",
  s.ip_address AS "ipAddress", s.user_agent AS "userAgent", s.manually_revoked AS "manuallyRevoked", s.revoked_by AS "revokedBy",
  s.revoked_at AS "revokedAt", s.revoke_reason AS "revokeReason", s.cancel_reason AS "cancelReason",
  CASE WHEN s.status = 'pending' AND s.activation_deadline <= ${now} THEN 'not_activated' WHEN s.status = 'active' AND s.close_deadline <= ${now} THEN 'not_closed'
    ELSE s.expired_reason END AS "expiredReason",
  s.ai_credits_allocated AS "aiCreditsAllocated", ${creditsUsed} AS "aiCreditsUsed", NULL::text AS "activationCode", NULL::text AS "closureCode",
  s.activation_burnt AS "activationCodeBurnt", s.closure_burnt AS "closureCodeBurnt", ${actionsCount} AS "actionsCount",
  s.created_at AS "createdAt", s.updated_at AS "updatedAt"`;

/** A session as read, with the versions its codes are derived from. */
const sessionRow = collaborationSession.extend({ activation_version: z.number(), closure_version: z.number() });
type Row = z.infer<typeof sessionRow>;

/** The session as `reader` may see it: the codes to give for its shopkeeper, the device for the shopkeeper and admins. */
function answerOf(row: Row, reader: Reader, secret: Buffer): CollaborationSession {
  const { activation_version, closure_version, ...r } = row;
  const shopkeeper = reader.id === r.shopkeeperId;
  const collaborator = reader.role !== 'admin' && !shopkeeper;
  return {
    ...r,
    ipAddress: collaborator ? null : r.ipAddress,
    userAgent: collaborator ? null : r.userAgent,
    activationCode:
      shopkeeper && r.status === 'ready' && !r.awaitingConfirmation && !r.activationCodeBurnt ? formatCode(deriveCode(secret, r.id, 'activation', activation_version)) : null,
    closureCode: shopkeeper && r.status === 'active' && !r.closureCodeBurnt ? formatCode(deriveCode(secret, r.id, 'closure', closure_version)) : null,
  };
}

const order = (now: Now) => sql.fragment`array_position(ARRAY['active', 'ready', 'pending'], ${statusAt(now)}) NULLS LAST,
  CASE WHEN s.status IN ('pending', 'active') THEN s.scheduled_start_at END ASC, s.scheduled_start_at DESC, s.id`;

/** `now` as a parameter of a read. */
const at = (now: Date): Now => sql.fragment`${now.toISOString()}::timestamptz`;
/** What the admin's list reads its statuses at. */
const serverNow = sql.fragment`now()`;
const rowColumns = (now: Now) => sql.fragment`${columns(now)}, s.activation_code_version AS activation_version, s.closure_code_version AS closure_version`;
const allOf = (conditions: Now[]) => (conditions.length ? sql.join(conditions, sql.fragment` AND `) : sql.fragment`true`);

/** A page of the sessions `reader` may see (the shop's, mine, or all for an admin): active first, then the next ones, then the past. */
export async function sessionsFor(
  db: ReadDb,
  secret: Buffer,
  reader: Reader,
  now: Date,
  filter: { statuses?: SessionStatus[]; assignmentId?: string; activeOnly?: boolean },
  paging: Paging,
): Promise<{ rows: CollaborationSession[]; total: number }> {
  const where: Now[] = [];
  if (reader.role === 'shopkeeper') where.push(sql.fragment`s.shopkeeper_id = ${reader.id}`);
  else if (reader.role === 'collaborator') where.push(sql.fragment`s.collaborator_id = ${reader.id}`);
  else if (reader.role !== 'admin') return { rows: [], total: 0 };
  if (filter.assignmentId) where.push(sql.fragment`s.assignment_id = ${filter.assignmentId}`);
  if (filter.activeOnly) where.push(sql.fragment`s.status = 'active'`);
  if (filter.statuses?.length) where.push(sql.fragment`${statusAt(at(now))} = ANY (${sql.array(filter.statuses, 'text')})`);
  const { rows, total } = await readPage(
    db,
    { row: sessionRow, select: rowColumns(at(now)), from: sql.fragment`collaboration_sessions s WHERE ${allOf(where)}`, order: order(at(now)) },
    paging,
  );
  return { rows: rows.map((row) => answerOf(row, reader, secret)), total };
}

export async function sessionAnswer(db: ReadDb, secret: Buffer, reader: Reader, id: string, now: Date): Promise<CollaborationSession> {
  if (reader.role !== 'admin' && reader.role !== 'shopkeeper' && reader.role !== 'collaborator') throw new DomainError(sessionNotFound, 'not-found');
  const party =
    reader.role === 'shopkeeper'
      ? sql.fragment` AND s.shopkeeper_id = ${reader.id}`
      : reader.role === 'collaborator'
        ? sql.fragment` AND s.collaborator_id = ${reader.id}`
        : sql.fragment``;
  const row = await db.maybeOne(sql.type(sessionRow)`SELECT ${rowColumns(at(now))} FROM collaboration_sessions s WHERE s.id = ${id}${party}`);
  if (!row) throw new DomainError(sessionNotFound, 'not-found');
  return answerOf(row, reader, secret);
}

/** The collaborator's active session, acting for a shop now. */
export async function currentSession(db: ReadDb, secret: Buffer, collaboratorId: string, now: Date): Promise<CollaborationSession | null> {
  const found = await sessionsFor(db, secret, { id: collaboratorId, role: 'collaborator' }, now, { activeOnly: true }, { page: 1, pageSize: 5 });
  return found.rows.find((s) => s.status === 'active') ?? null;
}

const actionRow = z.object({ eventId: column.uuid, type: z.string(), at: column.time, streamId: z.string(), data: z.unknown(), aiCredits: z.number() });

/** The session's actions (aiActionsLog) as stored: the route names them in Italian. */
export async function sessionActions(db: ReadDb, sessionId: string): Promise<z.infer<typeof actionRow>[]> {
  return [
    ...(await db.any(sql.type(actionRow)`
      SELECT event_id AS "eventId", type, at, stream_id AS "streamId", data, ai_credits AS "aiCredits"
      FROM collaboration_session_actions WHERE session_id = ${sessionId} ORDER BY at, event_id LIMIT 1000`)),
  ];
}

/** What an action touched, from its stream's name (`product-<id>` → product). */
export function subjectOf(streamId: string): SessionAction['subject'] {
  const match = /^([a-z-]+?)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(streamId);
  return match ? { type: match[1]!, id: match[2]! } : null;
}

/** The admin's list of every session, live ones first. */
export const sessionsResource: ListResource = {
  name: 'collaboration-sessions',
  from: 'collaboration_sessions s',
  select: columns(serverNow).sql,
  id: 's.id',
  sortable: {
    id: 's.id',
    scheduledStartAt: 's.scheduled_start_at',
    startedAt: 's.started_at',
    createdAt: 's.created_at',
    updatedAt: 's.updated_at',
    status: `array_position(ARRAY['active', 'ready', 'pending', 'completed', 'expired', 'revoked', 'cancelled'], ${statusAt(serverNow).sql})`,
    storeName: 'lower(s.store_name)',
    collaboratorName: 'lower(s.collaborator_name)',
  },
  defaultOrder: order(serverNow).sql,
  filters: {
    status: { ...anyOf(sessionStatuses, 'Stato della sessione', 's.status'), where: (p) => `${statusAt(serverNow).sql} = ANY (${p}::text[])` },
    securityLevel: anyOf(securityLevels, 'Livello di sicurezza', 's.security_level'),
  },
  searchText: folded(`s.store_name || ' ' || s.collaborator_name`),
  notFound: sessionNotFound,
};

/** A standing access as stored, with its code's version. */
const accessRow = storeAccess.omit({ status: true, accessCode: true, creditsUsed: true }).extend({
  codeVersion: z.number(),
  isActive: z.boolean(),
  creditsReserved: z.number(),
  creditsReleased: z.number(),
});

/** A page of the standing accesses `reader` may see, newest first; the code for the shopkeeper until it is redeemed. */
export async function accessesFor(db: ReadDb, secret: Buffer, reader: Reader, now: Date, paging: Paging, id?: string): Promise<{ rows: StoreAccess[]; total: number }> {
  const where: Now[] = [];
  if (reader.role === 'shopkeeper') where.push(sql.fragment`shopkeeper_id = ${reader.id}`);
  else if (reader.role === 'collaborator') where.push(sql.fragment`collaborator_id = ${reader.id}`);
  else if (reader.role !== 'admin') return { rows: [], total: 0 };
  if (id) where.push(sql.fragment`id = ${id}`);
  const { rows, total } = await readPage(
    db,
    {
      row: accessRow,
      select: sql.fragment`id, store_id AS "storeId", store_name AS "storeName", shopkeeper_id AS "shopkeeperId", collaborator_id AS "collaboratorId",
       collaborator_name AS "collaboratorName", description, code_version AS "codeVersion", is_active AS "isActive", code_used AS "codeUsed", code_used_at AS "codeUsedAt",
       expires_at AS "expiresAt", permissions, credits_allocated AS "creditsAllocated", credits_reserved AS "creditsReserved",
       credits_released AS "creditsReleased", ended_at AS "endedAt", end_reason AS "endReason", created_at AS "createdAt"`,
      from: sql.fragment`store_collaborator_assignments WHERE ${allOf(where)}`,
      order: sql.fragment`created_at DESC, id`,
    },
    paging,
  );
  const answers = rows.map(({ codeVersion, isActive, creditsReserved, creditsReleased, ...r }): StoreAccess => {
    const status = !isActive ? 'ended' : Date.parse(r.expiresAt) <= now.getTime() ? 'expired' : r.codeUsed ? 'active' : 'issued';
    return {
      ...r,
      status,
      accessCode: reader.id === r.shopkeeperId && status === 'issued' ? formatCode(deriveCode(secret, r.id, 'access', codeVersion)) : null,
      creditsUsed: Math.max(0, creditsReserved - creditsReleased),
    };
  });
  return { rows: answers, total };
}

export async function accessAnswer(db: ReadDb, secret: Buffer, reader: Reader, id: string, now: Date): Promise<StoreAccess> {
  const [found] = (await accessesFor(db, secret, reader, now, { page: 1, pageSize: 1 }, id)).rows;
  if (!found) throw new DomainError(accessNotFound, 'not-found');
  return found;
}

const openRow = z.object({ id: column.uuid, status: z.string() });
const idRow = z.object({ id: column.uuid });
const found = z.object({ found: z.boolean() });

/** The open sessions (pending or active, as stored) of an assignment or a standing access. */
export async function openSessionsOf(db: ReadDb, of: 'assignment_id' | 'access_id', id: string): Promise<{ id: string; status: string }[]> {
  return [...(await db.any(sql.type(openRow)`SELECT id, status FROM collaboration_sessions WHERE ${sql.identifier([of])} = ${id} AND status IN ('pending', 'active')`))];
}

/** Whether the assignment has a session at work now (active, before its closing deadline). */
export async function hasSessionAtWork(db: ReadDb, assignmentId: string): Promise<boolean> {
  return db.oneFirst(sql.type(found)`
    SELECT EXISTS (SELECT 1 FROM collaboration_sessions WHERE assignment_id = ${assignmentId} AND status = 'active' AND close_deadline > now()) AS found`);
}

/** The collaborator's sessions waiting for an activation code now. */
export async function awaitingActivation(db: ReadDb, collaboratorId: string, now: Date): Promise<string[]> {
  return [
    ...(await db.anyFirst(sql.type(idRow)`
      SELECT id FROM collaboration_sessions WHERE collaborator_id = ${collaboratorId} AND status = 'pending' AND ready_at <= ${at(now)} AND activation_deadline > ${at(now)}
      ORDER BY scheduled_start_at LIMIT 20`)),
  ];
}

/** The standing accesses waiting for this collaborator to redeem their code now. */
export async function awaitingRedemption(db: ReadDb, collaboratorId: string, now: Date): Promise<string[]> {
  return [
    ...(await db.anyFirst(sql.type(idRow)`
      SELECT id FROM store_collaborator_assignments WHERE collaborator_id = ${collaboratorId} AND is_active AND NOT code_used AND expires_at > ${at(now)}
      ORDER BY created_at LIMIT 20`)),
  ];
}
