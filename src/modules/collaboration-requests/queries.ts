import type { Pool } from '../../platform/db/pool.js';
import { cityOfAddress } from '../collaborators/queries.js';
import { anyOf, folded, type ListResource } from '../../platform/http/admin-rest.js';
import { centsRow } from '../../platform/http/money.js';
import type { Role } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { boundingBox } from '../../platform/http/geo.js';
import { adminCollaborationRequest, type CollaborationRequest } from './contract.js';
import { requestStatuses, requestTypes, urgencyLevels } from './labels.js';
import { requestNotFound, type ExpiredReason, type RequestStatus } from './request.js';

/** Who reads the requests: each sees their own part of them (docs/api-collaboration-requests.md). */
export interface Reader {
  id: string;
  role: Role;
}

interface Row {
  id: string;
  shopkeeper_id: string;
  store_id: string;
  store_name: string;
  /** The shop's address: its city is read from it (cityOfAddress). */
  store_city: string | null;
  request_type: CollaborationRequest['requestType'];
  status: RequestStatus;
  collaborator_id: string | null;
  collaborator_name: string | null;
  message: string;
  estimated_duration: number;
  urgency_level: CollaborationRequest['urgencyLevel'];
  max_budget_cents: number;
  required_services: string[];
  response_deadline: Date;
  offered_until: Date | null;
  accepted_at: Date | null;
  rejected_at: Date | null;
  rejection_reason: string | null;
  closed_at: Date | null;
  expired_reason: ExpiredReason | null;
  created_at: Date;
  updated_at: Date;
  distance_km: number | null;
  unlock_id: string | null;
  unlock_status: NonNullable<CollaborationRequest['unlock']>['unlockStatus'] | null;
  unlock_deadline: Date | null;
  free_of_charge: boolean | null;
  lapsed: boolean | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A request as its status stands at `now`: an open one past its response deadline, or an accepted
 * one whose unlock was not bought in time, reads expired even before the upkeep wrote it.
 */
export function effectiveStatus(
  row: Pick<Row, 'status' | 'response_deadline' | 'unlock_status' | 'unlock_deadline' | 'lapsed'>,
  now: Date,
): { status: RequestStatus; expiredReason: ExpiredReason | null; closedAt: Date | null } | null {
  if ((row.status === 'waiting' || row.status === 'pending') && row.response_deadline.getTime() <= now.getTime())
    return { status: 'expired', expiredReason: 'deadline', closedAt: row.response_deadline };
  if (row.status === 'accepted' && row.unlock_status !== 'purchased' && (row.lapsed || (row.unlock_deadline && row.unlock_deadline.getTime() <= now.getTime()))) {
    return { status: 'expired', expiredReason: 'not_purchased', closedAt: row.unlock_deadline };
  }
  return null;
}

function answerOf(row: Row, reader: Reader, now: Date): CollaborationRequest {
  const asCollaborator = reader.role === 'collaborator';
  const takenByOther = asCollaborator && row.request_type === 'waiting' && (row.status === 'accepted' || row.status === 'completed') && row.collaborator_id !== reader.id;
  const mine = !asCollaborator || row.collaborator_id === reader.id;
  const late = effectiveStatus(row, now);
  return {
    id: row.id,
    shopkeeperId: row.shopkeeper_id,
    storeId: row.store_id,
    storeName: row.store_name,
    storeCity: cityOfAddress(row.store_city ?? ''),
    requestType: row.request_type,
    status: late?.status ?? row.status,
    collaboratorId: mine ? row.collaborator_id : null,
    collaboratorName: mine ? row.collaborator_name : null,
    message: row.message,
    estimatedDuration: row.estimated_duration,
    urgencyLevel: row.urgency_level,
    maxBudget: row.max_budget_cents,
    requiredServices: row.required_services,
    responseDeadline: row.response_deadline.toISOString(),
    offeredUntil: late ? null : iso(row.offered_until),
    acceptedAt: mine ? iso(row.accepted_at) : null,
    rejectedAt: mine ? iso(row.rejected_at) : null,
    rejectionReason: mine ? row.rejection_reason : null,
    closedAt: iso(late?.closedAt ?? row.closed_at),
    expiredReason: late?.expiredReason ?? row.expired_reason,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    distanceKm: asCollaborator && row.distance_km !== null ? Math.round(row.distance_km * 100) / 100 : null,
    takenByOther,
    unlock:
      mine && row.unlock_id && row.unlock_status
        ? { id: row.unlock_id, unlockStatus: row.unlock_status, purchaseDeadline: iso(row.unlock_deadline), freeOfCharge: row.free_of_charge ?? false }
        : null,
  };
}

/** The collaborator's circle and services, and whether they are offered to shops now (approved, active, available). */
interface Circle {
  latitude: number;
  longitude: number;
  radius_km: number;
  services: string[];
  approval_status: string;
  offered: boolean;
}

async function circleOf(pool: Pool, userId: string): Promise<Circle | null> {
  const { rows } = await pool.query<Circle>(
    `SELECT latitude, longitude, radius_km, services, approval_status, (approval_status = 'approved' AND status = 'active' AND is_available) AS offered
     FROM collaborators WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

const takenWindowMs = 24 * 60 * 60 * 1000;

/**
 * The requests `reader` may see, newest first (at most 500), optionally one (`id`) or of one
 * status (as stored; an open one past its deadline is told expired in its answer):
 * - shopkeeper: their shop's;
 * - collaborator (approved only): addressed to them (direct, auto_match offered now, accepted or
 *   declined by them), plus waiting ones their circle covers with their services while they are
 *   offered to shops, plus those another took in the last 24 h that they could have taken;
 * - admin: all.
 */
export async function requestsFor(
  pool: Pool,
  reader: Reader,
  now: Date,
  { id, status }: { id?: string; status?: RequestStatus | undefined } = {},
): Promise<CollaborationRequest[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  let distance = 'NULL::float8';
  if (id) where.push(`r.id = $${params.push(id)}`);
  if (reader.role === 'shopkeeper') where.push(`r.shopkeeper_id = $${params.push(reader.id)}`);
  else if (reader.role === 'collaborator') {
    const circle = await circleOf(pool, reader.id);
    if (!circle || circle.approval_status !== 'approved') return [];
    const me = `$${params.push(reader.id)}::uuid`;
    const at = `$${params.push(now)}::timestamptz`;
    const lat = `$${params.push(circle.latitude)}::float8`;
    const lng = `$${params.push(circle.longitude)}::float8`;
    distance = `distance_km(${lat}, ${lng}, s.latitude, s.longitude)`;
    const box = boundingBox(circle.latitude, circle.longitude, circle.radius_km);
    const inBox = `s.latitude BETWEEN $${params.push(box.minLat)} AND $${params.push(box.maxLat)} AND s.longitude BETWEEN $${params.push(box.minLng)} AND $${params.push(box.maxLng)}`;
    const covers = `(${inBox} AND ${distance} <= $${params.push(circle.radius_km)}::float8 AND $${params.push(circle.services)}::text[] @> r.required_services)`;
    const addressed = `(r.collaborator_id = ${me} AND (r.request_type <> 'auto_match' OR r.status <> 'pending' OR r.offered_until > ${at}))`;
    const open = circle.offered
      ? ` OR (r.request_type = 'waiting' AND ((r.status = 'waiting' AND r.response_deadline > ${at}) OR (r.status = 'accepted' AND r.accepted_at > $${params.push(new Date(now.getTime() - takenWindowMs))})) AND ${covers})`
      : '';
    where.push(`(${addressed} OR ${me} = ANY(r.declined_by)${open})`);
  } else if (reader.role !== 'admin') return [];
  // By the status as read now: an open or accepted request may read expired before the upkeep wrote it.
  if (status) {
    const wanted = `$${params.push(status)}`;
    where.push(`(r.status = ${wanted} OR (${wanted} = 'expired' AND r.status IN ('waiting', 'pending', 'accepted')))`);
  }
  const { rows } = await pool.query<Row>(
    `SELECT r.id, r.shopkeeper_id, r.store_id, r.store_name, s.address AS store_city, r.request_type, r.status,
       r.collaborator_id, coalesce(r.collaborator_name, (SELECT name FROM users WHERE id = r.collaborator_id)) AS collaborator_name, r.message,
       r.estimated_duration, r.urgency_level, r.max_budget_cents, r.required_services, r.response_deadline, r.offered_until, r.accepted_at,
       r.rejected_at, r.rejection_reason, r.closed_at, r.expired_reason, r.created_at, r.updated_at, ${distance} AS distance_km,
       u.id AS unlock_id, u.unlock_status, u.purchase_deadline AS unlock_deadline, u.free_of_charge, u.lapsed
     FROM collaboration_requests r
     LEFT JOIN stores s ON s.id = r.store_id
     LEFT JOIN package_unlocks u ON u.id = r.unlock_id
     WHERE ${where.length ? where.join(' AND ') : 'true'}
     ORDER BY r.created_at DESC, r.id LIMIT 500`,
    params,
  );
  const answers = rows.map((row) => answerOf(row, reader, now));
  return status ? answers.filter((a) => a.status === status) : answers;
}

/** One request, for a reader who may see it; otherwise 404 (as if it did not exist). */
export async function requestFor(pool: Pool, reader: Reader, id: string, now: Date): Promise<CollaborationRequest> {
  const [found] = await requestsFor(pool, reader, now, { id });
  if (!found) throw new DomainError(requestNotFound, 'not-found');
  return found;
}

/** The request's unlock, a column of it (correlated: the list's `from` is the requests alone). */
const unlockOf = (col: string) => `(SELECT ${col} FROM package_unlocks WHERE id = r.unlock_id)`;
/** An accepted request whose unlock was not bought in time (lapsed, or past its deadline before the upkeep ran). */
const notPurchased = `(r.status = 'accepted' AND coalesce(${unlockOf(`unlock_status <> 'purchased' AND (lapsed OR purchase_deadline <= now())`)}, false))`;
const openPastDeadline = `(r.status IN ('waiting', 'pending') AND r.response_deadline <= now())`;
/** The status as read now (effectiveStatus in SQL): what the list shows, filters and sorts by. */
const statusNow = `(CASE WHEN ${openPastDeadline} OR ${notPurchased} THEN 'expired' ELSE r.status END)`;
const collaboratorName = `coalesce(r.collaborator_name, (SELECT name FROM users WHERE id = r.collaborator_id))`;

/** The admin's list of every request (docs/api-collaboration-requests.md), newest first. */
export const requestsResource: ListResource = {
  name: 'collaboration-requests',
  from: 'collaboration_requests r',
  select: `r.id, r.shopkeeper_id AS "shopkeeperId", coalesce((SELECT name FROM users WHERE id = r.shopkeeper_id), '') AS "shopkeeperName",
    r.store_id AS "storeId", r.store_name AS "storeName", r.request_type AS "requestType", ${statusNow} AS status,
    r.collaborator_id AS "collaboratorId", ${collaboratorName} AS "collaboratorName", r.message, r.estimated_duration AS "estimatedDuration",
    r.urgency_level AS "urgencyLevel", r.max_budget_cents AS "maxBudget", r.required_services AS "requiredServices",
    r.response_deadline AS "responseDeadline", CASE WHEN ${openPastDeadline} THEN NULL ELSE r.offered_until END AS "offeredUntil",
    r.accepted_at AS "acceptedAt", r.rejected_at AS "rejectedAt", r.rejection_reason AS "rejectionReason", r.cancel_reason AS "cancelReason",
    CASE WHEN ${openPastDeadline} THEN r.response_deadline WHEN ${notPurchased} THEN coalesce(r.closed_at, ${unlockOf('purchase_deadline')}) ELSE r.closed_at END AS "closedAt",
    CASE WHEN ${openPastDeadline} THEN 'deadline' WHEN ${notPurchased} THEN 'not_purchased' ELSE r.expired_reason END AS "expiredReason",
    r.unlock_id AS "unlockId", ${unlockOf('unlock_status')} AS "unlockStatus", coalesce(${unlockOf('free_of_charge')}, false) AS "freeOfCharge",
    ${unlockOf('purchase_deadline')} AS "purchaseDeadline", r.created_at AS "createdAt", r.updated_at AS "updatedAt"`,
  id: 'r.id',
  sortable: {
    id: 'r.id',
    createdAt: 'r.created_at',
    updatedAt: 'r.updated_at',
    responseDeadline: 'r.response_deadline',
    status: statusNow,
    requestType: 'r.request_type',
    urgencyLevel: `array_position(ARRAY['low', 'normal', 'high', 'urgent'], r.urgency_level)`,
    storeName: 'lower(r.store_name)',
    collaboratorName: `lower(${collaboratorName})`,
    maxBudget: 'r.max_budget_cents',
  },
  defaultOrder: 'r.created_at DESC',
  filters: {
    status: { ...anyOf(requestStatuses, 'Stato della richiesta', 'r.status'), where: (p) => `${statusNow} = ANY (${p}::text[])` },
    requestType: anyOf(requestTypes, 'Tipo di richiesta', 'r.request_type'),
    urgencyLevel: anyOf(urgencyLevels, 'Urgenza', 'r.urgency_level'),
  },
  // The shop's and the collaborator's names, accents and case ignored.
  searchText: folded(`r.store_name || ' ' || coalesce(${collaboratorName}, '')`),
  notFound: requestNotFound,
  row: centsRow(adminCollaborationRequest),
};
