import type { Pool } from '../../platform/db/pool.js';
import { poolPage } from '../../platform/db/read-page.js';
import type { Paging } from '../../platform/http/paging.js';
import { DomainError } from '../../platform/domain/errors.js';
import { anyOf, type ListResource } from '../../platform/http/admin-rest.js';
import { formatCode, securityLevels, sessionStatuses, type SessionStatus } from './labels.js';
import { deriveCode } from './codes.js';
import type { Reader } from './commands.js';
import { accessNotFound } from './access.js';
import type { CollaborationSession, SessionAction, StoreAccess } from './contract.js';
import { sessionNotFound } from './session.js';

/** The status as read at $now (statusAt in SQL): ready and expired come from the times before the upkeep writes them. */
const statusAt = (now: string) => `(CASE WHEN s.status = 'pending' AND s.activation_deadline <= ${now} THEN 'expired'
  WHEN s.status = 'pending' AND s.ready_at <= ${now} THEN 'ready'
  WHEN s.status = 'active' AND s.close_deadline <= ${now} THEN 'expired' ELSE s.status END)`;
/** Credits used so far: settled at the end, else what the actions of the session spent. */
const creditsUsed = `(CASE WHEN s.credits_settled THEN s.ai_credits_used
  ELSE coalesce((SELECT sum(a.ai_credits) FROM collaboration_session_actions a WHERE a.session_id = s.id), 0) END)::int`;
const actionsCount = `(SELECT count(*) FROM collaboration_session_actions a WHERE a.session_id = s.id)::int`;

