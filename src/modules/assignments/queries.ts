import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { readPage } from '../../platform/db/read-page.js';
import type { Paging } from '../../platform/http/paging.js';
import { DomainError } from '../../platform/domain/errors.js';
import { anyOf, folded, type ListResource } from '../../platform/http/admin-rest.js';
import { centsRow } from '../../platform/http/money.js';
import { assignmentNotFound } from './assignment.js';
import { assignment, type Assignment, type Earnings } from './contract.js';
import { assignmentPaymentStatuses, assignmentStatuses, priorities, type AssignmentStatus } from './labels.js';
import type { Reader } from './commands.js';

/** The sessions of the assignment at a glance (open: scheduled, not yet activated, as stored). */
const sessions = sql.fragment`(SELECT json_build_object('total', count(*), 'open', count(*) FILTER (WHERE s.status = 'pending'),
    'active', count(*) FILTER (WHERE s.status = 'active'), 'completed', count(*) FILTER (WHERE s.status = 'completed'))
  FROM collaboration_sessions s WHERE s.assignment_id = a.id)`;

/**
 * An assignment from a package unlock: where the shop's payment of the package stands, from the
 * payment itself (a refund of a report shows); `verifying` while the unlock or its payment is not
 * read yet (a moment after the purchase), never «Da pagare» once paid.
 */
const shopPayment = sql.fragment`(CASE WHEN a.origin = 'unlock' THEN coalesce((
    SELECT CASE WHEN u.free_of_charge OR (u.unlock_status = 'purchased' AND u.payment_id IS NULL) THEN 'free'
      WHEN t.status = 'refunded' THEN 'refunded' WHEN t.status = 'completed' AND t.refunded_cents > 0 THEN 'partially_refunded'
      WHEN t.status = 'completed' THEN 'paid' END
    FROM package_unlocks u LEFT JOIN payment_transactions t ON t.id = u.payment_id WHERE u.id = a.unlock_id), 'verifying') END)`;

/** The record's columns under the contract's names (money in cents: the answers turn it into euros). */
const columns = sql.fragment`a.id, a.origin, a.store_id AS "storeId", a.store_name AS "storeName", a.shopkeeper_user_id AS "shopkeeperId",
  coalesce((SELECT name FROM users WHERE id = a.shopkeeper_user_id), '') AS "shopkeeperName", a.collaborator_user_id AS "collaboratorId", a.collaborator_name AS "collaboratorName",
  a.request_id AS "requestId", a.unlock_id AS "unlockId", a.package_id AS "packageId", (SELECT name FROM packages WHERE id = a.package_id) AS "packageName",
  a.description, a.priority, a.status, a.payment_amount_cents AS "paymentAmount", a.compensation_cents AS compensation,
  a.site_commission_cents AS "siteCommission", a.payment_status AS "paymentStatus", ${shopPayment} AS "shopPayment", a.credits_earned AS "creditsEarned", a.permissions,
  a.due_date AS "dueDate", a.assigned_at AS "assignedAt", a.accepted_at AS "acceptedAt", a.started_at AS "startedAt", a.completed_at AS "completedAt",
  a.closed_at AS "closedAt", a.rejection_reason AS "rejectionReason", a.cancel_reason AS "cancelReason", a.has_problems AS "hasProblems",
  a.problem_description AS "problemDescription", a.paid_at AS "paidAt",
  CASE WHEN a.payout_transfer_id IS NOT NULL THEN json_build_object('provider', a.payout_provider, 'transferId', a.payout_transfer_id) END AS "payoutTransfer",
  a.shopkeeper_rating::float8 AS "shopkeeperRating", a.shopkeeper_review AS "shopkeeperReview", a.collaborator_rating::float8 AS "collaboratorRating",
  a.collaborator_review AS "collaboratorReview", ${sessions} AS sessions, a.updated_at AS "updatedAt",
  (SELECT nullif(btrim(c.availability), '') FROM collaborators c WHERE c.user_id = a.collaborator_user_id) AS "collaboratorAvailability",
  (SELECT r.estimated_duration FROM collaboration_requests r WHERE r.id = a.request_id) AS "estimatedMinutes",
  (SELECT p.credits FROM packages p WHERE p.id = a.package_id) AS "packageCredits"`;

