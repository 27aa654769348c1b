import type { Role } from '../../platform/domain/context.js';
import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import {
  checkAmount,
  checkCoordinates,
  checkInteger,
  checkRange,
  checkTime,
  MAX_ORDER_TOTAL_CENTS,
  MAX_PRICE_CENTS,
  MAX_SHIPPING_AMOUNT_CENTS,
} from '../../platform/domain/limits.js';
import { formatCents, type Cents } from '../../platform/domain/money.js';
import { maxLineQuantity } from '../cart/cart.js';
import { orderStatusLabels, type PaymentMethod } from './labels.js';
import { WITHDRAWAL_REASON_MAX, withdrawalAlready, withdrawalTerms, type WithdrawalState } from './withdrawal.js';

export const pickupCodeRefused = 'Codice di ritiro non valido.';
export const deliveryCodeRefused = 'Codice di consegna non valido.';

export const orderStreamId = (orderId: string): string => `order-${orderId}`;

/** Spec §4; their Italian names are in labels.ts. */
export type OrderStatus = 'pending' | 'preparing' | 'ready' | 'shipping' | 'completed' | 'cancelled';
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'refunded';
/** Spec §3's payment methods: labels.ts says them, for both sides. */
export type { PaymentMethod };
export const onlinePaymentMethods = ['stripe', 'paypal', 'sandbox'] as const satisfies readonly PaymentMethod[];
export type OnlinePaymentMethod = (typeof onlinePaymentMethods)[number];
export const isOnline = (method: PaymentMethod): method is OnlinePaymentMethod => method !== 'cash';
/** How long an order paid online waits for its payment before it is cancelled and its stock given back. */
export const ORDER_PAYMENT_MINUTES = 30;
export type DeliveryType = 'pickup' | 'shipping';
/** Each state's Italian name, for the refusals (labels.ts, shared with the web): a state without one does not compile. */
const statusNames: Record<OrderStatus, string> = orderStatusLabels;
/** `system`: the order was cancelled by itself (its payment never came, or was refused). */
export type CancelledBy = 'customer' | 'store' | 'admin' | 'system';

/** One line as sold: name and price of the moment of the order. */
export interface OrderLine {
  productId: string;
  name: string;
  priceCents: Cents;
  quantity: number;
  /**
   * The product's category when it was sold (the withdrawal's exclusions read it, so that a shop
   * moving a product to another category afterwards changes nothing). Absent in the orders placed
   * before it was kept, null for a product sold without one: the catalogue's, at the withdrawal
   * (as the order's page reads it, `COALESCE(i.category, p.category)`).
   */
  category?: string | null;
}

export interface OrderPlacedData {
  orderId: string;
  userId: string;
  storeId: string;
  storeOwnerId: string;
  storeName: string;
  items: OrderLine[];
  subtotalCents: Cents;
  shippingCostCents: Cents;
  totalCents: Cents;
  deliveryType: DeliveryType;
  deliveryAddress: string | null;
  deliveryLatitude: number | null;
  deliveryLongitude: number | null;
  /** ISO time the customer chose for a pickup. */
  pickupTime: string | null;
  /** Six digits the customer shows at the counter (pickup orders). */
  pickupCode: string | null;
  /**
   * Six digits the customer gives the collaborator at the door (shipping orders): a delivery task
   * completes the order only with it. Null in orders placed before it existed (upcasters.ts).
   */
  deliveryCode: string | null;
  paymentMethod: PaymentMethod;
  /** An order paid online: its payment (payments module), and until when it waits for it. Absent in older events: cash. */
  paymentId?: string | null;
  paymentDueAt?: string | null;
  /**
   * Paid online to the shop's own account (issue [20]): that account at the order's provider, and
   * the platform's commission on the total (payments/commission.ts) as agreed when the order was
   * placed. Absent: cash, or an order paid to the platform before shops had accounts.
   */
  payee?: OrderPayee;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  notes: string;
}

export interface OrderPayee {
  accountId: string;
  commissionPercentage: number;
  feeCents: Cents;
}

/** Who the order belongs to, carried by every event so readers need no other table. */
export interface OrderRef {
  orderId: string;
  userId: string;
  storeId: string;
  storeOwnerId: string;
  storeName: string;
}