/** The record's columns under the contract's names; codes and the collaborator's device are added or hidden per reader. */
const columns = (now: string) => `s.id, s.assignment_id AS "assignmentId", s.access_id AS "accessId", s.store_id AS "storeId", s.store_name AS "storeName",
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

type Row = Omit<
  CollaborationSession,
  'readyAt' | 'scheduledStartAt' | 'scheduledEndAt' | 'activationDeadline' | 'closeDeadline' | 'startedAt' | 'actualEndAt' | 'revokedAt' | 'createdAt' | 'updatedAt'
> & {
  scheduledStartAt: Date;
  scheduledEndAt: Date;
  readyAt: Date;
  activationDeadline: Date;
  closeDeadline: Date;
  startedAt: Date | null;
  actualEndAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  activation_version: number;
  closure_version: number;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The session as `reader` may see it: the codes to give for its shopkeeper, the device for the shopkeeper and admins. */
function answerOf(row: Row, reader: Reader, secret: Buffer): CollaborationSession {
  const { activation_version, closure_version, ...r } = row;
  const shopkeeper = reader.id === r.shopkeeperId;
  const collaborator = reader.role !== 'admin' && !shopkeeper;
  return {
    ...r,
    scheduledStartAt: r.scheduledStartAt.toISOString(),
    scheduledEndAt: r.scheduledEndAt.toISOString(),
    readyAt: r.readyAt.toISOString(),
    activationDeadline: r.activationDeadline.toISOString(),
    closeDeadline: r.closeDeadline.toISOString(),
    startedAt: iso(r.startedAt),
    actualEndAt: iso(r.actualEndAt),
    revokedAt: iso(r.revokedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    ipAddress: collaborator ? null : r.ipAddress,
    userAgent: collaborator ? null : r.userAgent,
    activationCode:
      shopkeeper && r.status === 'ready' && !r.awaitingConfirmation && !r.activationCodeBurnt ? formatCode(deriveCode(secret, r.id, 'activation', activation_version)) : null,
    closureCode: shopkeeper && r.status === 'active' && !r.closureCodeBurnt ? formatCode(deriveCode(secret, r.id, 'closure', closure_version)) : null,
  };
}

const order = (now: string) => `array_position(ARRAY['active', 'ready', 'pending'], ${statusAt(now)}) NULLS LAST,
  CASE WHEN s.status IN ('pending', 'active') THEN s.scheduled_start_at END ASC, s.scheduled_start_at DESC, s.id`;

/** A page of the sessions `reader` may see (the shop's, mine, or all for an admin): active first, then the next ones, then the past. */
export async function sessionsFor(
  pool: Pool,
  secret: Buffer,
  reader: Reader,
  now: Date,
  filter: { statuses?: SessionStatus[]; assignmentId?: string; activeOnly?: boolean },
  paging: Paging,
): Promise<{ rows: CollaborationSession[]; total: number }> {
  const params: unknown[] = [now];
  const where: string[] = [];
  if (reader.role === 'shopkeeper') where.push(`s.shopkeeper_id = $${params.push(reader.id)}`);
  else if (reader.role === 'collaborator') where.push(`s.collaborator_id = $${params.push(reader.id)}`);
  else if (reader.role !== 'admin') return { rows: [], total: 0 };
  if (filter.assignmentId) where.push(`s.assignment_id = $${params.push(filter.assignmentId)}`);
  if (filter.activeOnly) where.push(`s.status = 'active'`);
  if (filter.statuses?.length) where.push(`${statusAt('$1')} = ANY ($${params.push(filter.statuses)}::text[])`);
  const { rows, total } = await poolPage<Row>(
    pool,
    {
      select: `${columns('$1')}, s.activation_code_version AS activation_version, s.closure_code_version AS closure_version`,
      from: `collaboration_sessions s WHERE ${where.length ? where.join(' AND ') : 'true'}`,
      order: order('$1'),
      params,
    },
    paging,
  );
  return { rows: rows.map((row) => answerOf(row, reader, secret)), total };
}

/** One session by id as each kind of reader may read it: the same text each time, prepared once per connection (every command's answer reads it). */
const oneSession = (role: string) => ({
  name: `collaboration-session-for-${role}`,
  text: `SELECT ${columns('$1')}, s.activation_code_version AS activation_version, s.closure_code_version AS closure_version
    FROM collaboration_sessions s WHERE s.id = $2${role === 'shopkeeper' ? ' AND s.shopkeeper_id = $3' : role === 'collaborator' ? ' AND s.collaborator_id = $3' : ''}`,
});

export async function sessionAnswer(pool: Pool, secret: Buffer, reader: Reader, id: string, now: Date): Promise<CollaborationSession> {
  if (reader.role !== 'admin' && reader.role !== 'shopkeeper' && reader.role !== 'collaborator') throw new DomainError(sessionNotFound, 'not-found');
  const { rows } = await pool.query<Row>({ ...oneSession(reader.role), values: reader.role === 'admin' ? [now, id] : [now, id, reader.id] });
  if (!rows[0]) throw new DomainError(sessionNotFound, 'not-found');
  return answerOf(rows[0], reader, secret);
}

/** The collaborator's active session, acting for a shop now. */
export async function currentSession(pool: Pool, secret: Buffer, collaboratorId: string, now: Date): Promise<CollaborationSession | null> {
  const found = await sessionsFor(pool, secret, { id: collaboratorId, role: 'collaborator' }, now, { activeOnly: true }, { page: 1, pageSize: 5 });
  return found.rows.find((s) => s.status === 'active') ?? null;
}

/** The session's actions (aiActionsLog) as stored: the route names them in Italian. */
export async function sessionActions(pool: Pool, sessionId: string): Promise<{ eventId: string; type: string; at: Date; streamId: string; data: unknown; aiCredits: number }[]> {
  const { rows } = await pool.query<{ eventId: string; type: string; at: Date; streamId: string; data: unknown; aiCredits: number }>(
    `SELECT event_id AS "eventId", type, at, stream_id AS "streamId", data, ai_credits AS "aiCredits"
     FROM collaboration_session_actions WHERE session_id = $1 ORDER BY at, event_id LIMIT 1000`,
    [sessionId],
  );
  return rows;
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
  select: columns('now()'),
  id: 's.id',
  sortable: {
    id: 's.id',
    scheduledStartAt: 's.scheduled_start_at',
    startedAt: 's.started_at',
    createdAt: 's.created_at',
    updatedAt: 's.updated_at',
    status: `array_position(ARRAY['active', 'ready', 'pending', 'completed', 'expired', 'revoked', 'cancelled'], ${statusAt('now()')})`,
    storeName: 'lower(s.store_name)',
    collaboratorName: 'lower(s.collaborator_name)',
  },
  defaultOrder: order('now()'),
  filters: {
    status: { ...anyOf(sessionStatuses, 'Stato della sessione', 's.status'), where: (p) => `${statusAt('now()')} = ANY (${p}::text[])` },
    securityLevel: anyOf(securityLevels, 'Livello di sicurezza', 's.security_level'),
  },
  searchText: `(s.store_name || ' ' || s.collaborator_name)`,
  notFound: sessionNotFound,
};

interface AccessRow {
  id: string;
  storeId: string;
  storeName: string;
  shopkeeperId: string;
  collaboratorId: string;
  collaboratorName: string;
  description: string;
  codeVersion: number;
  isActive: boolean;
  codeUsed: boolean;
  codeUsedAt: Date | null;
  expiresAt: Date;
  permissions: StoreAccess['permissions'];
  creditsAllocated: number;
  creditsReserved: number;
  creditsReleased: number;
  endedAt: Date | null;
  endReason: string | null;
  createdAt: Date;
}

/** A page of the standing accesses `reader` may see, newest first; the code for the shopkeeper until it is redeemed. */
export async function accessesFor(pool: Pool, secret: Buffer, reader: Reader, now: Date, paging: Paging, id?: string): Promise<{ rows: StoreAccess[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (reader.role === 'shopkeeper') where.push(`shopkeeper_id = $${params.push(reader.id)}`);
  else if (reader.role === 'collaborator') where.push(`collaborator_id = $${params.push(reader.id)}`);
  else if (reader.role !== 'admin') return { rows: [], total: 0 };
  if (id) where.push(`id = $${params.push(id)}`);
  const { rows, total } = await poolPage<AccessRow>(
    pool,
    {
      select: `id, store_id AS "storeId", store_name AS "storeName", shopkeeper_id AS "shopkeeperId", collaborator_id AS "collaboratorId",
       collaborator_name AS "collaboratorName", description, code_version AS "codeVersion", is_active AS "isActive", code_used AS "codeUsed", code_used_at AS "codeUsedAt",
       expires_at AS "expiresAt", permissions, credits_allocated AS "creditsAllocated", credits_reserved AS "creditsReserved",
       credits_released AS "creditsReleased", ended_at AS "endedAt", end_reason AS "endReason", created_at AS "createdAt"`,
      from: `store_collaborator_assignments WHERE ${where.length ? where.join(' AND ') : 'true'}`,
      order: 'created_at DESC, id',
      params,
    },
    paging,
  );
  const answers = rows.map((r): StoreAccess => {
    const status = !r.isActive ? 'ended' : r.expiresAt <= now ? 'expired' : r.codeUsed ? 'active' : 'issued';
    return {
      id: r.id,
      storeId: r.storeId,
      storeName: r.storeName,
      shopkeeperId: r.shopkeeperId,
      collaboratorId: r.collaboratorId,
      collaboratorName: r.collaboratorName,
      description: r.description,
      status,
      permissions: r.permissions,
      accessCode: reader.id === r.shopkeeperId && status === 'issued' ? formatCode(deriveCode(secret, r.id, 'access', r.codeVersion)) : null,
      codeUsed: r.codeUsed,
      codeUsedAt: iso(r.codeUsedAt),
      expiresAt: r.expiresAt.toISOString(),
      creditsAllocated: r.creditsAllocated,
      creditsUsed: Math.max(0, r.creditsReserved - r.creditsReleased),
      endedAt: iso(r.endedAt),
      endReason: r.endReason,
      createdAt: r.createdAt.toISOString(),
    };
  });
  return { rows: answers, total };
}

export async function accessAnswer(pool: Pool, secret: Buffer, reader: Reader, id: string, now: Date): Promise<StoreAccess> {
  const [found] = (await accessesFor(pool, secret, reader, now, { page: 1, pageSize: 1 }, id)).rows;
  if (!found) throw new DomainError(accessNotFound, 'not-found');
  return found;
}

/** The open sessions (pending or active, as stored) of an assignment or a standing access. */
export async function openSessionsOf(pool: Pool, column: 'assignment_id' | 'access_id', id: string): Promise<{ id: string; status: string }[]> {
  const { rows } = await pool.query<{ id: string; status: string }>(`SELECT id, status FROM collaboration_sessions WHERE ${column} = $1 AND status IN ('pending', 'active')`, [id]);
  return rows;
}

/** Whether the assignment has a session at work now (active, before its closing deadline). */
export async function hasSessionAtWork(pool: Pool, assignmentId: string): Promise<boolean> {
  const { rows } = await pool.query(`SELECT 1 FROM collaboration_sessions WHERE assignment_id = $1 AND status = 'active' AND close_deadline > now()`, [assignmentId]);
  return rows.length > 0;
}

/** The collaborator's sessions waiting for an activation code now. */
export async function awaitingActivation(pool: Pool, collaboratorId: string, now: Date): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM collaboration_sessions WHERE collaborator_id = $1 AND status = 'pending' AND ready_at <= $2 AND activation_deadline > $2 ORDER BY scheduled_start_at LIMIT 20`,
    [collaboratorId, now],
  );
  return rows.map((r) => r.id);
}

/** The standing accesses waiting for this collaborator to redeem their code now. */
export async function awaitingRedemption(pool: Pool, collaboratorId: string, now: Date): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM store_collaborator_assignments WHERE collaborator_id = $1 AND is_active AND NOT code_used AND expires_at > $2 ORDER BY created_at LIMIT 20`,
    [collaboratorId, now],
  );
  return rows.map((r) => r.id);
}
