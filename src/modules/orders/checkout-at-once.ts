import { productDecider } from '../catalog/products.js';
import { cartDecider } from '../cart/cart.js';
import { cartCache } from '../cart/commands.js';
import { orderPaymentOf } from './payment.js';
import { latest, productCache } from './holds.js';
import { isOnline, orderDecider, orderStreamId, type OrderState } from './order.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { handleCommandsAtOnce, type StreamCommand } from '../../platform/commands/handle-command.js';
import { derivedId } from '../../platform/commands/ids.js';
import { claimCommandOf } from '../../platform/commands/idempotency.js';
import { createOpenedPayment, hostedPaymentFor, type PaymentToOpen, type ProviderOf } from '../payments/commands.js';
import type { HostedPayment } from '../payments/providers.js';
import { paymentDecider, paymentStreamId } from '../payments/payment.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import type { CheckoutDeps, CheckoutPlan, Placed } from './checkout-plan.js';

/**
 * The providers' pages a checkout asked for, by payment id, with the terms asked. A try again
 * after a stream moved asks again only for a payment whose terms changed (a price changed
 * meanwhile): the provider would answer the same page to the same key and terms, after another
 * round trip to it.
 */
export type PagesAsked = Map<string, { terms: string; page: Promise<HostedPayment> }>;

/** The provider's page for `payment`: the one asked already by this checkout with these terms, else asked now. */
function pageOf(asked: PagesAsked, providers: ProviderOf, payment: PaymentToOpen): Promise<HostedPayment> {
  const terms = JSON.stringify(payment);
  const known = asked.get(payment.id);
  if (known?.terms === terms) return known.page;
  const page = hostedPaymentFor(providers, payment);
  asked.set(payment.id, { terms, page });
  return page;
}

/**
 * The checkout on a store that appends to several streams at once (PostgreSQL): the key's claim,
 * the holds, the orders, the cart's checkout and the online payments opened, in one append, all or
 * none.
 */
export async function placeAtOnce(deps: CheckoutDeps & { store: Required<EventStore> }, plan: CheckoutPlan, ctx: CommandContext, asked: PagesAsked): Promise<Placed> {
  const { store } = deps;
  const { userId, claim, keyRead, loadedCart, products, plans, holds, holdCommand, orderOf, cartCommand, placedStates, answer } = plan;
  // Holds, orders and the cart's checkout in one append, all or none, decided on the streams as
  // just read: a line lacking stock refuses before anything is stored, and a stream that moved
  // meanwhile (WrongExpectedVersion) has the caller read and decide again.
  const toPlace = plans.filter((p) => !p.placed);
  const orders = toPlace.map((plan) => orderOf(plan, (id) => products.get(id)!.state));
  // Paid online: each order's payment is opened at its provider first (by the payment's own key
  // and terms: a retry gets the same page), then recorded with the order, in the same append. A
  // provider that does not answer refuses the checkout before anything is held.
  const paying = deps.payments ? orders.filter((o) => o.paymentId && isOnline(o.paymentMethod)).map(orderPaymentOf) : [];
  const hosted = await Promise.all(paying.map((payment) => pageOf(asked, deps.payments!.providers, payment)));
  const results = await handleCommandsAtOnce(
    store,
    [
      // The key's claim first (nothing when this request claimed it already): a twin with the same
      // key that stored its claim meanwhile has this append refused, and the next read compares.
      claimCommandOf(claim, keyRead),
      ...holds.map((hold) => ({ ...holdCommand(hold), decider: productDecider, loaded: products.get(hold.line.productId)!, cacheAs: productCache.cacheAs })),
      ...toPlace.map((plan, i) => ({
        streamId: orderStreamId(plan.orderId),
        decider: orderDecider,
        command: { type: 'PlaceOrder', order: orders[i]! },
        loaded: plan.loaded,
        eventIds: () => derivedId('placed', plan.orderId),
      })),
      { ...cartCommand, decider: cartDecider(userId), loaded: loadedCart, cacheAs: cartCache.cacheAs },
      ...paying.map((payment, i) => ({
        streamId: paymentStreamId(payment.id),
        decider: paymentDecider,
        command: createOpenedPayment(payment, hosted[i]!),
        // A new order's payment: a stream that exists already (it cannot) is read again and decided again.
        loaded: { state: paymentDecider.initialState, revision: -1 },
        eventIds: (n: number) => derivedId('payment-opened', payment.id, String(n)),
      })),
    ] as StreamCommand[],
    ctx,
  );
  toPlace.forEach((plan, i) => placedStates.set(plan.orderId, results[1 + holds.length + i]!.state as OrderState));
  const paymentUrls = new Map(paying.map((payment, i) => [(payment.fields.metadata.purpose as { orderId: string }).orderId, hosted[i]!.paymentUrl]));
  return answer(latest(results.map((r) => r.position)), paymentUrls);
}