const answerRow = centsRow(assignment);
const found = z.object({ found: z.boolean() });

/** Whether the collaborator already worked for the shop: an assignment of it they accepted once (a direct assignment and a standing access need it). */
export async function workedWith(db: ReadDb, storeId: string, collaboratorId: string): Promise<boolean> {
  return db.oneFirst(sql.type(found)`
    SELECT EXISTS (SELECT 1 FROM collaborator_assignments
      WHERE store_id = ${storeId} AND collaborator_user_id = ${collaboratorId} AND status IN ('accepted', 'in_progress', 'completed')) AS found`);
}

/** A row as the answer takes it: its times as ISO text. */
export function isoTimes<T extends Record<string, unknown>>(row: T): T {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])) as T;
}

/** A page of the assignments `reader` may see: the shop's, mine, or all for an admin; open ones first, newest first. */
export async function assignmentsFor(
  db: ReadDb,
  reader: Reader,
  filter: { statuses?: AssignmentStatus[]; id?: string },
  paging: Paging,
): Promise<{ rows: Assignment[]; total: number }> {
  const where = [];
  if (reader.role === 'shopkeeper') where.push(sql.fragment`a.shopkeeper_user_id = ${reader.id}`);
  else if (reader.role === 'collaborator') where.push(sql.fragment`a.collaborator_user_id = ${reader.id}`);
  else if (reader.role !== 'admin') return { rows: [], total: 0 };
  if (filter.id) where.push(sql.fragment`a.id = ${filter.id}`);
  if (filter.statuses?.length) where.push(sql.fragment`a.status = ANY (${sql.array(filter.statuses, 'text')})`);
  return readPage(
    db,
    {
      row: answerRow,
      select: columns,
      from: sql.fragment`collaborator_assignments a WHERE ${where.length ? sql.join(where, sql.fragment` AND `) : sql.fragment`true`}`,
      order: sql.fragment`(a.status IN ('pending', 'accepted', 'in_progress')) DESC, a.assigned_at DESC, a.id`,
    },
    paging,
  );
}

export async function assignmentAnswer(db: ReadDb, reader: Reader, id: string): Promise<Assignment> {
  const [found] = (await assignmentsFor(db, reader, { id }, { page: 1, pageSize: 1 })).rows;
  if (!found) throw new DomainError(assignmentNotFound, 'not-found');
  return found;
}

/** The admin's list of every assignment. */
export const assignmentsResource: ListResource = {
  name: 'assignments',
  from: 'collaborator_assignments a',
  select: columns.sql,
  id: 'a.id',
  sortable: {
    id: 'a.id',
    assignedAt: 'a.assigned_at',
    completedAt: 'a.completed_at',
    updatedAt: 'a.updated_at',
    status: `array_position(ARRAY['pending', 'accepted', 'in_progress', 'completed', 'cancelled', 'rejected'], a.status)`,
    priority: `array_position(ARRAY['low', 'medium', 'high', 'urgent'], a.priority)`,
    paymentAmount: 'a.payment_amount_cents',
    compensation: 'a.compensation_cents',
    storeName: 'lower(a.store_name)',
    collaboratorName: 'lower(a.collaborator_name)',
  },
  defaultOrder: 'a.assigned_at DESC',
  filters: {
    status: anyOf(assignmentStatuses, 'Stato dell’incarico', 'a.status'),
    paymentStatus: anyOf(assignmentPaymentStatuses, 'Stato del pagamento', 'a.payment_status'),
    priority: anyOf(priorities, 'Priorità', 'a.priority'),
    hasProblems: { schema: z.boolean({ error: 'Problemi: true o false.' }), where: (p) => `a.has_problems = ${p}` },
  },
  searchText: folded(`a.store_name || ' ' || a.collaborator_name`),
  notFound: assignmentNotFound,
  row: answerRow,
};

