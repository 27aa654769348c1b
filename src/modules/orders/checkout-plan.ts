import { newOrderCode } from './codes.js';
import { holdRound, productDecider, productStreamId, type ProductState } from '../catalog/products.js';
import { cartDecider, cartStreamId, type CartCommand, type CartLine, type CartState } from '../cart/cart.js';
import { cartCache } from '../cart/commands.js';
import { checkPaymentMethod, deliveryTerms, paymentMethodsOf, type DeliveryChoice } from './delivery.js';
import { orderPaymentId, paymentDueAt, type OrderPayments } from './payment.js';
import { orderHoldId, productCache, type OrderDeps } from './holds.js';
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
import { cachedState, loadState, loadStates } from '../../platform/commands/handle-command.js';
import { derivedId } from '../../platform/commands/ids.js';
import { checkClaim, idempotencyClaim, idempotencyDecider, type IdempotencyClaim } from '../../platform/commands/idempotency.js';
import type { IdempotencyState } from '../../platform/commands/idempotency.js';
import { storeDecider, storeStreamId, type StoreProfile, type StoreState } from '../stores/store.js';
import { freeShippingOrdersLeft } from '../packages/free-shipping.js';
import { commissionCents } from '../payments/commission.js';
import type { ShopPayees } from '../payments/payees.js';
import type { Position } from '../../platform/eventstore/types.js';

/*
 * What a checkout reads and decides before it touches any stock: the key's claim, the orders this
 * key placed already, the cart, the products and the shops; every rule that can be checked first;
 * the holds, orders and cart's checkout to store. Two strategies store them: checkout-at-once.ts
 * (one append, all or none) and checkout-stream-by-stream.ts (one stream at a time, giving back
 * what was held when a later step is refused).
 */

export interface CheckoutDeps extends OrderDeps {
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

/** A stream as read, with the revision its append expects. */
export interface Loaded<S> {
  state: S;
  revision: number;
}

/** The orders as they now are, and the pages of the payments opened with them (by order id). */
export interface Placed {
  states: OrderState[];
  paymentUrls: ReadonlyMap<string, string>;
  position: Position | null;
}

/** One shop's order to place (or placed already by this key). */
export interface ShopPlan {
  choice: CheckoutInput['stores'][number];
  field: string;
  shop: StoreProfile & { id: string; ownerId: string; freeShippingOrdersLeft: number | null; accountsReady: string[] };
  /** Paid online: the shop's accounts and its plan's commission. */
  payees: ShopPayees | null;
  orderId: string;
  paymentMethod: PaymentMethod;
  lines: CartLine[];
  placed: OrderState['order'];
  loaded: Loaded<OrderState>;
}

/** A stock hold of one cart line for its order. */
export interface Hold {
  line: CartLine;
  orderId: string;
}

/** What the strategies store, and how they answer. */
export interface CheckoutPlan {
  userId: string;
  claim: IdempotencyClaim;
  keyRead: Loaded<IdempotencyState>;
  cartStream: string;
  loadedCart: Loaded<CartState>;
  products: Map<string, Loaded<ProductState>>;
  plans: ShopPlan[];
  /** In one global order of products, so two checkouts meet their conflicts the same way. */
  holds: Hold[];
  holdCommand: (hold: Hold) => { streamId: string; command: { type: 'HoldStock'; holdId: string; quantity: number }; eventIds: (n: number, state: ProductState) => string };
  /** The order of a plan, with the names and prices of this moment as the products' own streams hold them. */
  orderOf: (plan: ShopPlan, productOf: (id: string) => ProductState) => OrderPlacedData;
  cartCommand: { streamId: string; command: CartCommand; eventIds: () => string };
  /** The orders' states by id: those placed before, and those the strategy places. */
  placedStates: Map<string, OrderState>;
  answer: (position: Position | null, paymentUrls?: ReadonlyMap<string, string>) => Placed;
}

/** Whether planning found the key's orders placed already: then they are the answer. */
export const isPlaced = (planned: Placed | CheckoutPlan): planned is Placed => 'states' in planned;

type ShopChoice = CheckoutInput['stores'][number];

/** What a cart line needs of its product to be ordered: on sale, still in the line's shop. */
function onSale(product: ProductState, storeId: string): boolean {
  return product.exists && !product.deleted && product.storeId === storeId && product.fields?.status === 'active';
}

const subtotalOf = (lines: { priceCents: Cents; quantity: number }[]): Cents => lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);

