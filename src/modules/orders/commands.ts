import { latest, releaseOrderHold, type OrderDeps } from './holds.js';
import { orderDecider, orderStreamId, type CancelledBy, type OrderCommand } from './order.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import type { Position } from '../../platform/eventstore/types.js';

export type OrderMove = 'accept' | 'ready' | 'ship' | 'complete' | 'cancel';

/**
 * Moves an order along for its shop's owner (or an admin), or cancels it for its customer.
 * Cancelling gives every held unit back to its product.
 */
export async function moveOrder(
  { store }: OrderDeps,
  orderId: string,
  move: OrderMove,
  input: { by: CancelledBy; reason?: string; pickupCode?: string },
  ctx: CommandContext,
): Promise<Position | null> {
  const role = ctx.actor?.role ?? 'admin';
  const command: OrderCommand =
    move === 'accept' ? { type: 'AcceptOrder', by: role }
    : move === 'ready' ? { type: 'MarkOrderReady', by: role }
    : move === 'ship' ? { type: 'ShipOrder', by: role }
    : move === 'complete' ? { type: 'CompleteOrder', by: role, pickupCode: input.pickupCode }
    : { type: 'CancelOrder', by: input.by, reason: input.reason ?? '' };
  const result = await handleCommand(store, orderStreamId(orderId), orderDecider, command, ctx);
  const positions = [result.position];
  const cancelled = result.events.find((e) => e.type === 'OrderCancelled');
  if (cancelled && cancelled.type === 'OrderCancelled') {
    for (const item of cancelled.data.items) positions.push(await releaseOrderHold(store, orderId, item.productId, ctx));
  }
  return latest(positions);
}
