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
import type { ReadDb } from '../../platform/db/read.js';
import { refundPart, type ProviderOf } from '../payments/commands.js';
import { productCategories } from './queries.js';
import { withdrawalRefundKey } from './order.js';

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

/**
 * The customer withdraws from their shipped order (withdrawal.ts, Codice del Consumo art. 52): the
 * delivery's time as the log has it (its completion), each line's category as it was sold (the
 * catalogue's for the orders placed before the lines kept it);
 * the decider says whether it is still in time and what it gives back. Someone else's order does not exist.
 */
export async function withdrawOrder(
  { store, db }: { store: OrderDeps['store']; db: ReadDb },
  userId: string,
  orderId: string,
  reason: string | undefined,
  ctx: CommandContext,
): Promise<Position | null> {
  const streamId = orderStreamId(orderId);
  const events = await store.readStream(streamId);
  const placed = events.find((e) => e.type === 'OrderPlaced');
  if (!placed || (placed.data as { userId?: unknown }).userId !== userId) throw new DomainError('Ordine non trovato.', 'not-found');
  const delivered = events.findLast((e) => e.type === 'OrderCompleted');
  const items = (placed.data as { items: { productId: string; category?: string | null }[] }).items;
  const categories = await productCategories(
    db,
    items.filter((i) => (i.category ?? null) === null).map((i) => i.productId),
  );
  const command: OrderCommand = { type: 'WithdrawOrder', userId, now: ctx.now.toISOString(), deliveredAt: delivered?.metadata.at ?? null, categories, reason: reason ?? null };
  return (await handleCommand(store, streamId, orderDecider, command, ctx)).position;
}

export interface WithdrawalRefundDeps {
  store: OrderDeps['store'];
  providers: ProviderOf;
}

/**
 * The order's shop has the withdrawn goods back: recorded once (again: nothing), and the refund
 * follows. Paid at the door, the shop gives the money back itself (recorded at once); paid online,
 * through the order's payment under the withdrawal's own key (`refundWithdrawal`).
 */
export async function confirmWithdrawalReturn(deps: WithdrawalRefundDeps, orderId: string, ctx: CommandContext): Promise<Position | null> {
  const { position } = await handleCommand(deps.store, orderStreamId(orderId), orderDecider, { type: 'ConfirmWithdrawalReturn', now: ctx.now.toISOString() }, ctx);
  return latest([position, await refundWithdrawal(deps, orderId, ctx, false)]);
}

/**
 * The refund of a withdrawal whose goods came back, through the order's online payment: asked under
 * `withdrawal-<order>` (asked again, the provider refunds once: money never moves twice), recorded on
 * the order once the provider confirmed it (`confirmed`, as the payments' read model says it; the
 * request's own call looks in the payment's stream). Nothing for an order paid at the door, or already refunded.
 */
export async function refundWithdrawal(deps: WithdrawalRefundDeps, orderId: string, ctx: CommandContext, confirmed: boolean): Promise<Position | null> {
  const { state } = await loadState(deps.store, orderStreamId(orderId), orderDecider);
  const order = state.order;
  const withdrawal = state.withdrawal ?? null;
  if (!order?.paymentId || !isOnline(order.paymentMethod) || withdrawal?.state !== 'returned') return null;
  if (confirmed) {
    return (await handleCommand(deps.store, orderStreamId(orderId), orderDecider, { type: 'RecordWithdrawalRefund', paymentId: order.paymentId, now: ctx.now.toISOString() }, ctx))
      .position;
  }
  return refundPart(
    deps,
    order.paymentId,
    { refundKey: withdrawalRefundKey(orderId), amountCents: withdrawal.amountCents, reason: 'Recesso dall’ordine: la merce è tornata al negozio.' },
    ctx,
  );
}