/** The shops the checkout names, each once. */
function chosenShops(input: CheckoutInput): string[] {
  const storeIds = input.stores.map((s) => s.storeId);
  if (new Set(storeIds).size !== storeIds.length) throw new DomainError('Ogni negozio può comparire una sola volta.', 'invalid');
  return storeIds;
}

/** A shop's own way to pay, or the checkout's. */
const methodOf = (input: CheckoutInput, choice: ShopChoice): PaymentMethod => choice.paymentMethod ?? input.paymentMethod;

/** Which providers the platform takes now: asked only when someone pays online. */
async function onlineMethods(deps: CheckoutDeps, input: CheckoutInput): Promise<ReadonlySet<OnlinePaymentMethod>> {
  return input.stores.some((s) => isOnline(methodOf(input, s))) && deps.payments ? deps.payments.onlineMethods() : new Set();
}

/** The products of the cart's lines in the chosen shops, each once. */
const productsInShops = (lines: CartLine[], storeIds: string[]): string[] => [...new Set(lines.filter((l) => storeIds.includes(l.storeId)).map((l) => l.productId))];

const productLoad = (productId: string) => ({ streamId: productStreamId(productId), decider: productDecider, cacheAs: productCache.cacheAs });

/** The key's orders as they now are, when it placed all of them already: then they are the answer. */
function placedAlready(existing: Loaded<OrderState>[]): Placed | null {
  return existing.every(({ state }) => state.order) ? { states: existing.map(({ state }) => state), paymentUrls: new Map(), position: null } : null;
}

/**
 * A twin request with this key may have placed an order and taken its lines out of the cart since
 * the order streams were read (a store that reads streams side by side, not in one snapshot): the
 * orders of shops with nothing left in the cart are read again, in place. Whether any was.
 */
async function rereadEmptiedShops(
  deps: CheckoutDeps,
  storeIds: string[],
  orderIdOf: (storeId: string) => string,
  existing: Loaded<OrderState>[],
  cart: CartState,
): Promise<boolean> {
  const emptied = storeIds.flatMap((id, i) => (!existing[i]!.state.order && !cart.lines.some((l) => l.storeId === id) ? [i] : []));
  for (const i of emptied) existing[i] = await loadState(deps.store, orderStreamId(orderIdOf(storeIds[i]!)), orderDecider);
  return emptied.length > 0;
}

/** The products read with the first read, and those of the cart's chosen lines it had not guessed, read now. */
async function productsOfCart(
  deps: CheckoutDeps,
  guessed: string[],
  read: Loaded<ProductState>[],
  cart: CartState,
  storeIds: string[],
): Promise<Map<string, Loaded<ProductState>>> {
  const products = new Map(guessed.map((id, i) => [id, read[i]!]));
  const unread = productsInShops(cart.lines, storeIds).filter((id) => !products.has(id));
  if (unread.length) {
    const late = await loadStates(deps.store, { products: unread.map(productLoad) });
    unread.forEach((id, i) => products.set(id, late.products[i]!));
  }
  return products;
}

/** What planning one shop's order needs besides the shop's own choice. */
interface ShopPlanning {
  input: CheckoutInput;
  cart: CartState;
  products: Map<string, Loaded<ProductState>>;
  online: ReadonlySet<OnlinePaymentMethod>;
  freeShippingLeft: ReadonlyMap<string, number>;
  /** The shops' accounts and commissions, read when someone pays online. */
  payees: ReadonlyMap<string, ShopPayees>;
  now: Date;
  orderIdOf: (storeId: string) => string;
}

