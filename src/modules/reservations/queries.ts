import { z } from 'zod';
import { sql, type ReadDb } from '../../platform/db/read.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { SessionUser } from '../../platform/http/plugins/session.js';
import type { ReadList } from '../../platform/db/read-page.js';
import type { OpeningHours } from '../stores/store.js';
import { reservationRecord, reservationStatuses, type Reservation, type ReservationListQuery, type ReservationRecord } from './contract.js';
import { allowedReservationActions, type ReservationSide, type ReservationStatus } from './reservation.js';

/** docs/api-orders.md `Reservation`, without `allowedActions` (they depend on who asks). */
const columns = sql.fragment`r.id, r.user_id AS "userId", r.product_id AS "productId", r.product_name AS "productName",
  r.store_id AS "storeId", r.store_name AS "storeName", r.quantity, r.status,
  r.customer_name AS "customerName", r.customer_phone AS "customerPhone", r.customer_email AS "customerEmail",
  r.reservation_date::text AS "reservationDate", r.preferred_pickup_time AS "preferredPickupTime", r.notes,
  r.shopkeeper_notes AS "shopkeeperNotes", r.confirmed_at AS "confirmedAt", r.ready_at AS "readyAt",
  r.completed_at AS "completedAt", r.cancelled_at AS "cancelledAt", r.cancel_reason AS "cancelReason",
  r.expired, r.created_at AS "createdAt"`;

const ownedRecord = reservationRecord.extend({ storeOwnerId: z.uuid() });
type OwnedRecord = z.infer<typeof ownedRecord>;

export async function reservationRow(db: ReadDb, id: string): Promise<OwnedRecord | null> {
  return db.maybeOne(sql.type(ownedRecord)`SELECT ${columns}, r.store_owner_id AS "storeOwnerId" FROM product_reservations r WHERE r.id = ${id}`);
}

/** Which side the user is on for this reservation; none answers 404, so its existence does not leak. */
export function sideOf(user: SessionUser, r: { userId: string; storeOwnerId: string }): ReservationSide {
  if (user.role === 'admin') return 'admin';
  if (r.userId === user.id) return 'customer';
  if (r.storeOwnerId === user.id) return 'store';
  throw new DomainError('Prenotazione non trovata.', 'not-found');
}

/** The reservation as `side` sees it: with what it may do with it now. */
export const view = ({ storeOwnerId: _owner, ...row }: ReservationRecord & { storeOwnerId?: string }, side: ReservationSide): Reservation => ({
  ...row,
  allowedActions: allowedReservationActions(row.status, side),
});

export async function reservationView(db: ReadDb, user: SessionUser, id: string): Promise<Reservation> {
  const row = await reservationRow(db, id);
  if (!row) throw new DomainError('Prenotazione non trovata.', 'not-found');
  return view(row, sideOf(user, row));
}

/** The reservations of one customer or one shop (`owner` names which), filtered and paged. */
export const reservationList = (owner: 'user' | 'store', id: string, { status, q }: ReservationListQuery): ReadList<typeof reservationRecord> => {
  const statuses = sql.array(status, 'text');
  const words = sql.array(q ? q.split(/\s+/).filter(Boolean) : [], 'text');
  return {
    row: reservationRecord,
    select: columns,
    from: sql.fragment`product_reservations r WHERE ${owner === 'user' ? sql.fragment`r.user_id` : sql.fragment`r.store_id`} = ${id}
      AND (cardinality(${statuses}) = 0 OR r.status = ANY (${statuses}))
      AND NOT EXISTS (SELECT 1 FROM unnest(${words}) word
        WHERE strpos(f_unaccent(lower(concat_ws(' ', r.customer_name, r.customer_phone, r.customer_email, r.product_name))), f_unaccent(lower(word))) = 0)`,
    order: sql.fragment`r.created_at DESC, r.id`,
  };
};

const statusCountRow = z.object({ status: z.enum(reservationStatuses), count: z.number() });

/** How many reservations a shop has, in all and in each state (every state named). */
export async function storeReservationCounts(db: ReadDb, storeId: string) {
  const rows = await db.any(sql.type(statusCountRow)`
    SELECT status, count(*)::int AS count FROM product_reservations WHERE store_id = ${storeId} GROUP BY status`);
  const byStatus = Object.fromEntries(reservationStatuses.map((status) => [status, 0])) as Record<ReservationStatus, number>;
  for (const r of rows) byStatus[r.status] = r.count;
  return { count: rows.reduce((n, r) => n + r.count, 0), byStatus };
}

const productToReserve = z.object({
  name: z.string(),
  stock: z.number(),
  storeId: z.uuid(),
  storeName: z.string(),
  ownerId: z.uuid(),
  openingHours: z.custom<OpeningHours>().nullable(),
});

/** A product a customer may reserve: on sale, in an active shop; null when it is not. */
export async function productOnSale(db: ReadDb, productId: string): Promise<z.infer<typeof productToReserve> | null> {
  return db.maybeOne(sql.type(productToReserve)`
    SELECT p.name, p.stock_quantity AS stock, p.store_id AS "storeId", s.name AS "storeName", s.owner_id AS "ownerId",
           s.opening_hours AS "openingHours"
    FROM products p JOIN stores s ON s.id = p.store_id
    WHERE p.id = ${productId} AND p.status = 'active' AND NOT p.is_deleted AND p.store_active AND s.status = 'active'`);
}
