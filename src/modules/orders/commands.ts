import { latest, releaseOrderHold, type OrderDeps } from './holds.js';
import { orderDecider, orderStreamId, type CancelledBy, type OrderCommand } from './order.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import { DomainError } from '../../platform/domain/errors.js';
import { openOrderPayment, type OrderPayments } from './payment.js';
import { isOnline } from './order.js';
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

/**
 * The customer opens (again) the online payment of their order still to pay: the provider's page
 * to pay on, the same payment however often asked. Someone else's order does not exist.
 */
export async function payOrder(
  { store, payments }: OrderDeps & { payments: OrderPayments },
  userId: string,
  orderId: string,
  ctx: CommandContext,
): Promise<{ paymentUrl: string; position: Position | null }> {
  const { state } = await loadState(store, orderStreamId(orderId), orderDecider);
  const order = state.order;
  if (!order || order.userId !== userId) throw new DomainError('Ordine non trovato.', 'not-found');
  if (!isOnline(order.paymentMethod) || !order.paymentId) throw new DomainError('Questo ordine si paga in contanti al negozio: non c’è nulla da pagare online.', 'rule');
  if (state.paymentStatus === 'paid' || state.paymentStatus === 'refunded') throw new DomainError('L’ordine è già pagato.', 'conflict');
  if (state.status !== 'pending' || state.paymentStatus !== 'pending') throw new DomainError('L’ordine è annullato: non si può più pagare.', 'rule');
  if (order.paymentDueAt && new Date(order.paymentDueAt).getTime() <= ctx.now.getTime()) {
    throw new DomainError('Il tempo per pagare è scaduto: l’ordine viene annullato e i prodotti tornano disponibili.', 'rule');
  }
  return openOrderPayment({ store, providers: payments.providers }, order, ctx);
}