/** A shipping order's delivery handed to a collaborator (a delivery task, issue [13]): asked, then accepted. */
export interface OrderDelivery {
  taskId: string;
  /** Who accepted it (or whom it was handed to, until they accept); null: offered to the area. */
  collaboratorId: string | null;
  collaboratorName: string | null;
  deadline: string;
  /** A collaborator accepted it: from now on the order moves only through the task. */
  assigned: boolean;
}

export type OrderCommand =
  | { type: 'PlaceOrder'; order: OrderPlacedData }
  | { type: 'AcceptOrder'; by: Role }
  | { type: 'MarkOrderReady'; by: Role }
  /** `taskId`: picked up by the collaborator of the order's delivery task. */
  | { type: 'ShipOrder'; by: Role; taskId?: string }
  /**
   * `taskId`: delivered by the collaborator of the order's delivery task, with the customer's code.
   * `freshCode`: six random digits, the customer's new code should this wrong try burn theirs.
   */
  | { type: 'CompleteOrder'; by: Role; pickupCode?: string; deliveryCode?: string; taskId?: string; freshCode?: string }
  /** A delivery task is created for the order (handed to a collaborator or offered to the area). */
  | { type: 'RequestDelivery'; taskId: string; collaboratorId: string | null; collaboratorName: string | null; deadline: string }
  /** A collaborator accepted the order's delivery task. */
  | { type: 'AssignDelivery'; taskId: string; collaboratorId: string; collaboratorName: string; deadline: string }
  /** The order's delivery task ended without delivering (cancelled, rejected, expired). */
  | { type: 'UnassignDelivery'; taskId: string; reason: string }
  | { type: 'CancelOrder'; by: CancelledBy; reason: string }
  /** What the order's online payment came to, as the payments module recorded it. */
  | { type: 'RecordPayment'; paymentId: string; outcome: 'paid' | 'failed' | 'refunded' }
  /**
   * The customer `userId` withdraws from their shipped order (withdrawal.ts, Codice del Consumo
   * art. 52): at `now`, the order delivered at `deliveredAt` as the log says it (null: not yet, or
   * not known), each line's product category in `categories` (by product id); `reason` optional.
   */
  | { type: 'WithdrawOrder'; userId: string; now: string; deliveredAt: string | null; categories: Record<string, string | null>; reason?: string | null }
  /** The shop has the withdrawn goods back: the refund follows (at once for an order paid at the door, through the provider for one paid online). */
  | { type: 'ConfirmWithdrawalReturn'; now: string }
  /** The provider confirmed the withdrawal's refund of the order's online payment. */
  | { type: 'RecordWithdrawalRefund'; paymentId: string; now: string };

export type OrderEvent =
  | DomainEvent<'OrderPlaced', OrderPlacedData>
  | DomainEvent<'OrderAccepted', OrderRef>
  | DomainEvent<'OrderReady', OrderRef>
  | DomainEvent<'OrderShipped', OrderRef>
  | DomainEvent<'OrderCompleted', OrderRef & { paymentStatus: PaymentStatus }>
  | DomainEvent<'OrderCancelled', OrderRef & { by: CancelledBy; reason: string; paymentStatus: PaymentStatus; items: OrderLine[] }>
  | DomainEvent<'OrderPaid', OrderRef & { paymentId: string; totalCents: Cents }>
  | DomainEvent<'OrderPaymentFailed', OrderRef & { paymentId: string }>
  | DomainEvent<'OrderRefunded', OrderRef & { paymentId: string; totalCents: Cents }>
  | DomainEvent<'OrderDeliveryRequested', OrderRef & { taskId: string; collaboratorId: string | null; collaboratorName: string | null; deadline: string }>
  | DomainEvent<'OrderDeliveryAssigned', OrderRef & { taskId: string; collaboratorId: string; collaboratorName: string; deadline: string }>
  | DomainEvent<'OrderDeliveryUnassigned', OrderRef & { taskId: string; collaboratorId: string | null; reason: string }>
  /** A wrong pickup or delivery code typed for the order: its `tries`-th on the code of the moment. */
  | DomainEvent<'OrderCodeMistyped', OrderRef & { kind: OrderCodeKind; tries: number }>
  /** The code burnt after MAX_ORDER_CODE_TRIES wrong tries: the customer's new one (the old stops working). */
  | DomainEvent<'OrderCodeReissued', OrderRef & { kind: OrderCodeKind; pickupCode: string | null; deliveryCode: string | null }>
  /** The customer withdrew (art. 52): the lines withdrawn, the shipping refunded with them, what they get back, and why (their words, optional). */
  | DomainEvent<'OrderWithdrawn', OrderRef & OrderWithdrawnData>
  /** The shop has the goods back: `amountCents` is to be refunded. */
  | DomainEvent<'OrderWithdrawalReturnReceived', OrderRef & { amountCents: Cents; receivedAt: string }>
  /** The withdrawal's refund done: through the order's online payment (`paymentId`), or by the shop itself (null: paid at the door). */
  | DomainEvent<'OrderWithdrawalRefunded', OrderRef & { amountCents: Cents; paymentId: string | null; refundedAt: string }>;

