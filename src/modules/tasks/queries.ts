import { z } from 'zod';
import type { Pool } from '../../platform/db/pool.js';
import { poolPage } from '../../platform/db/read-page.js';
import type { Paging } from '../../platform/http/paging.js';
import { sql, type ReadDb } from '../../platform/db/read.js';
import type { Role } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { anyOf, folded, type ListResource, uuidFilter } from '../../platform/http/admin-rest.js';
import { boundingBox } from '../../platform/http/geo.js';
import { centsRow } from '../../platform/http/money.js';
import { cardOf } from '../collaborators/queries.js';
import type { CoveringCollaborator } from '../collaborators/contract.js';
import { task, type Task } from './contract.js';
import { expiredReason, taskNotFound, taskStatuses, taskTypes, type TaskStatus, type TaskType } from './task.js';

/** Who reads the tasks: each sees their own part of them (docs/api-tasks.md). */
export interface Reader {
  id: string;
  role: Role;
}

interface Row {
  id: string;
  type: TaskType;
  title: string;
  description: string;
  status: TaskStatus;
  store_id: string;
  store_name: string;
  order_id: string | null;
  assignment_id: string | null;
  collaborator_id: string | null;
  collaborator_name: string | null;
  offered: boolean;
  pickup_address: string | null;
  pickup_latitude: number | null;
  pickup_longitude: number | null;
  delivery_address: string | null;
  delivery_latitude: number | null;
  delivery_longitude: number | null;
  distance_km: number | null;
  deadline: Date;
  compensation_cents: number;
  credits: number;
  customer_name: string | null;
  customer_phone: string | null;
  accepted_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** About a kilometre: where an offered delivery goes, for those who have not taken it. */
const roughly = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);
const km = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

/** A task waiting for a collaborator past its deadline reads cancelled (expired) before the upkeep writes it. */
function lapsed(row: Pick<Row, 'status' | 'deadline'>, now: Date): boolean {
  return row.status === 'pending' && row.deadline.getTime() <= now.getTime();
}

/**
 * The task as `reader` may see it: the shop (its owner) and the admin see it all; its
 * collaborator (handed to them, or accepted by them) too while it is theirs and not cancelled; a
 * collaborator it is offered to (or who lost the race: `takenByOther`) sees neither the customer
 * nor the exact address, only the delivery's area (its point to about a kilometre) and the shop.
 */
