import { newOrderCode } from './codes.js';
import { holdRound, productDecider, productStreamId, type ProductState } from '../catalog/products.js';
import { cartDecider, cartStreamId, type CartCommand, type CartLine, type CartState } from '../cart/cart.js';
import { cartCache } from '../cart/commands.js';
import { checkPaymentMethod, deliveryTerms, paymentMethodsOf, type DeliveryChoice } from './delivery.js';
import { openOrderPayment, orderPaymentId, orderPaymentOf, paymentDueAt, type OrderPayments } from './payment.js';
import { createOpenedPayment, hostedPaymentFor } from '../payments/commands.js';
import { paymentDecider, paymentStreamId } from '../payments/decider.js';
import { latest, orderHoldId, productCache, releaseOrderHold, type OrderDeps } from './holds.js';
import {
  checkOrderTotal,
  isOnline,
  orderDecider,
  orderStreamId,
  type OnlinePaymentMethod,
  type OrderLine,
  type OrderPlacedData,
  type OrderState,
  type PaymentMethod,
} from './order.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { Cents } from '../../platform/domain/money.js';
import { cachedState, handleCommand, handleCommandsAtOnce, loadState, loadStates, type StreamCommand } from '../../platform/commands/handle-command.js';
import { derivedId } from '../../platform/commands/ids.js';
import { checkClaim, claimCommandOf, claimIdempotencyKey, idempotencyClaim, idempotencyDecider } from '../../platform/commands/idempotency.js';
import { storeDecider, storeStreamId } from '../stores/decider.js';
import { freeShippingOrdersLeft } from '../packages/free-shipping.js';
import { WrongExpectedVersion } from '../../platform/eventstore/errors.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';

interface CheckoutDeps extends OrderDeps {
  /** Waits for the read models; a refused checkout answers once its given-back stock shows. */
  settle?: (position: Position | null) => Promise<unknown>;
  /** Online payments; without them every shop takes cash alone. */
  payments?: OrderPayments;
  /** Told of a payment that could not be opened at its provider (the order waits; the customer opens it again from the order). */
  paymentNotOpened?: (orderId: string, error: unknown) => void;
}

export interface CheckoutInput {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  paymentMethod: PaymentMethod;
  /** Each shop's own note goes on its order alone, and it may be paid its own way (cash at one, card at another). */
  stores: (DeliveryChoice & { storeId: string; notes?: string; paymentMethod?: PaymentMethod })[];
}

/** An order placed, as the checkout answers it: amounts in cents, which the contract answers in euros. */
export interface PlacedOrder {
  id: string;
  storeId: string;
  status: OrderState['status'];
  subtotal: Cents;
  shippingCost: Cents;
  total: Cents;
  paymentMethod: PaymentMethod;
  paymentStatus: OrderState['paymentStatus'];
  pickupCode?: string;
  /** Shipping: the code the customer gives at the door when a collaborator delivers. */
  deliveryCode?: string;
  /** Paid online and still to pay: the provider's page, and until when the order waits. */
  paymentUrl?: string;
  paymentDueAt?: string;
}

/** What a cart line needs of its product to be ordered: on sale, still in the line's shop. */
function onSale(product: ProductState, storeId: string): boolean {
  return product.exists && !product.deleted && product.storeId === storeId && product.fields?.status === 'active';
}

const subtotalOf = (lines: { priceCents: Cents; quantity: number }[]): Cents => lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);

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
 */
export async function checkout(deps: CheckoutDeps, userId: string, idempotencyKey: string, input: CheckoutInput, ctx: CommandContext): Promise<{ orders: PlacedOrder[]; paymentUrl: string | null; position: Position | null }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const placed = await checkoutOnce(deps, userId, idempotencyKey, input, ctx);
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

/** The orders as they now are, and the pages of the payments opened with them (by order id). */
interface Placed {
  states: OrderState[];
  paymentUrls: ReadonlyMap<string, string>;
  position: Position | null;
}