export interface OrderWithdrawnData {
  items: OrderLine[];
  shippingCostCents: Cents;
  amountCents: Cents;
  reason: string;
  withdrawnAt: string;
  deliveredAt: string | null;
}

/** The key the withdrawal's refund of an order's online payment moves under: one per order, so money never moves twice. */
export const withdrawalRefundKey = (orderId: string): string => `withdrawal-${orderId}`;

/** The customer's code an order is completed with: shown at the counter (pickup), or given at the door (delivery). */
export type OrderCodeKind = 'pickup' | 'delivery';
/** Wrong tries of one order's code before it is burnt and the customer gets a new one. */
export const MAX_ORDER_CODE_TRIES = 5;

export interface OrderState {
  order: OrderPlacedData | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** Its open delivery task, if any (absent in states made before deliveries existed: none). */
  delivery?: OrderDelivery | null;
  /** Wrong tries of its code of the moment (absent: none). */
  codeTries?: number;
  /** The customer's withdrawal, once sent (absent: none). */
  withdrawal?: { state: WithdrawalState; amountCents: Cents } | null;
}

const refOf = (o: OrderPlacedData): OrderRef => ({
  orderId: o.orderId,
  userId: o.userId,
  storeId: o.storeId,
  storeOwnerId: o.storeOwnerId,
  storeName: o.storeName,
});

export type OrderAction = 'accept' | 'ready' | 'ship' | 'complete' | 'cancel';

/** What each side may do in each state (the customer only cancels, and only while pending). */
export function allowedOrderActions(
  state: Pick<OrderState, 'status'> & { deliveryType: DeliveryType; paymentMethod?: PaymentMethod; paymentStatus?: PaymentStatus; deliveryTaskId?: string | null },
  side: 'customer' | 'store' | 'admin' | 'system',
): OrderAction[] {
  const { status, deliveryType } = state;
  // The system cancels only what nobody has started on: an order still waiting for its payment.
  if (side === 'customer' || side === 'system') return status === 'pending' ? ['cancel'] : [];
  // Its delivery handed to a collaborator: the shop prepares it, the task picks it up and delivers it.
  if (state.deliveryTaskId) return status === 'preparing' ? ['ready'] : [];
  switch (status) {
    case 'pending':
      // Paid online and not paid yet: the shop waits for the money before it accepts.
      return state.paymentMethod && isOnline(state.paymentMethod) && state.paymentStatus !== 'paid' ? ['cancel'] : ['accept', 'cancel'];
    case 'preparing':
      return ['ready', 'cancel'];
    case 'ready':
      return deliveryType === 'shipping' ? ['ship', 'cancel'] : ['complete', 'cancel'];
    case 'shipping':
      return ['complete'];
    default:
      return [];
  }
}

/** An order's amount within what the read models hold (limits.ts); more is split over several orders. */
export function checkOrderTotal(totalCents: Cents, field = 'total'): void {
  if (totalCents > MAX_ORDER_TOTAL_CENTS) {
    const message = `Un ordine può arrivare al massimo a ${formatCents(MAX_ORDER_TOTAL_CENTS)}: dividilo in più ordini.`;
    throw new DomainError(message, 'rule', { [field]: message });
  }
}

/**
 * The numbers of an order, as checkout computes them, within what the read models hold: the
 * last guard before they become an event no read model could apply.
 */
