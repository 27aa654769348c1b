import { latest, releaseOrderHold, type OrderDeps } from './holds.js';
import { orderDecider, orderStreamId, type CancelledBy, type OrderCommand, type OrderEvent, type OrderState } from './order.js';
import { newOrderCode, wrongOrderCode } from './codes.js';
import { tryCode } from '../../platform/commands/code-tries.js';
import type { CommandContext, Role } from '../../platform/domain/context.js';
import { handleCommand, loadState, type StreamCommand } from '../../platform/commands/handle-command.js';
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
  if (move === 'complete') {
    const loaded = await loadState(store, orderStreamId(orderId), orderDecider);
    if (loaded.state.order?.deliveryType === 'pickup') return completePickup(store, orderId, role, input.pickupCode ?? '', ctx, loaded);
  }
  const command: OrderCommand =
    move === 'accept'
      ? { type: 'AcceptOrder', by: role }
      : move === 'ready'
        ? { type: 'MarkOrderReady', by: role }
        : move === 'ship'
          ? { type: 'ShipOrder', by: role }
          : move === 'complete'
            ? { type: 'CompleteOrder', by: role, pickupCode: input.pickupCode }
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
 * The shop completes a pickup order with the code the customer shows (issue [16]): refused (429)
 * while whoever types it is locked out of pickup codes; a wrong code is counted on the order (the
 * fifth burns it: the customer gets a new one and is told) and on the typist, in one append.
 */
async function completePickup(
  store: OrderDeps['store'],
  orderId: string,
  role: Role,
  pickupCode: string,
  ctx: CommandContext,
  readFirst: { state: OrderState; revision: number },
): Promise<Position | null> {
  const streamId = orderStreamId(orderId);
  let decided: OrderEvent[] = [];
  // The order as moveOrder just read it serves the first try; a retry (a change meanwhile) reads it again.
  let first: typeof readFirst | null = readFirst;
  const { position, wrong } = await tryCode(store, { kind: 'pickup', actorId: ctx.actor?.userId ?? 'system' }, ctx, async () => {
    const loaded = first ?? (await loadState(store, streamId, orderDecider));
    first = null;
    const command: OrderCommand = { type: 'CompleteOrder', by: role, pickupCode, freshCode: newOrderCode() };
    decided = orderDecider.decide(command, loaded.state);
    if (!decided.length) return null;
    return { commands: [{ streamId, decider: orderDecider as StreamCommand['decider'], command, loaded }], wrong: decided[0]!.type === 'OrderCodeMistyped' };
  });
  if (wrong) throw wrongOrderCode('pickup', decided);
  return position;
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
