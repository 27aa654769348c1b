import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { anyOf, booleanFilter, folded, type ListResource } from '../../platform/http/admin-rest.js';
import { centsRow } from '../../platform/http/money.js';
import { DomainError } from '../../platform/domain/errors.js';
import { effectiveStatus, type Reader } from '../collaboration-requests/queries.js';
import { requestStatuses } from '../collaboration-requests/labels.js';
import { adminPackageUnlock, packageUnlock, type PackageUnlock } from './contract.js';
import { purchaseAttemptStatuses, unlockStatuses } from './labels.js';
import { unlockNotFound } from './unlock.js';

/** An unlock as read with its package's terms and its request's status, times as ISO text. */
const unlockRow = z.object({
  id: column.uuid,
  request_id: column.uuid,
  shopkeeper_id: column.uuid,
  store_id: column.uuid,
  store_name: z.string().nullable(),
  collaborator_id: column.uuid.nullable(),
  collaborator_name: z.string().nullable(),
  package_id: column.uuid,
  package_name: z.string().nullable(),
  price_cents: z.number().nullable(),
  amount_cents: z.number().nullable(),
  commission_percentage: z.number().nullable(),
  collaborator_compensation_cents: z.number().nullable(),
  site_commission_cents: z.number().nullable(),
  unlock_status: z.enum(unlockStatuses),
  unlocked_by: packageUnlock.shape.unlockedBy,
  admin_user_id: column.uuid.nullable(),
  unlock_reason: z.string().nullable(),
  special_conditions: z.string().nullable(),
  free_of_charge: z.boolean(),
  unlocked_at: column.time.nullable(),
  purchase_deadline: column.time.nullable(),
  purchased_at: column.time.nullable(),
  payment_id: column.uuid.nullable(),
  lapsed: z.boolean(),
  request_status: z.enum(requestStatuses).nullable(),
  budget_cents: z.number().nullable(),
  last_payment: z.object({ status: z.enum(purchaseAttemptStatuses), reason: z.string().nullable() }).nullable(),
  response_deadline: column.time.nullable(),
  created_at: column.time,
  updated_at: column.time,
});
type Row = z.infer<typeof unlockRow>;