function checkOrderNumbers(order: OrderPlacedData): void {
  if (!Array.isArray(order.items) || order.items.length === 0) throw new DomainError('Un ordine ha almeno un prodotto.', 'rule');
  for (const item of order.items) {
    checkInteger('quantity', 'Quantità', item.quantity, { min: 1, max: maxLineQuantity });
    checkAmount('price', 'Prezzo', item.priceCents, { min: 1, max: MAX_PRICE_CENTS });
  }
  checkAmount('subtotal', 'Subtotale', order.subtotalCents, { max: MAX_ORDER_TOTAL_CENTS });
  checkAmount('shippingCost', 'Costo di spedizione', order.shippingCostCents, { max: MAX_SHIPPING_AMOUNT_CENTS });
  checkAmount('total', 'Totale', order.totalCents, { max: Number.MAX_SAFE_INTEGER });
  checkOrderTotal(order.totalCents);
  if (order.deliveryLatitude !== null || order.deliveryLongitude !== null) {
    checkCoordinates(order.deliveryLatitude ?? NaN, order.deliveryLongitude ?? NaN, { latitude: 'deliveryLatitude', longitude: 'deliveryLongitude' });
  }
  if (order.pickupTime !== null) checkTime('pickupTime', 'Orario di ritiro', order.pickupTime);
  if (order.payee) {
    // The platform's commission: never more than the order, in whole cents, at a percentage a plan can have.
    checkAmount('fee', 'Commissione', order.payee.feeCents, { min: 0, max: order.totalCents });
    checkRange('commissionPercentage', 'Commissione (%)', order.payee.commissionPercentage, { min: 0, max: 100 });
    if (!isOnline(order.paymentMethod)) throw new DomainError('Un ordine in contanti non si paga sul conto del negozio presso un fornitore.', 'rule');
  }
}

/**
 * A wrong code typed for the order: counted, and at the fifth burnt, the customer getting
 * `freshCode` instead (the old one stops working). The caller answers the wrong code once these
 * are stored.
 */
function mistyped(state: OrderState, order: OrderPlacedData, kind: OrderCodeKind, freshCode: string | undefined): OrderEvent[] {
  const ref = refOf(order);
  const tries = (state.codeTries ?? 0) + 1;
  const events: OrderEvent[] = [{ type: 'OrderCodeMistyped', data: { ...ref, kind, tries } }];
  if (tries < MAX_ORDER_CODE_TRIES) return events;
  if (!freshCode || !/^\d{6}$/.test(freshCode)) throw new Error('CompleteOrder with a code needs a fresh code of six digits');
  events.push({ type: 'OrderCodeReissued', data: { ...ref, kind, pickupCode: kind === 'pickup' ? freshCode : null, deliveryCode: kind === 'delivery' ? freshCode : null } });
  return events;
}

const notAllowed = (status: OrderStatus, what: string) => new DomainError(`Non è possibile ${what} un ordine «${statusNames[status]}».`, 'rule');

/** Why the shop (or an admin) may not move an order whose delivery a collaborator holds. */
function handedOver(delivery: OrderDelivery): DomainError {
  return new DomainError(
    delivery.assigned && delivery.collaboratorName
      ? `La consegna è affidata a ${delivery.collaboratorName}: l’ordine si ritira e si consegna con la sua attività (e il codice del cliente).`
      : 'La consegna è affidata a un collaboratore: annulla prima l’attività di consegna.',
    'rule',
  );
}

/** The order's open delivery when `taskId` is its task and a collaborator accepted it; refused otherwise. */
function byItsTask(delivery: OrderDelivery | null, taskId: string | undefined): void {
  if (taskId === undefined) {
    if (delivery) throw handedOver(delivery);
    return;
  }
  if (!delivery || delivery.taskId !== taskId) throw new DomainError('L’ordine non è più affidato a questa consegna.', 'rule');
  if (!delivery.assigned) throw new DomainError('Nessun collaboratore ha ancora accettato la consegna.', 'rule');
}

/** A value the command should hold as text (or nothing): refused in Italian otherwise, never a TypeError. */
function optionalText(value: unknown, field: string, label: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new DomainError(`${label}: deve essere un testo.`, 'invalid', { [field]: 'Deve essere un testo.' });
  const text = value.trim();
  if (text.length > max) throw new DomainError(`${label}: al massimo ${max} caratteri.`, 'invalid', { [field]: `Al massimo ${max} caratteri.` });
  return text;
}

