import { derivedId } from '../../platform/commands/ids.js';
import type { CommandContext } from '../../platform/domain/context.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { siteUrl } from '../email/links.js';
import { openPayment, type PaymentToOpen, type ProviderOf } from '../payments/commands.js';
import type { ShopPayees } from '../payments/payees.js';
import { ORDER_PAYMENT_MINUTES, type OnlinePaymentMethod, type OrderPlacedData } from './order.js';

/*
 * An order paid online (issue [10]): its payment is a payment transaction of the payments module
 * (order_payment), opened at the provider the customer chose, whose hosted page the customer pays
 * on. The order names it (paymentId, derived from the order: opening it again opens the same one)
 * and waits for it until paymentDueAt; the orders' payments process (payments-process.ts) then
 * records what the payment came to on the order, cancels the orders left unpaid, and refunds the
 * paid ones that were cancelled.
 */

/** What the orders need of the payments: the providers, which of them the platform takes now, and the shops' payees. */
export interface OrderPayments {
  providers: ProviderOf;
  onlineMethods(): Promise<ReadonlySet<OnlinePaymentMethod>>;
  /** Each shop's accounts that take payments now and its plan's commission (payments/payees.ts). */
  payees(storeIds: readonly string[], now: Date): Promise<ReadonlyMap<string, ShopPayees>>;
}

export const orderPaymentId = (orderId: string): string => derivedId('order-payment', orderId);

/** Until when an order placed at `now` waits for its online payment. */
export const paymentDueAt = (now: Date): string => new Date(now.getTime() + ORDER_PAYMENT_MINUTES * 60_000).toISOString();

/** The customer's order page: where the provider's page sends them back, paid or not. */
export const orderPageUrl = (orderId: string): string => `${siteUrl}/customer/orders/${orderId}?pagamento=1`;

/** The order's payment as the payments module opens it: an order_payment of the order's total, back to the order's page. */
export function orderPaymentOf(order: OrderPlacedData): PaymentToOpen {
  const method = order.paymentMethod as OnlinePaymentMethod;
  const back = orderPageUrl(order.orderId);
  return {
    id: order.paymentId!,
    fields: {
      userId: order.userId,
      transactionType: 'order_payment',
      amountCents: order.totalCents,
      currency: 'EUR',
      paymentMethod: method === 'paypal' ? 'paypal' : 'credit_card',
      paymentProvider: method,
      description: `Ordine presso «${order.storeName}»`,
      packageId: null,
      assignmentId: null,
      metadata: { purpose: { kind: 'order', orderId: order.orderId }, storeId: order.storeId },
      // The shop's money to the shop's account, the commission to the platform (issue [20]).
      ...(order.payee ? { payee: { holderKind: 'store' as const, holderId: order.storeId, ...order.payee } } : {}),
    },
    returnUrl: back,
    cancelUrl: back,
  };
}

/**
 * Opens the order's payment at its provider (the same one however often asked) and answers its page.
 * Only for an order paid online (its paymentId set).
 */
export async function openOrderPayment(
  { store, providers }: { store: EventStore; providers: ProviderOf },
  order: OrderPlacedData,
  ctx: CommandContext,
): Promise<{ paymentUrl: string; position: Position | null }> {
  const { paymentUrl, position } = await openPayment({ store, providers }, orderPaymentOf(order), ctx);
  return { paymentUrl, position };
}