function answerOf(row: Row, reader: Reader, now: Date): PackageUnlock {
  const lapsed =
    row.lapsed || (row.unlock_status !== 'purchased' && row.unlock_status !== 'locked' && !!row.purchase_deadline && Date.parse(row.purchase_deadline) <= now.getTime());
  const price = row.free_of_charge ? 0 : (row.amount_cents ?? row.price_cents ?? 0);
  const commission = row.commission_percentage ?? 20;
  const compensation = row.free_of_charge ? 0 : (row.collaborator_compensation_cents ?? Math.round((price * (100 - commission)) / 100));
  const site = row.free_of_charge ? 0 : (row.site_commission_cents ?? price - compensation);
  const asCollaborator = reader.role === 'collaborator';
  const requestStatus = row.request_status
    ? (effectiveStatus(
        {
          status: row.request_status,
          response_deadline: new Date(row.response_deadline!),
          unlock_status: row.unlock_status,
          unlock_deadline: row.purchase_deadline ? new Date(row.purchase_deadline) : null,
          lapsed,
        },
        now,
      )?.status ?? row.request_status)
    : 'waiting';
  return {
    id: row.id,
    requestId: row.request_id,
    shopkeeperId: row.shopkeeper_id,
    storeId: row.store_id,
    storeName: row.store_name ?? '',
    collaboratorId: row.collaborator_id,
    collaboratorName: row.collaborator_name,
    packageId: row.package_id,
    packageName: row.package_name ?? '',
    price: asCollaborator ? null : price,
    collaboratorCompensation: compensation,
    siteCommission: asCollaborator ? null : site,
    commissionPercentage: asCollaborator ? null : commission,
    unlockStatus: row.unlock_status,
    unlockedBy: row.unlocked_by,
    adminUserId: asCollaborator ? null : row.admin_user_id,
    unlockReason: asCollaborator ? null : row.unlock_reason,
    specialConditions: row.special_conditions,
    freeOfCharge: row.free_of_charge,
    unlockedAt: row.unlocked_at,
    purchaseDeadline: row.purchase_deadline,
    purchasedAt: row.purchased_at,
    paymentId: asCollaborator ? null : row.payment_id,
    lapsed,
    requestBudget: asCollaborator ? null : row.budget_cents,
    lastPayment: asCollaborator ? null : row.last_payment,
    requestStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The unlocks `reader` may see, newest first: the shopkeeper's, the collaborator's (naming them), or all (admin); one with `id`. */
export async function unlocksFor(db: ReadDb, reader: Reader, now: Date, { id }: { id?: string } = {}): Promise<PackageUnlock[]> {
  const where = [];
  if (id) where.push(sql.fragment`u.id = ${id}`);
  if (reader.role === 'shopkeeper') where.push(sql.fragment`u.shopkeeper_id = ${reader.id}`);
  else if (reader.role === 'collaborator') where.push(sql.fragment`u.collaborator_id = ${reader.id}`);
  else if (reader.role !== 'admin') return [];
  const rows = await db.any(sql.type(unlockRow)`
    SELECT u.id, u.request_id, u.shopkeeper_id, u.store_id, (SELECT name FROM stores WHERE id = u.store_id) AS store_name, u.collaborator_id,
      (SELECT name FROM users WHERE id = u.collaborator_id) AS collaborator_name, u.package_id, p.name AS package_name, p.price_cents, u.amount_cents,
      p.commission_percentage::float8 AS commission_percentage, p.collaborator_compensation_cents, p.site_commission_cents, u.unlock_status, u.unlocked_by,
      u.admin_user_id, u.unlock_reason, u.special_conditions, u.free_of_charge, u.unlocked_at, u.purchase_deadline, u.purchased_at, u.payment_id, u.lapsed,
      r.status AS request_status, r.response_deadline, r.max_budget_cents AS budget_cents,
      -- The latest attempt to pay it, while it is not bought: a refused one is said on the page, with a new try.
      CASE WHEN u.unlock_status <> 'purchased' AND NOT u.free_of_charge THEN (
        SELECT json_build_object('status', t.status, 'reason', t.failure_reason) FROM payment_transactions t
        WHERE t.metadata ->> 'unlockId' = u.id::text AND t.transaction_type <> 'refund' ORDER BY t.created_at DESC LIMIT 1) END AS last_payment,
      u.created_at, u.updated_at
    FROM package_unlocks u
    LEFT JOIN packages p ON p.id = u.package_id
    LEFT JOIN collaboration_requests r ON r.id = u.request_id
    WHERE ${where.length ? sql.join(where, sql.fragment` AND `) : sql.fragment`true`}
    ORDER BY u.created_at DESC, u.id LIMIT 500`);
  return rows.map((row) => answerOf(row, reader, now));
}

/** One unlock, for a reader who may see it; otherwise 404. */
export async function unlockFor(db: ReadDb, reader: Reader, id: string, now: Date): Promise<PackageUnlock> {
  const [found] = await unlocksFor(db, reader, now, { id });
  if (!found) throw new DomainError(unlockNotFound, 'not-found');
  return found;
}

/** A column of the unlock's package, request or people (correlated: the list's `from` is the unlocks alone). */
const pkg = (col: string) => `(SELECT ${col} FROM packages WHERE id = u.package_id)`;
const req = (col: string) => `(SELECT ${col} FROM collaboration_requests WHERE id = u.request_id)`;
const nameOf = (id: string) => `(SELECT name FROM users WHERE id = ${id})`;
/** Not bought by its deadline: lapsed, or past it before the upkeep ran (answerOf). */
const lapsedNow = `(u.lapsed OR (u.unlock_status IN ('unlocked_collaborator', 'unlocked_admin') AND coalesce(u.purchase_deadline <= now(), false)))`;
/** What the shopkeeper pays (answerOf): nothing free of charge, else what was paid or the package's price. */
const priceCents = `(CASE WHEN u.free_of_charge THEN 0 ELSE coalesce(u.amount_cents, ${pkg('price_cents')}, 0) END)`;
const commission = `coalesce(${pkg('commission_percentage::float8')}, 20)`;
const compensationCents = `(CASE WHEN u.free_of_charge THEN 0 ELSE coalesce(${pkg('collaborator_compensation_cents')}, round(${priceCents} * (100 - ${commission}) / 100)::int) END)`;
const storeName = `coalesce((SELECT name FROM stores WHERE id = u.store_id), '')`;
const collaboratorName = `coalesce(${nameOf('u.collaborator_id')}, ${req('collaborator_name')})`;
/** The request's status as read now (its deadline, or this unlock's, passed). */
const requestStatusNow = `(CASE WHEN ${req(`status IN ('waiting', 'pending') AND response_deadline <= now()`)} THEN 'expired'
  WHEN ${req('status')} = 'accepted' AND u.unlock_status <> 'purchased' AND ${lapsedNow} THEN 'expired' ELSE coalesce(${req('status')}, 'waiting') END)`;

/** The admin's list of every unlock, newest first: who unlocked it, why, and whether it was bought. */
export const unlocksResource: ListResource = {
  name: 'package-unlocks',
  from: 'package_unlocks u',
  select: `u.id, u.request_id AS "requestId", u.shopkeeper_id AS "shopkeeperId", u.store_id AS "storeId", ${storeName} AS "storeName",
    u.collaborator_id AS "collaboratorId", ${collaboratorName} AS "collaboratorName", u.package_id AS "packageId",
    coalesce(${pkg('name')}, '') AS "packageName", ${priceCents} AS price, ${compensationCents} AS "collaboratorCompensation",
    (CASE WHEN u.free_of_charge THEN 0 ELSE coalesce(${pkg('site_commission_cents')}, ${priceCents} - ${compensationCents}) END) AS "siteCommission",
    ${commission} AS "commissionPercentage", u.unlock_status AS "unlockStatus", u.unlocked_by AS "unlockedBy", u.admin_user_id AS "adminUserId",
    ${nameOf('u.admin_user_id')} AS "adminName", u.unlock_reason AS "unlockReason", u.special_conditions AS "specialConditions",
    u.free_of_charge AS "freeOfCharge", u.unlocked_at AS "unlockedAt", u.purchase_deadline AS "purchaseDeadline", u.purchased_at AS "purchasedAt",
    u.payment_id AS "paymentId", ${lapsedNow} AS lapsed, ${requestStatusNow} AS "requestStatus", ${req('request_type')} AS "requestType",
    u.created_at AS "createdAt", u.updated_at AS "updatedAt"`,
  id: 'u.id',
  sortable: {
    id: 'u.id',
    createdAt: 'u.created_at',
    updatedAt: 'u.updated_at',
    unlockStatus: 'u.unlock_status',
    purchaseDeadline: 'u.purchase_deadline',
    unlockedAt: 'u.unlocked_at',
    storeName: `lower(${storeName})`,
    collaboratorName: `lower(${collaboratorName})`,
  },
  defaultOrder: 'u.created_at DESC',
  filters: {
    unlockStatus: anyOf(unlockStatuses, 'Stato dello sblocco', 'u.unlock_status'),
    unlockedBy: anyOf(['collaborator_accepted', 'admin_override'], 'Sbloccato da', 'u.unlocked_by'),
    freeOfCharge: booleanFilter('u.free_of_charge'),
    lapsed: { ...booleanFilter(''), where: (p) => `${lapsedNow} = ${p}::boolean` },
  },
  // The shop's and the collaborator's names, accents and case ignored.
  searchText: folded(`${storeName} || ' ' || coalesce(${collaboratorName}, '')`),
  notFound: unlockNotFound,
  row: centsRow(adminPackageUnlock),
};

const openPaymentRow = z.object({ id: column.uuid, payment_url: z.string().nullable(), status: z.string() });

/** The unlock's payment opened already (pending, processing or completed), if any: a purchase sent again goes back to it. */
export async function paymentOfUnlock(db: ReadDb, unlockId: string): Promise<{ id: string; payment_url: string | null; status: string } | null> {
  return db.maybeOne(sql.type(openPaymentRow)`
    SELECT id, payment_url, status FROM payment_transactions
    WHERE metadata ->> 'unlockId' = ${unlockId} AND status IN ('pending', 'processing', 'completed') ORDER BY created_at LIMIT 1`);
}