/** The customer withdraws from their shipped order, within its period, from every line that allows it (withdrawal.ts). */
function withdraw(state: OrderState, order: OrderPlacedData, command: Extract<OrderCommand, { type: 'WithdrawOrder' }>): OrderEvent[] {
  // Someone else's order does not exist for them.
  if (typeof command.userId !== 'string' || command.userId !== order.userId) throw new DomainError('Ordine non trovato.', 'not-found');
  checkTime('now', 'Data', command.now);
  if (command.deliveredAt !== null) checkTime('deliveredAt', 'Data di consegna', command.deliveredAt);
  const categories: unknown = command.categories;
  if (typeof categories !== 'object' || categories === null || Array.isArray(categories)) throw new DomainError('Categorie dei prodotti non valide.', 'invalid');
  const categoryOf = (productId: string): string | null => {
    const category: unknown = (categories as Record<string, unknown>)[productId];
    if (category === undefined || category === null) return null;
    if (typeof category !== 'string') throw new DomainError('Categorie dei prodotti non valide.', 'invalid');
    return category;
  };
  const reason = optionalText(command.reason, 'reason', 'Motivo', WITHDRAWAL_REASON_MAX);
  if (state.withdrawal) throw new DomainError(withdrawalAlready, 'conflict');
  const terms = withdrawalTerms(
    {
      deliveryType: order.deliveryType,
      status: state.status,
      paymentStatus: state.paymentStatus,
      shippingCostCents: order.shippingCostCents,
      deliveredAt: command.deliveredAt,
      withdrawn: false,
      lines: order.items.map((item) => ({ ...item, category: item.category ?? categoryOf(item.productId) })),
    },
    new Date(command.now),
  );
  if (!terms.possible) throw new DomainError(terms.refusal ?? 'Recesso non possibile.', 'rule');
  const items = terms.eligible.map(({ productId, name, priceCents, quantity }) => ({ productId, name, priceCents, quantity }));
  return [
    {
      type: 'OrderWithdrawn',
      data: {
        ...refOf(order),
        items,
        shippingCostCents: terms.shippingRefundCents,
        amountCents: terms.refundCents,
        reason,
        withdrawnAt: command.now,
        deliveredAt: command.deliveredAt,
      },
    },
  ];
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: { order: null, status: 'pending', paymentStatus: 'pending' },

  decide(command, state) {
    if (command.type === 'PlaceOrder') {
      // Placing the same order again (same idempotency key) changes nothing.
      if (state.order) return [];
      checkOrderNumbers(command.order);
      return [{ type: 'OrderPlaced', data: command.order }];
    }
    const order = state.order;
    if (!order) throw new DomainError('Ordine non trovato.', 'not-found');
    const ref = refOf(order);
    const { status } = state;
    const delivery = state.delivery ?? null;
    switch (command.type) {
      case 'AcceptOrder':
        if (status !== 'pending') throw notAllowed(status, 'accettare');
        // Paid online: nothing is prepared before the money is in.
        if (isOnline(order.paymentMethod) && state.paymentStatus !== 'paid') {
          throw new DomainError('Il cliente non ha ancora pagato online: si accetta l’ordine quando il pagamento è arrivato.', 'rule');
        }
        return [{ type: 'OrderAccepted', data: ref }];
      case 'MarkOrderReady':
        if (status !== 'preparing') throw notAllowed(status, 'segnare come pronto');
        return [{ type: 'OrderReady', data: ref }];
      case 'ShipOrder':
        if (order.deliveryType !== 'shipping') throw new DomainError('Un ordine da ritirare in negozio non si spedisce.', 'rule');
        byItsTask(delivery, command.taskId);
        if (status !== 'ready') {
          throw command.taskId
            ? new DomainError(`L’ordine non è ancora pronto («${statusNames[status]}»): si ritira quando il negozio lo segna «Pronto».`, 'rule')
            : notAllowed(status, 'spedire');
        }
        return [{ type: 'OrderShipped', data: ref }];
      case 'CompleteOrder': {
        if (order.deliveryType === 'pickup') {
          if (status !== 'ready') throw notAllowed(status, 'completare');
          if (!order.pickupCode) throw new DomainError(pickupCodeRefused, 'rule', { pickupCode: pickupCodeRefused });
          if ((command.pickupCode ?? '').trim() !== order.pickupCode) return mistyped(state, order, 'pickup', command.freshCode);
        } else {
          byItsTask(delivery, command.taskId);
          if (status !== 'shipping') throw notAllowed(status, 'completare');
          // Delivered by a collaborator: only with the code the customer gives at the door.
          if (delivery) {
            if (!order.deliveryCode) throw new DomainError(deliveryCodeRefused, 'rule', { deliveryCode: deliveryCodeRefused });
            if ((command.deliveryCode ?? '').trim() !== order.deliveryCode) return mistyped(state, order, 'delivery', command.freshCode);
          }
        }
        // Cash changes hands at the counter or at the door; an order paid online was paid before.
        return [{ type: 'OrderCompleted', data: { ...ref, paymentStatus: 'paid' } }];
      }
      case 'CancelOrder': {
        if (delivery && status !== 'cancelled') throw handedOver(delivery);
        const side = command.by === 'customer' || command.by === 'system' ? command.by : 'store';
        if (!allowedOrderActions({ status, deliveryType: order.deliveryType }, side).includes('cancel')) {
          throw command.by === 'customer' && status !== 'cancelled'
            ? new DomainError('L’ordine è già in lavorazione: per annullarlo contatta il negozio.', 'rule')
            : notAllowed(status, 'annullare');
        }
        const reason = command.reason.trim();
        if (command.by !== 'customer' && command.by !== 'system' && !reason) {
          throw new DomainError('Scrivi il motivo dell’annullamento: lo leggerà il cliente.', 'rule', { reason: 'Scrivi il motivo dell’annullamento.' });
        }
        // Money paid online is refunded through its provider: the order says `refunded` once the
        // provider confirms it (RecordPayment), not before. An order never paid stays unpaid.
        return [{ type: 'OrderCancelled', data: { ...ref, by: command.by, reason, paymentStatus: state.paymentStatus, items: order.items } }];
      }
      case 'RecordPayment': {
        if (!order.paymentId || command.paymentId !== order.paymentId) throw new DomainError('Il pagamento non riguarda questo ordine.', 'rule');
        const { outcome, paymentId } = command;
        if (outcome === 'paid') {
          // Paid once; a payment that arrives after the order was cancelled is still money in (then refunded).
          return state.paymentStatus === 'pending' || state.paymentStatus === 'failed' ? [{ type: 'OrderPaid', data: { ...ref, paymentId, totalCents: order.totalCents } }] : [];
        }
        if (outcome === 'failed') return state.paymentStatus === 'pending' ? [{ type: 'OrderPaymentFailed', data: { ...ref, paymentId } }] : [];
        if (state.paymentStatus === 'refunded') return [];
        if (state.paymentStatus !== 'paid') throw new DomainError('Si rimborsa solo un ordine pagato.', 'rule');
        return [{ type: 'OrderRefunded', data: { ...ref, paymentId, totalCents: order.totalCents } }];
      }
      case 'WithdrawOrder':
        return withdraw(state, order, command);
      case 'ConfirmWithdrawalReturn': {
        checkTime('now', 'Data', command.now);
        const withdrawal = state.withdrawal ?? null;
        if (!withdrawal) throw new DomainError('Il cliente non ha esercitato il recesso per quest’ordine.', 'rule');
        if (withdrawal.state !== 'requested') return [];
        if (status === 'cancelled') throw new DomainError('L’ordine è annullato: il rimborso segue l’annullamento.', 'rule');
        const received: OrderEvent = { type: 'OrderWithdrawalReturnReceived', data: { ...ref, amountCents: withdrawal.amountCents, receivedAt: command.now } };
        // Paid online: refunded through its provider, recorded once it confirms. At the door: the shop gives the money back itself, now.
        if (order.paymentId && isOnline(order.paymentMethod)) return [received];
        return [received, { type: 'OrderWithdrawalRefunded', data: { ...ref, amountCents: withdrawal.amountCents, paymentId: null, refundedAt: command.now } }];
      }
      case 'RecordWithdrawalRefund': {
        checkTime('now', 'Data', command.now);
        if (typeof command.paymentId !== 'string' || !order.paymentId || command.paymentId !== order.paymentId)
          throw new DomainError('Il pagamento non riguarda questo ordine.', 'rule');
        const withdrawal = state.withdrawal ?? null;
        if (!withdrawal || withdrawal.state === 'requested') throw new DomainError('La merce del recesso non è ancora tornata al negozio.', 'rule');
        if (withdrawal.state === 'refunded') return [];
        return [{ type: 'OrderWithdrawalRefunded', data: { ...ref, amountCents: withdrawal.amountCents, paymentId: command.paymentId, refundedAt: command.now } }];
      }
      case 'RequestDelivery': {
        if (delivery?.taskId === command.taskId) return [];
        if (order.deliveryType !== 'shipping') throw new DomainError('Si affida la consegna solo di un ordine con spedizione.', 'rule');
        if (status === 'pending') throw new DomainError('Accetta l’ordine prima di affidarne la consegna.', 'rule');
        if (status !== 'preparing' && status !== 'ready') throw notAllowed(status, 'affidare la consegna di');
        if (delivery) throw new DomainError('La consegna di quest’ordine è già affidata: annulla prima l’attività di consegna.', 'conflict');
        if (!order.deliveryCode) throw new DomainError('Quest’ordine è di prima dei codici di consegna: consegnalo dal negozio.', 'rule');
        checkTime('deadline', 'Scadenza', command.deadline);
        const { taskId, collaboratorId, collaboratorName, deadline } = command;
        return [{ type: 'OrderDeliveryRequested', data: { ...ref, taskId, collaboratorId, collaboratorName, deadline } }];
      }
      case 'AssignDelivery': {
        if (!delivery || delivery.taskId !== command.taskId) throw new DomainError('L’ordine non è più affidato a questa consegna.', 'rule');
        if (delivery.assigned && delivery.collaboratorId === command.collaboratorId) return [];
        if (status === 'cancelled' || status === 'completed') throw notAllowed(status, 'consegnare');
        checkTime('deadline', 'Scadenza', command.deadline);
        const { taskId, collaboratorId, collaboratorName, deadline } = command;
        return [{ type: 'OrderDeliveryAssigned', data: { ...ref, taskId, collaboratorId, collaboratorName, deadline } }];
      }
      case 'UnassignDelivery': {
        if (!delivery || delivery.taskId !== command.taskId) return [];
        return [
          { type: 'OrderDeliveryUnassigned', data: { ...ref, taskId: command.taskId, collaboratorId: delivery.assigned ? delivery.collaboratorId : null, reason: command.reason } },
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'OrderPlaced':
        return { order: event.data, status: 'pending', paymentStatus: 'pending', delivery: null };
      case 'OrderAccepted':
        return { ...state, status: 'preparing' };
      case 'OrderReady':
        return { ...state, status: 'ready' };
      case 'OrderShipped':
        return { ...state, status: 'shipping' };
      case 'OrderCancelled':
        return { ...state, status: 'cancelled', paymentStatus: event.data.paymentStatus };
      case 'OrderPaid':
        return { ...state, paymentStatus: 'paid' };
      case 'OrderPaymentFailed':
        return { ...state, paymentStatus: 'failed' };
      case 'OrderRefunded':
        return { ...state, paymentStatus: 'refunded' };
      case 'OrderDeliveryRequested': {
        const { taskId, collaboratorId, collaboratorName, deadline } = event.data;
        return { ...state, delivery: { taskId, collaboratorId, collaboratorName, deadline, assigned: false } };
      }
      case 'OrderDeliveryAssigned': {
        const { taskId, collaboratorId, collaboratorName, deadline } = event.data;
        return { ...state, delivery: { taskId, collaboratorId, collaboratorName, deadline, assigned: true } };
      }
      case 'OrderDeliveryUnassigned':
        return { ...state, delivery: null };
      case 'OrderCodeMistyped':
        return { ...state, codeTries: event.data.tries };
      case 'OrderCodeReissued': {
        if (!state.order) return state;
        const { pickupCode, deliveryCode } = event.data;
        return { ...state, codeTries: 0, order: event.data.kind === 'pickup' ? { ...state.order, pickupCode } : { ...state.order, deliveryCode } };
      }
      case 'OrderWithdrawn':
        return { ...state, withdrawal: { state: 'requested', amountCents: event.data.amountCents } };
      case 'OrderWithdrawalReturnReceived':
        return state.withdrawal ? { ...state, withdrawal: { ...state.withdrawal, state: 'returned' } } : state;
      case 'OrderWithdrawalRefunded':
        return state.withdrawal ? { ...state, withdrawal: { ...state.withdrawal, state: 'refunded' } } : state;
      case 'OrderCompleted':
        // Delivered: the task is done, nothing is handed over any more.
        return { ...state, status: 'completed', paymentStatus: event.data.paymentStatus, delivery: null };
      default:
        return state;
    }
  },
};