/** One shop's order, every rule that can be checked before touching stock checked (an order placed already by this key is checked no more). */
function planShop(planning: ShopPlanning, choice: ShopChoice, i: number, shopState: StoreState, existing: Loaded<OrderState>): ShopPlan {
  const { cart, products, online, now } = planning;
  const field = `stores.${i}`;
  if (shopState.status !== 'active' || !shopState.profile) throw new DomainError('Negozio non disponibile.', 'rule', { [`${field}.storeId`]: 'Negozio non disponibile.' });
  const payees = planning.payees.get(choice.storeId) ?? null;
  const shop = {
    id: choice.storeId,
    ownerId: shopState.ownerId,
    ...shopState.profile,
    freeShippingOrdersLeft: planning.freeShippingLeft.get(choice.storeId) ?? null,
    accountsReady: Object.keys(payees?.accounts ?? {}),
  };
  const orderId = planning.orderIdOf(choice.storeId);
  const paymentMethod = methodOf(planning.input, choice);
  const lines = cart.lines.filter((l) => l.storeId === choice.storeId);
  const placed = existing.state.order;
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
  return { choice, field, shop, payees, orderId, paymentMethod, lines, placed, loaded: existing };
}

/** The stock holds of the orders still to place, in one global order of products so two checkouts meet their conflicts the same way. */
const holdsOf = (plans: ShopPlan[]): Hold[] =>
  plans
    .filter((p) => !p.placed)
    .flatMap((p) => p.lines.map((line) => ({ line, orderId: p.orderId })))
    .sort((a, b) => a.line.productId.localeCompare(b.line.productId));

/** The command that holds a line's stock for its order. */
const holdCommandOf: CheckoutPlan['holdCommand'] = (hold) => ({
  streamId: productStreamId(hold.line.productId),
  command: { type: 'HoldStock', holdId: orderHoldId(hold.orderId), quantity: hold.line.quantity } as const,
  // A retry after a refusal holds again what the refusal gave back, as a new round.
  eventIds: (_: number, state: ProductState) => derivedId('hold', hold.orderId, hold.line.productId, ...holdRound(state, orderHoldId(hold.orderId))),
});

/** The order of a plan, with the names and prices of this moment as the products' own streams hold them. */
function orderOf(userId: string, input: CheckoutInput, now: Date, plan: ShopPlan, productOf: (id: string) => ProductState): OrderPlacedData {
  const items: OrderLine[] = plan.lines.map((l) => {
    const fields = productOf(l.productId).fields!;
    return { productId: l.productId, name: fields.name, priceCents: fields.priceCents, quantity: l.quantity, category: fields.category };
  });
  const subtotal = subtotalOf(items);
  const terms = deliveryTerms(plan.shop, subtotal, plan.choice, now, plan.field);
  const totalCents = subtotal + terms.shippingCostCents;
  // Paid to the shop's own account: the account and the commission, as agreed now.
  const accountId = plan.paymentMethod === 'stripe' || plan.paymentMethod === 'sandbox' || plan.paymentMethod === 'paypal' ? plan.payees?.accounts[plan.paymentMethod] : undefined;
  const payee =
    accountId && plan.payees
      ? { accountId, commissionPercentage: plan.payees.commissionPercentage, feeCents: commissionCents(totalCents, plan.payees.commissionPercentage) }
      : undefined;
  return {
    orderId: plan.orderId,
    userId,
    storeId: plan.shop.id,
    storeOwnerId: plan.shop.ownerId,
    storeName: plan.shop.name,
    items,
    subtotalCents: subtotal,
    shippingCostCents: terms.shippingCostCents,
    totalCents,
    deliveryType: plan.choice.deliveryType,
    deliveryAddress: terms.deliveryAddress,
    deliveryLatitude: terms.deliveryLatitude,
    deliveryLongitude: terms.deliveryLongitude,
    pickupTime: terms.pickupTime,
    pickupCode: plan.choice.deliveryType === 'pickup' ? newOrderCode() : null,
    deliveryCode: plan.choice.deliveryType === 'shipping' ? newOrderCode() : null,
    paymentMethod: plan.paymentMethod,
    ...(isOnline(plan.paymentMethod) ? { paymentId: orderPaymentId(plan.orderId), paymentDueAt: paymentDueAt(now) } : {}),
    ...(payee ? { payee } : {}),
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    customerEmail: input.customerEmail,
    notes: plan.choice.notes?.trim() ?? '',
  };
}