function answerOf(row: Row, reader: Reader, now: Date): Task {
  const asCollaborator = reader.role === 'collaborator';
  const theirs = row.collaborator_id !== null && row.collaborator_id === reader.id;
  const late = lapsed(row, now);
  const status = late ? 'cancelled' : row.status;
  const sees = !asCollaborator || (theirs && status !== 'cancelled');
  const takenByOther = asCollaborator && !theirs && row.offered && row.collaborator_id !== null && row.status !== 'pending';
  const named = !asCollaborator || theirs;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    status,
    storeId: row.store_id,
    storeName: row.store_name,
    orderId: row.order_id,
    assignmentId: row.assignment_id,
    collaboratorId: named ? row.collaborator_id : null,
    collaboratorName: named ? row.collaborator_name : null,
    offered: row.offered,
    pickupAddress: row.pickup_address,
    deliveryAddress: sees ? row.delivery_address : null,
    pickupLatitude: row.pickup_latitude,
    pickupLongitude: row.pickup_longitude,
    deliveryLatitude: sees ? row.delivery_latitude : roughly(row.delivery_latitude),
    deliveryLongitude: sees ? row.delivery_longitude : roughly(row.delivery_longitude),
    distance: km(row.distance_km),
    deadline: row.deadline.toISOString(),
    compensation: row.compensation_cents,
    credits: row.credits,
    customerName: sees ? row.customer_name : null,
    customerPhone: sees ? row.customer_phone : null,
    takenByOther,
    acceptedAt: named ? iso(row.accepted_at) : null,
    startedAt: named ? iso(row.started_at) : null,
    completedAt: named ? iso(row.completed_at) : null,
    cancelledAt: late ? row.deadline.toISOString() : iso(row.cancelled_at),
    cancelReason: late ? expiredReason : row.cancel_reason,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The collaborator's circle and services, and whether they are offered work now (approved, active, available). */
interface Circle {
  latitude: number;
  longitude: number;
  radius_km: number;
  delivers: boolean;
  approval_status: string;
  offered: boolean;
}

async function circleOf(pool: Pool, userId: string): Promise<Circle | null> {
  const { rows } = await pool.query<Circle>(
    `SELECT latitude, longitude, radius_km, 'delivery' = ANY(services) AS delivers, approval_status,
       (approval_status = 'approved' AND status = 'active' AND is_available) AS offered
     FROM collaborators WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** How long the collaborators who could have taken an offered delivery read it taken by another. */
const takenWindowMs = 24 * 60 * 60 * 1000;

export interface TaskFilter {
  id?: string;
  status?: readonly TaskStatus[];
  type?: TaskType | undefined;
  orderId?: string | undefined;
  /** The collaborator's own only (GET /api/collaborators/tasks): no offers. */
  mineOnly?: boolean;
}

/**
 * The tasks `reader` may see, newest first (at most 500):
 * - shopkeeper: their shops';
 * - collaborator: handed to them or accepted by them; and, while they are offered work (approved,
 *   active, available, offering deliveries), the deliveries offered to the area whose circle
 *   holds both the shop and the address, still open, and those another took in the last 24 h;
 * - admin: all. A customer reads none (they see who delivers on their order).
 */
export async function tasksFor(pool: Pool, reader: Reader, now: Date, filter: TaskFilter, paging: Paging): Promise<{ rows: Task[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.id) where.push(`t.id = $${params.push(filter.id)}`);
  if (filter.type) where.push(`t.type = $${params.push(filter.type)}`);
  if (filter.orderId) where.push(`t.order_id = $${params.push(filter.orderId)}`);
  if (reader.role === 'shopkeeper') where.push(`s.owner_id = $${params.push(reader.id)}`);
  else if (reader.role === 'collaborator') {
    const me = `$${params.push(reader.id)}::uuid`;
    const circle = filter.mineOnly ? null : await circleOf(pool, reader.id);
    let open = '';
    if (circle && circle.approval_status === 'approved' && circle.delivers) {
      const lat = `$${params.push(circle.latitude)}::float8`;
      const lng = `$${params.push(circle.longitude)}::float8`;
      const radius = `$${params.push(circle.radius_km)}::float8`;
      const box = boundingBox(circle.latitude, circle.longitude, circle.radius_km);
      const inBox = (p: string) =>
        `t.${p}_latitude BETWEEN $${params.push(box.minLat)} AND $${params.push(box.maxLat)} AND t.${p}_longitude BETWEEN $${params.push(box.minLng)} AND $${params.push(box.maxLng)}`;
      const covers = `(${inBox('pickup')} AND ${inBox('delivery')} AND distance_km(${lat}, ${lng}, t.pickup_latitude, t.pickup_longitude) <= ${radius}
        AND distance_km(${lat}, ${lng}, t.delivery_latitude, t.delivery_longitude) <= ${radius})`;
      const offers = circle.offered ? `(t.status = 'pending' AND t.deadline > $${params.push(now)}::timestamptz) OR ` : '';
      const taken = `(t.status IN ('accepted', 'in_progress', 'completed') AND t.accepted_at > $${params.push(new Date(now.getTime() - takenWindowMs))})`;
      open = ` OR (t.offered AND (${offers}${taken}) AND ${covers})`;
    }
    where.push(`(t.collaborator_id = ${me}${open})`);
  } else if (reader.role !== 'admin') return { rows: [], total: 0 };
  // By the status as read now: a task waiting past its deadline reads cancelled.
  if (filter.status?.length)
    where.push(
      `(CASE WHEN t.status = 'pending' AND t.deadline <= $${params.push(now)}::timestamptz THEN 'cancelled' ELSE t.status END) = ANY ($${params.push(filter.status)}::text[])`,
    );
  const { rows, total } = await poolPage<Row>(
    pool,
    {
      select: `t.id, t.type, t.title, t.description, t.status, t.store_id, t.store_name, t.order_id, t.assignment_id, t.collaborator_id,
       t.collaborator_name, t.offered, t.pickup_address, t.pickup_latitude, t.pickup_longitude, t.delivery_address, t.delivery_latitude,
       t.delivery_longitude, t.distance_km, t.deadline, t.compensation_cents, t.credits, o.customer_name, o.customer_phone, t.accepted_at,
       t.started_at, t.completed_at, t.cancelled_at, t.cancel_reason, t.created_at, t.updated_at`,
      from: `tasks t LEFT JOIN stores s ON s.id = t.store_id LEFT JOIN orders o ON o.id = t.order_id WHERE ${where.length ? where.join(' AND ') : 'true'}`,
      order: 't.created_at DESC, t.id',
      params,
    },
    paging,
  );
  return { rows: rows.map((row) => answerOf(row, reader, now)), total };
}

/** One task, for a reader who may see it; otherwise 404 (as if it did not exist). */
export async function taskFor(pool: Pool, reader: Reader, id: string, now: Date): Promise<Task> {
  const [found] = (await tasksFor(pool, reader, now, { id }, { page: 1, pageSize: 1 })).rows;
  if (!found) throw new DomainError(taskNotFound, 'not-found');
  return found;
}

const point = z.object({ latitude: z.number(), longitude: z.number() });
type Point = z.infer<typeof point>;

const courierRow = z.object({
  userId: z.string(),
  name: z.string(),
  status: z.enum(['active', 'inactive']),
  approvalStatus: z.enum(['pending', 'approved', 'rejected', 'suspended']),
  canActivateSessions: z.boolean(),
  rating: z.coerce.number(),
  radiusKm: z.number(),
  services: z.array(z.string()),
  isAvailable: z.boolean(),
  availability: z.string(),
  bio: z.string(),
  distanceKm: z.number(),
});

/**
 * The collaborators a delivery from `shop` to `destination` may be handed to: approved, active and
 * available, offering deliveries, whose circle holds both points; nearest to the shop first (at
 * most `limit`). Each is checked again on their own stream when the task is created or accepted.
 */
export async function couriersCovering(db: ReadDb, shop: Point, destination: Point, limit = 50): Promise<CoveringCollaborator[]> {
  const rows = await db.any(sql.type(courierRow)`
    SELECT c.user_id AS "userId", coalesce(u.name, '') AS name, c.status, c.approval_status AS "approvalStatus",
      c.can_activate_sessions AS "canActivateSessions", c.rating, c.radius_km AS "radiusKm", c.services, c.is_available AS "isAvailable",
      c.availability, c.bio, distance_km(${shop.latitude}, ${shop.longitude}, c.latitude, c.longitude) AS "distanceKm"
    FROM collaborators c LEFT JOIN users u ON u.id = c.user_id
    WHERE c.approval_status = 'approved' AND c.status = 'active' AND c.is_available AND 'delivery' = ANY (c.services)
      AND coverage_box(c.latitude, c.longitude, c.radius_km) @> box(point(${shop.longitude}::float8, ${shop.latitude}::float8), point(${shop.longitude}::float8, ${shop.latitude}::float8))
      AND distance_km(${shop.latitude}, ${shop.longitude}, c.latitude, c.longitude) <= c.radius_km
      AND distance_km(${destination.latitude}, ${destination.longitude}, c.latitude, c.longitude) <= c.radius_km
    ORDER BY "distanceKm", c.user_id
    LIMIT ${limit}`);
  return rows.map((r) => ({ ...cardOf(r as Parameters<typeof cardOf>[0]), distanceKm: Math.round(r.distanceKm * 100) / 100 }));
}

/** A task still waiting for a collaborator past its deadline: cancelled as read now (expired). */
const lapsedNow = `(t.status = 'pending' AND t.deadline <= now())`;
const statusNow = `(CASE WHEN ${lapsedNow} THEN 'cancelled' ELSE t.status END)`;

/** The admin's list of every task (docs/api-tasks.md), newest first, with the customer of a delivery. */
export const tasksResource: ListResource = {
  name: 'tasks',
  from: 'tasks t',
  select: `t.id, t.type, t.title, t.description, ${statusNow} AS status, t.store_id AS "storeId", t.store_name AS "storeName", t.order_id AS "orderId",
    t.assignment_id AS "assignmentId", t.collaborator_id AS "collaboratorId", t.collaborator_name AS "collaboratorName", t.offered,
    t.pickup_address AS "pickupAddress", t.delivery_address AS "deliveryAddress", t.pickup_latitude AS "pickupLatitude", t.pickup_longitude AS "pickupLongitude",
    t.delivery_latitude AS "deliveryLatitude", t.delivery_longitude AS "deliveryLongitude", round(t.distance_km::numeric, 2)::float8 AS distance, t.deadline,
    t.compensation_cents AS compensation, t.credits,
    (SELECT customer_name FROM orders WHERE id = t.order_id) AS "customerName", (SELECT customer_phone FROM orders WHERE id = t.order_id) AS "customerPhone",
    false AS "takenByOther", t.accepted_at AS "acceptedAt", t.started_at AS "startedAt", t.completed_at AS "completedAt",
    CASE WHEN ${lapsedNow} THEN t.deadline ELSE t.cancelled_at END AS "cancelledAt",
    CASE WHEN ${lapsedNow} THEN '${expiredReason.replace(/'/g, "''")}' ELSE t.cancel_reason END AS "cancelReason",
    t.created_at AS "createdAt", t.updated_at AS "updatedAt"`,
  id: 't.id',
  sortable: {
    id: 't.id',
    createdAt: 't.created_at',
    updatedAt: 't.updated_at',
    deadline: 't.deadline',
    status: statusNow,
    type: 't.type',
    title: 'lower(t.title)',
    storeName: 'lower(t.store_name)',
    collaboratorName: 'lower(t.collaborator_name)',
    compensation: 't.compensation_cents',
    credits: 't.credits',
  },
  defaultOrder: 't.created_at DESC',
  filters: {
    status: { ...anyOf(taskStatuses, 'Stato dell’attività', 't.status'), where: (p) => `${statusNow} = ANY (${p}::text[])` },
    type: anyOf(taskTypes, 'Tipo di attività', 't.type'),
    storeId: uuidFilter('t.store_id'),
    collaboratorId: uuidFilter('t.collaborator_id'),
    orderId: uuidFilter('t.order_id'),
  },
  // The shop's and the collaborator's names and the title, accents and case ignored.
  searchText: folded(`t.store_name || ' ' || coalesce(t.collaborator_name, '') || ' ' || t.title`),
  notFound: taskNotFound,
  row: centsRow(task),
};