async function checkoutOnce(deps: CheckoutDeps, userId: string, idempotencyKey: string, input: CheckoutInput, ctx: CommandContext): Promise<Placed> {
  const { store } = deps;
  const storeIds = input.stores.map((s) => s.storeId);
  if (new Set(storeIds).size !== storeIds.length) throw new DomainError('Ogni negozio può comparire una sola volta.', 'invalid');
  const methodOf = (choice: CheckoutInput['stores'][number]): PaymentMethod => choice.paymentMethod ?? input.paymentMethod;
  // Which providers the platform takes now: asked only when someone pays online.
  const online: ReadonlySet<OnlinePaymentMethod> = input.stores.some((s) => isOnline(methodOf(s))) && deps.payments ? await deps.payments.onlineMethods() : new Set();
  const orderIdOf = (storeId: string) => derivedId('order', userId, idempotencyKey, storeId);
  // The key means this request, all of it (each field goes on the orders): claimed in the
  // checkout's own append, so a checkout refused leaves it free for the customer's next try.
  const claim = idempotencyClaim('checkout', userId, idempotencyKey, input);

  const cartStream = cartStreamId(userId);
  const ofChosenShops = (lines: CartLine[]) => [...new Set(lines.filter((l) => storeIds.includes(l.storeId)).map((l) => l.productId))];
  const productLoad = (productId: string) => ({ streamId: productStreamId(productId), decider: productDecider, cacheAs: productCache.cacheAs });

  // One read: the order streams (the same key again?), the cart, and the products of the chosen
  // shops' lines as this process last saw the cart, whose stock is held next.
  const seenCart = cachedState<CartState>(cartStream, cartCache.cacheAs);
  const guessed = seenCart ? ofChosenShops(seenCart.lines) : [];
  const read = await loadStates(store, {
    key: [{ streamId: claim.streamId, decider: idempotencyDecider }],
    orders: storeIds.map((id) => ({ streamId: orderStreamId(orderIdOf(id)), decider: orderDecider })),
    cart: [{ streamId: cartStream, decider: cartDecider(userId), cacheAs: cartCache.cacheAs }],
    products: guessed.map(productLoad),
    // The shops' terms from their own streams: short, and kept folded in memory.
    shops: storeIds.map((id) => ({ streamId: storeStreamId(id), decider: storeDecider, cacheAs: 'store' })),
  });
  // The key used before by another request: refused (409), whatever that one placed.
  const keyRead = read.key[0]!;
  checkClaim(claim, keyRead.state);
  const existing = read.orders;
  // The same key again: the orders it placed, as they are now.
  if (existing.every(({ state }) => state.order)) return { states: existing.map(({ state }) => state), paymentUrls: new Map(), position: null };

  const loadedCart = read.cart[0]!;
  const cart = loadedCart.state;
  // A twin request with this key may have placed an order and taken its lines out of the cart
  // since the order streams were read (a store that reads streams side by side, not in one
  // snapshot): those of shops with nothing left in the cart are read again.
  const emptied = storeIds.flatMap((id, i) => (!existing[i]!.state.order && !cart.lines.some((l) => l.storeId === id) ? [i] : []));
  for (const i of emptied) existing[i] = await loadState(store, orderStreamId(orderIdOf(storeIds[i]!)), orderDecider);
  if (emptied.length && existing.every(({ state }) => state.order)) return { states: existing.map(({ state }) => state), paymentUrls: new Map(), position: null };
  const products = new Map(guessed.map((id, i) => [id, read.products[i]!]));
  const unread = ofChosenShops(cart.lines).filter((id) => !products.has(id));
  if (unread.length) {
    const late = await loadStates(store, { products: unread.map(productLoad) });
    unread.forEach((id, i) => products.set(id, late.products[i]!));
  }
  const now = ctx.now;
  // Only an order shipped can ship free: a checkout of pickups asks nothing.
  const freeShippingLeft = await freeShippingOrdersLeft(deps.pool, input.stores.filter((s) => s.deliveryType === 'shipping').map((s) => s.storeId), now);

  // Every rule that can be checked before touching stock is checked first.
  const plans = input.stores.map((choice, i) => {
    const field = `stores.${i}`;
    const { state: shopState } = read.shops[i]!;
    if (shopState.status !== 'active' || !shopState.profile) throw new DomainError('Negozio non disponibile.', 'rule', { [`${field}.storeId`]: 'Negozio non disponibile.' });
    const shop = { id: choice.storeId, ownerId: shopState.ownerId, ...shopState.profile, freeShippingOrdersLeft: freeShippingLeft.get(choice.storeId) ?? null };
    const orderId = orderIdOf(choice.storeId);
    const paymentMethod = methodOf(choice);
    const lines = cart.lines.filter((l) => l.storeId === choice.storeId);
    const placed = existing[i]!.state.order;
    if (!placed && lines.length === 0) {
      throw new DomainError('Il carrello non contiene prodotti di questo negozio.', 'rule', { [`${field}.storeId`]: 'Nessun prodotto di questo negozio nel carrello.' });
    }
    if (!placed) {
      checkPaymentMethod(paymentMethod, paymentMethodsOf(shop, online), shop.name, `${field}.paymentMethod`);
      if (!lines.every((l) => onSale(products.get(l.productId)!.state, l.storeId))) {
        throw new DomainError('Un prodotto nel carrello non è più in vendita: toglilo e riprova.', 'rule', { [`${field}.storeId`]: 'Un prodotto non è più in vendita.' });
      }
      const subtotal = subtotalOf(lines.map((l) => ({ priceCents: products.get(l.productId)!.state.fields!.priceCents, quantity: l.quantity })));
      checkOrderTotal(subtotal + deliveryTerms(shop, subtotal, choice, now, field).shippingCostCents, `${field}.storeId`);
    }
    return { choice, field, shop, orderId, paymentMethod, lines, placed, loaded: existing[i]! };
  });

  // Holds, in one global order of products so two checkouts meet their conflicts the same way.
  const holds = plans
    .filter((p) => !p.placed)
    .flatMap((p) => p.lines.map((line) => ({ line, orderId: p.orderId })))
    .sort((a, b) => a.line.productId.localeCompare(b.line.productId));
  const holdCommand = (hold: (typeof holds)[number]) => ({
    streamId: productStreamId(hold.line.productId),
    command: { type: 'HoldStock', holdId: orderHoldId(hold.orderId), quantity: hold.line.quantity } as const,
    // A retry after a refusal holds again what the refusal gave back, as a new round.
    eventIds: (_: number, state: ProductState) => derivedId('hold', hold.orderId, hold.line.productId, ...holdRound(state, orderHoldId(hold.orderId))),
  });
  /** The order of a plan, with the names and prices of this moment as the products' own streams hold them. */
  const orderOf = (plan: (typeof plans)[number], productOf: (id: string) => ProductState): OrderPlacedData => {
    const items: OrderLine[] = plan.lines.map((l) => {
      const fields = productOf(l.productId).fields!;
      return { productId: l.productId, name: fields.name, priceCents: fields.priceCents, quantity: l.quantity };
    });
    const subtotal = subtotalOf(items);
    const terms = deliveryTerms(plan.shop, subtotal, plan.choice, now, plan.field);
    return {
      orderId: plan.orderId,
      userId,
      storeId: plan.shop.id,
      storeOwnerId: plan.shop.ownerId,
      storeName: plan.shop.name,
      items,
      subtotalCents: subtotal,
      shippingCostCents: terms.shippingCostCents,
      totalCents: subtotal + terms.shippingCostCents,
      deliveryType: plan.choice.deliveryType,
      deliveryAddress: terms.deliveryAddress,
      deliveryLatitude: terms.deliveryLatitude,
      deliveryLongitude: terms.deliveryLongitude,
      pickupTime: terms.pickupTime,
      pickupCode: plan.choice.deliveryType === 'pickup' ? newOrderCode() : null,
      deliveryCode: plan.choice.deliveryType === 'shipping' ? newOrderCode() : null,
      paymentMethod: plan.paymentMethod,
      ...(isOnline(plan.paymentMethod) ? { paymentId: orderPaymentId(plan.orderId), paymentDueAt: paymentDueAt(now) } : {}),
      customerName: input.customerName,
      customerPhone: input.customerPhone,
      customerEmail: input.customerEmail,
      notes: plan.choice.notes?.trim() ?? '',
    };
  };
  const cartCommand = {
    streamId: cartStream,
    command: { type: 'CheckOutCart', storeIds, orderIds: plans.map((p) => p.orderId) } as CartCommand,
    eventIds: () => derivedId('checked-out', userId, idempotencyKey),
  };
  const placedStates = new Map<string, OrderState>(existing.flatMap(({ state }) => (state.order ? [[state.order.orderId, state] as const] : [])));
  const answer = (position: Position | null, paymentUrls: ReadonlyMap<string, string> = new Map()): Placed => ({ states: plans.map((p) => placedStates.get(p.orderId)!), paymentUrls, position });

  if (store.appendToStreams) {
    // Holds, orders and the cart's checkout in one append, all or none, decided on the streams as
    // just read: a line lacking stock refuses before anything is stored, and a stream that moved
    // meanwhile (WrongExpectedVersion) has the caller read and decide again.
    const toPlace = plans.filter((p) => !p.placed);
    const orders = toPlace.map((plan) => orderOf(plan, (id) => products.get(id)!.state));
    // Paid online: each order's payment is opened at its provider first (by the payment's own key:
    // a retry gets the same page), then recorded with the order, in the same append. A provider
    // that does not answer refuses the checkout before anything is held.
    const paying = deps.payments ? orders.filter((o) => o.paymentId && isOnline(o.paymentMethod)).map(orderPaymentOf) : [];
    const hosted = await Promise.all(paying.map((payment) => hostedPaymentFor(deps.payments!.providers, payment)));
    const results = await handleCommandsAtOnce(store as Required<EventStore>, [
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
    ] as StreamCommand[], ctx);
    toPlace.forEach((plan, i) => placedStates.set(plan.orderId, results[1 + holds.length + i]!.state as OrderState));
    const paymentUrls = new Map(paying.map((payment, i) => [(payment.fields.metadata.purpose as { orderId: string }).orderId, hosted[i]!.paymentUrl]));
    return answer(latest(results.map((r) => r.position)), paymentUrls);
  }

  // A store that appends to one stream at a time: the key claimed first (a twin's claim is read and
  // compared), then each hold, then the orders, then the cart, and what was held is given back if a
  // later step is refused.
  await claimIdempotencyKey(store, claim, ctx, keyRead);
  const made: { line: CartLine; orderId: string }[] = [];
  const held = new Map<string, ProductState>();
  const positions: (Position | null)[] = [];
  const release = async () => {
    const released = await Promise.all(made.map(({ line, orderId }) => releaseOrderHold(store, orderId, line.productId, ctx)));
    await deps.settle?.(latest(released));
  };
  try {
    for (const hold of holds) {
      const { streamId, command, eventIds } = holdCommand(hold);
      const result = await handleCommand(store, streamId, productDecider, command, ctx, {
        ...productCache,
        attempts: 50,
        eventIds,
        loaded: products.get(hold.line.productId),
      });
      if (result.events.length) made.push(hold);
      positions.push(result.position);
      held.set(hold.line.productId, result.state);
      const fields = result.state.fields!;
      if (result.state.storeId !== hold.line.storeId || fields.status !== 'active') {
        throw new DomainError(`«${fields.name}» non è più in vendita: toglilo dal carrello.`, 'rule');
      }
    }
    for (const plan of plans) {
      if (plan.placed) continue;
      const order = orderOf(plan, (id) => held.get(id)!);
      const placed = await handleCommand(store, orderStreamId(plan.orderId), orderDecider, { type: 'PlaceOrder', order }, ctx, {
        eventIds: () => derivedId('placed', plan.orderId),
        loaded: plan.loaded,
      });
      positions.push(placed.position);
      // The state after PlaceOrder: ours, or the one a racing request with the same key placed.
      placedStates.set(plan.orderId, placed.state);
    }
  } catch (error) {
    await release();
    throw error;
  }

  const checkedOut = await handleCommand(store, cartStream, cartDecider(userId), cartCommand.command, ctx, {
    ...cartCache,
    eventIds: cartCommand.eventIds,
    loaded: loadedCart,
  });
  positions.push(checkedOut.position);
  return answer(latest(positions));
}

