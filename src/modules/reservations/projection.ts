import type { ProductEvent } from '../catalog/products.js';
import { reservationDeadline, type ReservationEvent, type ReservationStatus } from './reservation.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import type pg from 'pg';
import { byEventType, type Projection } from '../../platform/projections/projection.js';

const holdPrefix = 'reservation:';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reservation a stock hold belongs to; null for an order's hold. */
function reservationOfHold(holdId: string): string | null {
  const id = holdId.startsWith(holdPrefix) ? holdId.slice(holdPrefix.length) : '';
  return uuid.test(id) ? id : null;
}

/** A step of the reservation: its status, and the time of that step in its own column. */
function move(event: RecordedEvent<string, { reservationId: string }>, status: ReservationStatus, column: 'confirmed_at' | 'ready_at' | 'completed_at', tx: pg.ClientBase) {
  return tx.query(`UPDATE product_reservations SET status = $2, ${column} = $3, updated_at = $3 WHERE id = $1`, [event.data.reservationId, status, event.metadata.at]);
}

/** product_reservations (spec §3), with the units each one's hold keeps on its product. */
export const reservationsProjection: Projection = {
  name: 'reservations',
  title: 'Prenotazioni',
  version: 1,
  tables: ['product_reservations'],
  apply: byEventType<ReservationEvent | ProductEvent>({
    ReservationRequested: ({ data: r, metadata }, tx) =>
      tx.query(
        `INSERT INTO product_reservations (id, user_id, product_id, product_name, store_id, store_owner_id, store_name, quantity,
           status, customer_name, customer_phone, customer_email, reservation_date, preferred_pickup_time, notes, expires_at,
           created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10, $11, $12, $13, $14, $15, $16, $16)
         ON CONFLICT (id) DO NOTHING`,
        [
          r.reservationId,
          r.userId,
          r.productId,
          r.productName,
          r.storeId,
          r.storeOwnerId,
          r.storeName,
          r.quantity,
          r.customerName,
          r.customerPhone,
          r.customerEmail,
          r.reservationDate,
          r.preferredPickupTime,
          r.notes,
          reservationDeadline(r.reservationDate),
          metadata.at,
        ],
      ),
    ReservationConfirmed: async (event, tx) => {
      await move(event, 'confirmed', 'confirmed_at', tx);
      await tx.query('UPDATE product_reservations SET shopkeeper_notes = $2 WHERE id = $1', [event.data.reservationId, event.data.shopkeeperNotes || null]);
    },
    ReservationReady: (event, tx) => move(event, 'ready', 'ready_at', tx),
    ReservationCompleted: (event, tx) => move(event, 'completed', 'completed_at', tx),
    ReservationCancelled: ({ data, metadata }, tx) =>
      tx.query(
        `UPDATE product_reservations SET status = 'cancelled', cancelled_at = $2, updated_at = $2, cancel_reason = $3,
           cancelled_by = $4, expired = $5 WHERE id = $1`,
        [data.reservationId, metadata.at, data.reason || null, data.by, data.expired],
      ),
    ProductStockHeld: async ({ data }, tx) => {
      const id = reservationOfHold(data.holdId);
      if (id) await tx.query('UPDATE product_reservations SET stock_held = $2 WHERE id = $1', [id, data.quantity]);
    },
    ProductStockReleased: async ({ data }, tx) => {
      const id = reservationOfHold(data.holdId);
      if (id) await tx.query('UPDATE product_reservations SET stock_held = 0 WHERE id = $1', [id]);
    },
  }),
};