/** A sum of earned lines: the whole (`whole`), a month's or a shop's. */
const sumRow = z.object({
  month: z.string().nullable(),
  store_id: column.uuid.nullable(),
  store_name: z.string().nullable(),
  count: z.number(),
  pending: z.number(),
  paid: z.number(),
  credits: z.number(),
  whole: z.boolean(),
});

/** One completed assignment or task, with what it earned. */
const earnedRow = z.object({
  kind: z.enum(['assignment', 'task']),
  id: column.uuid,
  store_id: column.uuid,
  store_name: z.string(),
  title: z.string(),
  completed_at: column.time,
  amount_cents: z.number(),
  credits: z.number(),
  payment_status: z.enum(assignmentPaymentStatuses),
});

/**
 * What a collaborator earned: each completed assignment (its compensation, pending until paid
 * out) and each completed task (its compensation and credits, paid by the shop on delivery), by
 * month on Rome's clock and by shop.
 */
export async function earningsOf(db: ReadDb, collaboratorId: string): Promise<Earnings> {
  const earned = sql.fragment`SELECT 'assignment' AS kind, a.id, a.store_id, a.store_name, a.description AS title, a.completed_at, a.compensation_cents AS amount_cents,
         a.credits_earned AS credits, a.payment_status
       FROM collaborator_assignments a WHERE a.collaborator_user_id = ${collaboratorId} AND a.status = 'completed'
       UNION ALL
       SELECT 'task', t.id, t.store_id, t.store_name, t.title, t.completed_at, t.compensation_cents, t.credits, 'paid'
       FROM tasks t WHERE t.collaborator_id = ${collaboratorId} AND t.status = 'completed'`;
  // Every line at once, summed by the database: the whole, each month on Rome's clock, each shop.
  const [sums, latest] = await Promise.all([
    db.any(sql.type(sumRow)`
      SELECT to_char(completed_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM') AS month, store_id, max(store_name) AS store_name, count(*)::int AS count,
        coalesce(sum(amount_cents) FILTER (WHERE payment_status = 'pending'), 0) AS pending,
        coalesce(sum(amount_cents) FILTER (WHERE payment_status = 'paid'), 0) AS paid, coalesce(sum(credits), 0) AS credits,
        GROUPING(to_char(completed_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM'), store_id) = 3 AS whole
      FROM (${earned}) e
      GROUP BY GROUPING SETS ((), (to_char(completed_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM')), (store_id))`),
    db.any(sql.type(earnedRow)`SELECT * FROM (${earned}) e ORDER BY completed_at DESC, id LIMIT 20`),
  ]);
  const line = (r: (typeof sums)[number]) => ({ count: r.count, pending: r.pending, paid: r.paid, credits: r.credits });
  const whole = sums.find((r) => r.whole);
  return {
    totals: whole ? line(whole) : { count: 0, pending: 0, paid: 0, credits: 0 },
    byMonth: sums
      .filter((r) => !r.whole && r.month !== null)
      .map((r) => ({ month: r.month!, ...line(r) }))
      .sort((a, b) => b.month.localeCompare(a.month)),
    byStore: sums
      .filter((r) => !r.whole && r.store_id !== null)
      .map((r) => ({ storeId: r.store_id!, storeName: r.store_name!, ...line(r) }))
      .sort((a, b) => b.pending + b.paid - (a.pending + a.paid)),
    latest: latest.map((r) => ({
      kind: r.kind,
      id: r.id,
      storeName: r.store_name,
      title: r.title,
      completedAt: r.completed_at,
      amount: r.amount_cents,
      credits: r.credits,
      paymentStatus: r.payment_status,
    })),
  };
}

const placeRow = z.object({ store_id: column.uuid, collaborator_user_id: column.uuid, collaborator_name: z.string(), status: z.string() });

/** An assignment's shop, collaborator and status as the read model has them, or null. */
export async function assignmentRow(db: ReadDb, id: string): Promise<z.infer<typeof placeRow> | null> {
  return db.maybeOne(sql.type(placeRow)`SELECT store_id, collaborator_user_id, collaborator_name, status FROM collaborator_assignments WHERE id = ${id}`);
}