/** The cart's checkout of the chosen shops, as their orders. */
const cartCommandOf = (userId: string, idempotencyKey: string, storeIds: string[], plans: ShopPlan[]): CheckoutPlan['cartCommand'] => ({
  streamId: cartStreamId(userId),
  command: { type: 'CheckOutCart', storeIds, orderIds: plans.map((p) => p.orderId) },
  eventIds: () => derivedId('checked-out', userId, idempotencyKey),
});

/** The orders this key placed before, by id. */
const placedStatesOf = (existing: Loaded<OrderState>[]): Map<string, OrderState> =>
  new Map<string, OrderState>(existing.flatMap(({ state }) => (state.order ? [[state.order.orderId, state] as const] : [])));

export async function planCheckout(deps: CheckoutDeps, userId: string, idempotencyKey: string, input: CheckoutInput, ctx: CommandContext): Promise<Placed | CheckoutPlan> {
  const storeIds = chosenShops(input);
  const now = ctx.now;
  // Only a shop paid online needs its accounts and commission, and only an order shipped can ship
  // free: asked beside the streams' read, as neither depends on it (a checkout in cash of pickups asks nothing).
  const paidOnline = input.stores.filter((s) => isOnline(methodOf(input, s))).map((s) => s.storeId);
  const shipped = input.stores.filter((s) => s.deliveryType === 'shipping').map((s) => s.storeId);
  const beside = Promise.all([
    onlineMethods(deps, input),
    paidOnline.length > 0 && deps.payments ? deps.payments.payees(paidOnline, now) : new Map<string, ShopPayees>(),
    freeShippingOrdersLeft(deps.pool, shipped, now),
  ]);
  // Awaited below, unless the streams' read refuses first: then its failure is no one's.
  beside.catch(() => {});
  const orderIdOf = (storeId: string) => derivedId('order', userId, idempotencyKey, storeId);
  // The key means this request, all of it (each field goes on the orders): claimed in the
  // checkout's own append, so a checkout refused leaves it free for the customer's next try.
  const claim = idempotencyClaim('checkout', userId, idempotencyKey, input);
  const cartStream = cartStreamId(userId);

  // One read: the order streams (the same key again?), the cart, and the products of the chosen
  // shops' lines as this process last saw the cart, whose stock is held next.
  const seenCart = cachedState<CartState>(deps.store, cartStream, cartCache.cacheAs);
  const guessed = seenCart ? productsInShops(seenCart.lines, storeIds) : [];
  const read = await loadStates(deps.store, {
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
  const placedBefore = placedAlready(existing);
  if (placedBefore) return placedBefore;

  const loadedCart = read.cart[0]!;
  const cart = loadedCart.state;
  if (await rereadEmptiedShops(deps, storeIds, orderIdOf, existing, cart)) {
    const placedByTwin = placedAlready(existing);
    if (placedByTwin) return placedByTwin;
  }
  const products = await productsOfCart(deps, guessed, read.products, cart, storeIds);
  const [online, paidShops, freeShippingLeft] = await beside;
  // The platform takes no payment online now: no shop's account is offered.
  const payees = online.size > 0 ? paidShops : new Map<string, ShopPayees>();

  // Every rule that can be checked before touching stock is checked first.
  const planning: ShopPlanning = { input, cart, products, online, freeShippingLeft, payees, now, orderIdOf };
  const plans = input.stores.map((choice, i) => planShop(planning, choice, i, read.shops[i]!.state, existing[i]!));
  const placedStates = placedStatesOf(existing);
  return {
    userId,
    claim,
    keyRead,
    cartStream,
    loadedCart,
    products,
    plans,
    holds: holdsOf(plans),
    holdCommand: holdCommandOf,
    orderOf: (plan, productOf) => orderOf(userId, input, now, plan, productOf),
    cartCommand: cartCommandOf(userId, idempotencyKey, storeIds, plans),
    placedStates,
    answer: (position, paymentUrls = new Map()) => ({ states: plans.map((p) => placedStates.get(p.orderId)!), paymentUrls, position }),
  };
}
