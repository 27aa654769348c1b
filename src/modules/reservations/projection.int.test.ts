import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aReservation } from '../../../tests/support/order-events.js';
import { productFields } from '../../../tests/support/products.js';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { productDecider, productStreamId, type ProductCommand } from '../catalog/products.js';
import { reservationsProjection } from './projection.js';
import { reservationDecider, reservationStreamId, type ReservationCommand, type ReservationRequestedData } from './reservation.js';

const spec = useProjection(reservationsProjection);
const log = new EventLog('2026-06-10T08:00:00.000Z');
const now = new Date('2026-06-10T08:00:00.000Z');
const reservation = (r: ReservationRequestedData, command: ReservationCommand) => log.decide(reservationStreamId(r.reservationId), reservationDecider, command);
const product = (id: string, command: ProductCommand) => log.decide(productStreamId(id), productDecider, command);

const row = async (id: string) =>
  (
    await spec.rows(
      `SELECT user_id, product_id, product_name, store_id, store_owner_id, store_name, quantity, status, customer_name, customer_phone,
         customer_email, reservation_date::text, preferred_pickup_time, notes, shopkeeper_notes, confirmed_at, ready_at, completed_at,
         cancelled_at, cancel_reason, cancelled_by, expired, expires_at, stock_held, created_at, updated_at
       FROM product_reservations WHERE id = $1`,
      [id],
    )
  )[0];

describe('reservations projection', () => {
  it('adds a request with its deadline, then each step with its time, to collected', async () => {
    const r = aReservation();
    const requested = reservation(r, { type: 'RequestReservation', reservation: r, now });
    await spec.apply(requested);
    const at = new Date(requested[0]!.metadata.at);
    expect(await row(r.reservationId)).toEqual({
      user_id: r.userId,
      product_id: r.productId,
      product_name: 'Pane di Altamura',
      store_id: r.storeId,
      store_owner_id: r.storeOwnerId,
      store_name: 'Forno Rossi',
      quantity: 2,
      status: 'pending',
      customer_name: 'Giulia Bianchi',
      customer_phone: '+39 333 1234567',
      customer_email: 'giulia@esempio.it',
      reservation_date: '2026-06-10',
      preferred_pickup_time: '17:30',
      notes: 'Ben cotto',
      shopkeeper_notes: null,
      confirmed_at: null,
      ready_at: null,
      completed_at: null,
      cancelled_at: null,
      cancel_reason: null,
      cancelled_by: null,
      expired: false,
      // The end of 10 June in Rome (22:00 UTC in summer) and two hours of grace.
      expires_at: new Date('2026-06-11T00:00:00.000Z'),
      stock_held: 0,
      created_at: at,
      updated_at: at,
    });
    const confirmed = reservation(r, { type: 'ConfirmReservation', shopkeeperNotes: ' Al banco ' });
    const ready = reservation(r, { type: 'MarkReservationReady' });
    await spec.apply([...confirmed, ...ready]);
    expect(await row(r.reservationId)).toMatchObject({
      status: 'ready',
      shopkeeper_notes: 'Al banco',
      confirmed_at: new Date(confirmed[0]!.metadata.at),
      ready_at: new Date(ready[0]!.metadata.at),
      updated_at: new Date(ready[0]!.metadata.at),
    });
    const completed = reservation(r, { type: 'CompleteReservation' });
    await spec.apply(completed);
    expect(await row(r.reservationId)).toMatchObject({ status: 'completed', completed_at: new Date(completed[0]!.metadata.at) });
  });

  it('cancels a reservation with who and why, and tells an expired one', async () => {
    const [byShop, byCustomer, lapsed] = [aReservation(), aReservation(), aReservation()];
    await spec.apply([
      ...reservation(byShop, { type: 'RequestReservation', reservation: byShop, now }),
      ...reservation(byCustomer, { type: 'RequestReservation', reservation: byCustomer, now }),
      ...reservation(lapsed, { type: 'RequestReservation', reservation: lapsed, now }),
      ...reservation(byShop, { type: 'ConfirmReservation', shopkeeperNotes: '' }),
    ]);
    expect(await row(byShop.reservationId)).toMatchObject({ status: 'confirmed', shopkeeper_notes: null });
    const cancelled = reservation(byShop, { type: 'CancelReservation', by: 'store', reason: 'Forno chiuso' });
    await spec.apply([
      ...cancelled,
      ...reservation(byCustomer, { type: 'CancelReservation', by: 'customer', reason: '' }),
      ...reservation(lapsed, { type: 'ExpireReservation', now: new Date('2026-06-11T00:00:00.000Z') }),
    ]);
    expect(await row(byShop.reservationId)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'store',
      cancel_reason: 'Forno chiuso',
      expired: false,
      cancelled_at: new Date(cancelled[0]!.metadata.at),
    });
    expect(await row(byCustomer.reservationId)).toMatchObject({ status: 'cancelled', cancelled_by: 'customer', cancel_reason: null, expired: false });
    expect(await row(lapsed.reservationId)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'system',
      cancel_reason: 'Prenotazione scaduta: non ritirata entro il giorno scelto.',
      expired: true,
    });
  });

  it("keeps the units its product's hold sets aside, not an order's, until they are given back", async () => {
    const r = aReservation();
    const p = r.productId;
    product(p, {
      type: 'CreateProduct',
      productId: p,
      storeId: r.storeId,
      globalProductId: null,
      fields: productFields({ name: 'Pane di Altamura', priceCents: 400, stockQuantity: 10 }),
    });
    await spec.apply([
      ...reservation(r, { type: 'RequestReservation', reservation: r, now }),
      ...product(p, { type: 'HoldStock', holdId: `reservation:${r.reservationId}`, quantity: 2 }),
      ...product(p, { type: 'HoldStock', holdId: `order:${randomUUID()}`, quantity: 5 }),
    ]);
    expect(await row(r.reservationId)).toMatchObject({ stock_held: 2 });
    await spec.apply([
      ...reservation(r, { type: 'CancelReservation', by: 'customer', reason: '' }),
      ...product(p, { type: 'ReleaseStock', holdId: `reservation:${r.reservationId}` }),
    ]);
    expect(await row(r.reservationId)).toMatchObject({ status: 'cancelled', stock_held: 0 });
  });
});
