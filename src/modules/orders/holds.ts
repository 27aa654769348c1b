import { holdRound, productDecider, productStreamId } from '../catalog/products.js';
import { orderDecider, orderStreamId } from './order.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import { derivedId } from '../../platform/commands/ids.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { comparePositions } from '../../platform/eventstore/position.js';
import type { Pool } from '../../platform/db/pool.js';

/*
 * The stock an order holds on its products' streams, from the checkout that holds it to the
 * cancellation (or the safety net) that gives it back.
 */

export interface OrderDeps {
  store: EventStore;
  pool: Pool;
}

/** The latest of the positions some writes reached: what a request waits for before answering. */
export const latest = (positions: (Position | null)[]): Position | null =>
  positions.reduce<Position | null>((a, b) => (!a ? b : !b ? a : comparePositions(a, b) >= 0 ? a : b), null);

/** Product streams grow with every order: their folded state is kept in memory (handle-command). */
export const productCache = { cacheAs: 'product' } as const;

export const orderHoldId = (orderId: string) => `order:${orderId}`;

/**
 * Gives back the units an order holds on one product; nothing when none are held. The event id
 * is derived from the order and the hold's round, so racing releases store one.
 */
export async function releaseOrderHold(store: EventStore, orderId: string, productId: string, ctx: CommandContext): Promise<Position | null> {
  const holdId = orderHoldId(orderId);
  const released = await handleCommand(store, productStreamId(productId), productDecider, { type: 'ReleaseStock', holdId }, ctx, {
    ...productCache,
    attempts: 50,
    eventIds: (_, state) => derivedId('release', orderId, productId, ...holdRound(state, holdId)),
  });
  return released.position;
}

/**
 * Gives back a hold no order will use: its order was cancelled but the release never written, or
 * the checkout stopped before placing the order (a crash between the writes). An order in force
 * keeps its units, whatever the read model says. Null when nothing was given back.
 */
export async function releaseStrandedOrderHold({ store }: OrderDeps, orderId: string, productId: string, ctx: CommandContext): Promise<Position | null> {
  const { state } = await loadState(store, orderStreamId(orderId), orderDecider);
  if (state.order && state.status !== 'cancelled') return null;
  return releaseOrderHold(store, orderId, productId, ctx);
}
