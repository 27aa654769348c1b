import type { OrderState } from './order.js';
import { isOnline } from './order.js';
import { openOrderPayment } from './payment.js';
import { latest } from './holds.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { WrongExpectedVersion } from '../../platform/eventstore/errors.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { isPlaced, planCheckout, type CheckoutDeps, type CheckoutInput, type Placed, type PlacedOrder } from './checkout-plan.js';
import { placeAtOnce, type PagesAsked } from './checkout-at-once.js';
import { placeStreamByStream } from './checkout-stream-by-stream.js';

export type { CheckoutInput, PlacedOrder } from './checkout-plan.js';

function placedOf(state: OrderState, paymentUrl?: string): PlacedOrder {
  const o = state.order!;
  const toPay = isOnline(o.paymentMethod) && state.status === 'pending' && state.paymentStatus === 'pending';
  return {
    id: o.orderId,
    storeId: o.storeId,
    status: state.status,
    subtotal: o.subtotalCents,
    shippingCost: o.shippingCostCents,
    total: o.totalCents,
    paymentMethod: o.paymentMethod,
    paymentStatus: state.paymentStatus,
    ...(o.pickupCode ? { pickupCode: o.pickupCode } : {}),
    ...(o.deliveryCode ? { deliveryCode: o.deliveryCode } : {}),
    ...(toPay && paymentUrl ? { paymentUrl } : {}),
    ...(toPay && o.paymentDueAt ? { paymentDueAt: o.paymentDueAt } : {}),
  };
}

/**
 * Opens the payments of the orders paid online and still to pay (a retry with the same key opens
 * the same ones again: the payment's id is the order's). One that cannot be opened now (the
 * provider does not answer) leaves its order waiting without a page: the customer opens it from
 * the order, and the order is cancelled if still unpaid when its time is up.
 */
async function withPayments(
  deps: CheckoutDeps,
  { states, paymentUrls }: { states: OrderState[]; paymentUrls: ReadonlyMap<string, string> },
  ctx: CommandContext,
): Promise<{ orders: PlacedOrder[]; position: Position | null }> {
  const positions: (Position | null)[] = [];
  const orders = await Promise.all(
    states.map(async (state) => {
      const o = state.order!;
      const opened = paymentUrls.get(o.orderId);
      if (opened) return placedOf(state, opened);
      if (!deps.payments || !o.paymentId || !isOnline(o.paymentMethod) || state.status !== 'pending' || state.paymentStatus !== 'pending') return placedOf(state);
      try {
        const opened = await openOrderPayment({ store: deps.store, providers: deps.payments.providers }, o, ctx);
        positions.push(opened.position);
        return placedOf(state, opened.paymentUrl);
      } catch (error) {
        deps.paymentNotOpened?.(o.orderId, error);
        return placedOf(state);
      }
    }),
  );
  return { orders, position: latest(positions) };
}

/**
 * Turns the cart lines of the chosen shops into one order per shop (issue #5).
 *
 * Every id is derived from the customer and the idempotency key, so the same request sent twice,
 * even at once, places the same orders once; the key is claimed for this request's body
 * (platform/commands/idempotency.ts), so another request with it is a 409 naming it. Stock is held on each product's stream (optimistic
 * concurrency: no unit is ever sold twice, stock never goes below zero). On PostgreSQL the holds,
 * the orders and the cart's checkout are one append, all or none: a line lacking stock refuses
 * with a 409 naming the product before anything is stored, and a stream that moved meanwhile is
 * read again. A store that appends one stream at a time (EventStoreDB) holds line by line, gives
 * back what it held when a later step is refused, and a retry with the same key holds them again.
 * The orders paid online have their providers' pages asked for before the append, once per terms
 * however often a moved stream has the checkout read again (checkout-at-once.ts).
 */
export async function checkout(
  deps: CheckoutDeps,
  userId: string,
  idempotencyKey: string,
  input: CheckoutInput,
  ctx: CommandContext,
): Promise<{ orders: PlacedOrder[]; paymentUrl: string | null; position: Position | null }> {
  const asked: PagesAsked = new Map();
  for (let attempt = 1; ; attempt++) {
    try {
      const placed = await checkoutOnce(deps, userId, idempotencyKey, input, ctx, asked);
      const paid = await withPayments(deps, placed, ctx);
      // The first page to pay on; the others are on their orders' pages.
      const paymentUrl = paid.orders.find((o) => o.paymentUrl)?.paymentUrl ?? null;
      return { orders: paid.orders, paymentUrl, position: latest([placed.position, paid.position]) };
    } catch (error) {
      // Only an append to several streams at once lets this through: a stream moved since it was read.
      if (!(error instanceof WrongExpectedVersion)) throw error;
      if (attempt >= 50) throw new DomainError('I dati sono stati modificati da un’altra richiesta: riprova.', 'conflict');
    }
  }
}

/** One try: read and check (checkout-plan.ts), then store, all at once where the store can, else stream by stream. */
async function checkoutOnce(deps: CheckoutDeps, userId: string, idempotencyKey: string, input: CheckoutInput, ctx: CommandContext, asked: PagesAsked): Promise<Placed> {
  const planned = await planCheckout(deps, userId, idempotencyKey, input, ctx);
  if (isPlaced(planned)) return planned;
  const { store } = deps;
  return store.appendToStreams ? placeAtOnce({ ...deps, store: store as Required<EventStore> }, planned, ctx, asked) : placeStreamByStream(deps, planned, ctx);
}
