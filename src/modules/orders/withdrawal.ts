import { WITHDRAWAL_DAYS, withdrawalExclusion } from '../catalog/consumer-law.js';
import { romeDateTime } from '../../platform/domain/format.js';

/*
 * The right of withdrawal from a shipped order (Codice del Consumo artt. 52–59), said once for both
 * sides: the decider's refusals and the order page's «Diritto di recesso». Pure: the web imports it
 * (`@pure/orders/withdrawal`).
 *
 * - Shipped orders only (a pickup order is bought at the counter); the customer withdraws from the
 *   whole order: every line whose category allows it (consumer-law.ts `withdrawalExclusion`), the
 *   excluded ones stay sold, each with its reason.
 * - From the moment the shop accepted it (before, the customer simply cancels it) until
 *   WITHDRAWAL_DAYS after its delivery (art. 52: the period runs from delivery; before delivery
 *   the customer may already withdraw). Delivered with no known time: the period is not counted
 *   against the customer.
 * - Only once it is paid (online, or at the door): a cash order not paid yet is refused at the door
 *   or cancelled by the shop, there is no money to give back.
 * - The refund (art. 56): the withdrawn lines, and the standard shipping cost when the whole order
 *   is withdrawn (no line excluded).
 */

export { WITHDRAWAL_DAYS };

export { withdrawalStateLabels, withdrawalStates, type WithdrawalState } from './labels.js';

/** At most this many characters of the customer's reason (optional). */
export const WITHDRAWAL_REASON_MAX = 500;

/** One line of the order, with its product's category. */
export interface WithdrawalLine {
  productId: string;
  name: string;
  priceCents: number;
  quantity: number;
  category: string | null;
}

/** What withdrawal terms need of the order. */
export interface WithdrawalOrder {
  deliveryType: 'pickup' | 'shipping';
  status: string;
  /** The order's payment as its events say it (pending, paid, failed, refunded). */
  paymentStatus: string;
  shippingCostCents: number;
  /** When it was delivered (its completion), null when not yet or not known. */
  deliveredAt: string | null;
  /** The customer already withdrew. */
  withdrawn: boolean;
  lines: WithdrawalLine[];
}

export interface WithdrawalTerms {
  possible: boolean;
  /** Why not, in Italian, when not possible. */
  refusal: string | null;
  /** The period's end: delivery + WITHDRAWAL_DAYS; null before delivery (or when its time is not known). */
  until: string | null;
  /** The lines the withdrawal covers. */
  eligible: WithdrawalLine[];
  /** The lines excluded by their category, each with its reason (art. 59). */
  excluded: { productId: string; name: string; reason: string; article: string }[];
  /** The standard shipping cost refunded: all of it when the whole order is withdrawn, else nothing. */
  shippingRefundCents: number;
  /** What the customer gets back: the eligible lines and the shipping refunded. */
  refundCents: number;
}

const dayMs = 24 * 60 * 60 * 1000;

/** The end of the withdrawal period of an order delivered at `deliveredAt` (null: not delivered, or not known when). */
export const withdrawalDeadline = (deliveredAt: string | null): string | null =>
  deliveredAt === null ? null : new Date(new Date(deliveredAt).getTime() + WITHDRAWAL_DAYS * dayMs).toISOString();

/** The refusal of a withdrawal asked after its period: «Il periodo di recesso di 14 giorni è scaduto il 16/12/2026 18:05.» */
export const withdrawalExpired = (until: string): string => `Il periodo di recesso di ${WITHDRAWAL_DAYS} giorni è scaduto il ${romeDateTime(until)}.`;
export const withdrawalPickupRefused = 'Il diritto di recesso vale per gli ordini spediti: per un ordine ritirato in negozio rivolgiti al negozio.';
export const withdrawalAllExcluded = 'Nessun prodotto di quest’ordine ammette il recesso: vedi il motivo accanto a ciascuno.';
export const withdrawalAlready = 'Hai già esercitato il recesso per quest’ordine.';

/** Whether and how the customer may withdraw from `order` at `now`, and what they would get back. */
export function withdrawalTerms(order: WithdrawalOrder, now: Date): WithdrawalTerms {
  const eligible: WithdrawalLine[] = [];
  const excluded: WithdrawalTerms['excluded'] = [];
  for (const line of order.lines) {
    const exclusion = withdrawalExclusion(line.category);
    if (exclusion) excluded.push({ productId: line.productId, name: line.name, reason: exclusion.reason, article: exclusion.article });
    else eligible.push(line);
  }
  const whole = excluded.length === 0;
  const shippingRefundCents = whole && eligible.length > 0 ? order.shippingCostCents : 0;
  const refundCents = eligible.reduce((sum, l) => sum + l.priceCents * l.quantity, 0) + shippingRefundCents;
  const until = order.status === 'completed' ? withdrawalDeadline(order.deliveredAt) : null;
  const refusal = refusalOf(order, until, eligible.length, now);
  return { possible: refusal === null, refusal, until, eligible, excluded, shippingRefundCents, refundCents };
}

function refusalOf(order: WithdrawalOrder, until: string | null, eligible: number, now: Date): string | null {
  if (order.deliveryType !== 'shipping') return withdrawalPickupRefused;
  if (order.withdrawn) return withdrawalAlready;
  if (order.status === 'cancelled') return 'L’ordine è annullato: non c’è nulla da cui recedere.';
  if (order.status === 'pending') return 'L’ordine è ancora in attesa di conferma: puoi semplicemente annullarlo.';
  if (eligible === 0) return withdrawalAllExcluded;
  if (until !== null && new Date(until).getTime() <= now.getTime()) return withdrawalExpired(until);
  if (order.paymentStatus === 'refunded') return 'L’ordine è già stato rimborsato.';
  if (order.paymentStatus !== 'paid') return 'L’ordine non è ancora pagato: se non lo vuoi più, chiedi al negozio di annullarlo o rifiutalo alla consegna.';
  return null;
}
