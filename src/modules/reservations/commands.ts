import { plural } from '../../platform/domain/format.js';
import { randomUUID } from 'node:crypto';
import { holdRound, productDecider, productStreamId } from '../catalog/products.js';
import { reservationDecider, reservationHoldId, reservationStreamId, type ReservationCommand, type ReservationRequestedData } from './reservation.js';
import { noHoursMessage, offersPickup } from '../orders/delivery.js';
import { productOnSale } from './queries.js';
import type { ReadDb } from '../../platform/db/read.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import { derivedId } from '../../platform/commands/ids.js';
import { comparePositions } from '../../platform/eventstore/position.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';

export interface ReservationDeps {
  store: EventStore;
  db: ReadDb;
}

const latest = (positions: (Position | null)[]): Position | null => positions.reduce<Position | null>((a, b) => (!a ? b : !b ? a : comparePositions(a, b) >= 0 ? a : b), null);

/**
 * Product streams grow with every order and reservation: their folded state is kept in memory,
 * and many writers may meet there at once (handle-command).
 */
const productOptions = { cacheAs: 'product', attempts: 50 } as const;

export interface ReservationInput {
  productId: string;
  quantity: number;
  reservationDate: string;
  preferredPickupTime?: string | null;
  notes?: string | null;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
}

/** A customer reserves units of a product on sale in an active shop, to collect on a day. */
export async function requestReservation(
  { store, db }: ReservationDeps,
  userId: string,
  input: ReservationInput,
  ctx: CommandContext,
): Promise<{ reservationId: string; position: Position | null }> {
  const product = await productOnSale(db, input.productId);
  if (!product) throw new DomainError('Prodotto non disponibile.', 'not-found');
  // A reservation is collected at the counter: not before the shop says when it is open.
  if (!offersPickup(product)) throw new DomainError(`${noHoursMessage}: per ora non si può prenotare il ritiro.`, 'rule');
  if (input.quantity > product.stock) {
    const message =
      product.stock === 0
        ? `«${product.name}» è esaurito.`
        : `${product.stock === 1 ? 'Disponibile' : 'Disponibili'} solo ${plural(product.stock, 'pezzo', 'pezzi')} di «${product.name}».`;
    throw new DomainError(message, 'rule', { quantity: `Disponibili: ${product.stock}.` });
  }
  const reservationId = randomUUID();
  const reservation: ReservationRequestedData = {
    reservationId,
    userId,
    storeId: product.storeId,
    storeOwnerId: product.ownerId,
    storeName: product.storeName,
    productId: input.productId,
    productName: product.name,
    quantity: input.quantity,
    reservationDate: input.reservationDate,
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    customerEmail: input.customerEmail,
    preferredPickupTime: input.preferredPickupTime ?? null,
    notes: input.notes?.trim() ?? '',
  };
  const result = await handleCommand(store, reservationStreamId(reservationId), reservationDecider, { type: 'RequestReservation', reservation, now: ctx.now }, ctx);
  return { reservationId, position: result.position };
}

/** Gives the reservation's held units back to its product; nothing when none are held. */
async function releaseHold(store: EventStore, reservationId: string, productId: string, ctx: CommandContext): Promise<Position | null> {
  const holdId = reservationHoldId(reservationId);
  const released = await handleCommand(store, productStreamId(productId), productDecider, { type: 'ReleaseStock', holdId }, ctx, {
    ...productOptions,
    eventIds: (_, state) => derivedId('release', 'reservation', reservationId, ...holdRound(state, holdId)),
  });
  return released.position;
}

/**
 * The shop confirms: the units are held on the product's stream first (optimistic concurrency:
 * two confirmations never sell the same last unit; 409 naming the product when too few are
 * left), then the reservation is confirmed. Every release follows a cancellation on the
 * reservation's own stream, which a completion excludes, so units collected are never given back.
 */
async function confirm({ store }: Pick<ReservationDeps, 'store'>, reservationId: string, shopkeeperNotes: string, ctx: CommandContext): Promise<Position | null> {
  const streamId = reservationStreamId(reservationId);
  const command: ReservationCommand = { type: 'ConfirmReservation', shopkeeperNotes };
  const { state } = await loadState(store, streamId, reservationDecider);
  // Refuse a move the state does not allow before touching any stock.
  reservationDecider.decide(command, state);
  const r = state.reservation!;
  const holdId = reservationHoldId(reservationId);
  let held;
  try {
    // A confirmation racing a cancellation may hold again what it gave back: a new round, given back below.
    held = await handleCommand(store, productStreamId(r.productId), productDecider, { type: 'HoldStock', holdId, quantity: r.quantity }, ctx, {
      ...productOptions,
      eventIds: (_, state) => derivedId('hold', 'reservation', reservationId, ...holdRound(state, holdId)),
    });
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not-found') {
      throw new DomainError(`«${r.productName}» non è più in catalogo: annulla la prenotazione.`, 'rule');
    }
    throw error;
  }
  try {
    const confirmed = await handleCommand(store, streamId, reservationDecider, command, ctx);
    return latest([held.position, confirmed.position]);
  } catch (error) {
    // Cancelled meanwhile: its release may have come before this hold, so give the units back.
    // Still pending (a failed write): the hold stays and a new confirmation finds it in place.
    const now = (await loadState(store, streamId, reservationDecider)).state;
    if (now.status === 'cancelled') await releaseHold(store, reservationId, r.productId, ctx);
    throw error;
  }
}

export type ReservationMove = 'confirm' | 'ready' | 'complete' | 'cancel';

/** Moves a reservation along for its shop (or an admin), or cancels it for either side. */
export async function moveReservation(
  deps: Pick<ReservationDeps, 'store'>,
  reservationId: string,
  move: ReservationMove,
  input: { by: 'customer' | 'store'; reason?: string; shopkeeperNotes?: string },
  ctx: CommandContext,
): Promise<Position | null> {
  if (move === 'confirm') return confirm(deps, reservationId, input.shopkeeperNotes ?? '', ctx);
  const command: ReservationCommand =
    move === 'ready'
      ? { type: 'MarkReservationReady' }
      : move === 'complete'
        ? { type: 'CompleteReservation' }
        : { type: 'CancelReservation', by: input.by, reason: input.reason ?? '' };
  const result = await handleCommand(deps.store, reservationStreamId(reservationId), reservationDecider, command, ctx);
  if (!result.events.some((e) => e.type === 'ReservationCancelled')) return result.position;
  return latest([result.position, await releaseHold(deps.store, reservationId, result.state.reservation!.productId, ctx)]);
}

/**
 * Expires a reservation whose day and grace are over, and releases its units. The event ids are
 * derived from the reservation, so processes expiring it at once store one expiry and one release.
 */
export async function expireReservation({ store }: Pick<ReservationDeps, 'store'>, reservationId: string, ctx: CommandContext): Promise<Position | null> {
  const result = await handleCommand(store, reservationStreamId(reservationId), reservationDecider, { type: 'ExpireReservation', now: ctx.now }, ctx, {
    eventIds: () => derivedId('expire', 'reservation', reservationId),
  });
  const r = result.state.reservation;
  if (!r || result.state.status !== 'cancelled') return result.position;
  return latest([result.position, await releaseHold(store, reservationId, r.productId, ctx)]);
}

/** Gives back the units of a cancelled reservation whose release never happened (a crash between the two writes). */
export async function releaseCancelledHold({ store }: Pick<ReservationDeps, 'store'>, reservationId: string, ctx: CommandContext): Promise<Position | null> {
  const { state } = await loadState(store, reservationStreamId(reservationId), reservationDecider);
  if (state.status !== 'cancelled' || !state.reservation) return null;
  return releaseHold(store, reservationId, state.reservation.productId, ctx);
}
