import { orderStatusLabels, paymentStatusLabels, deliveryTypeLabels } from '../../features/orders/api';
import { reservationStatusLabels } from '../../features/reservations/api';
import { roleLabels } from '../../lib/types';
import { paymentMethodLabels as paymentsMethodLabels } from '../../features/payments/api';

/* The Italian names of every status, role and kind the admin reads, filters and edits by. */

export interface Choice {
  id: string;
  name: string;
}

/** A record of Italian names by id as the choices of a select input or a status field. */
export const toChoices = (labels: Record<string, string>): Choice[] => Object.entries(labels).map(([id, name]) => ({ id, name }));

export const userStatusLabels: Record<string, string> = { active: 'Attivo', inactive: 'Disattivato', suspended: 'Sospeso', erased: 'Cancellato' };
export const storeStatusLabels: Record<string, string> = { pending: 'In attesa di approvazione', active: 'Attivo', suspended: 'Sospeso' };
export const productStatusLabels: Record<string, string> = { active: 'Attivo', inactive: 'Non attivo', pending: 'In revisione' };
// An order's (cash, stripe, paypal) and a payment transaction's (spec §3: credit_card, paypal, bank_transfer, credits).
export const paymentMethodLabels: Record<string, string> = { cash: 'Contanti', stripe: 'Carta (Stripe)', ...paymentsMethodLabels };
export const storeTypeLabels: Record<string, string> = { retail: 'Al dettaglio', wholesale: 'All’ingrosso' };
/** Who cancelled an order or a reservation. */
export const cancelledByLabels: Record<string, string> = { customer: 'Cliente', store: 'Negozio', admin: 'Amministrazione', system: 'Scadenza automatica' };
export { deliveryTypeLabels, orderStatusLabels, paymentStatusLabels, reservationStatusLabels, roleLabels };

export const roleChoices = toChoices(roleLabels);
export const userStatusChoices = toChoices(userStatusLabels);
/** The statuses an admin may give: an account is erased only by its erasure. */
export const settableUserStatusChoices = userStatusChoices.filter((c) => c.id !== 'erased');
export const storeStatusChoices = toChoices(storeStatusLabels);
export const productStatusChoices = toChoices(productStatusLabels);
export const orderStatusChoices = toChoices(orderStatusLabels);
export const paymentStatusChoices = toChoices(paymentStatusLabels);
export const deliveryTypeChoices = toChoices(deliveryTypeLabels);

export const labelOf = (choices: Choice[], id: unknown): string =>
  choices.find((c) => c.id === id)?.name ?? (typeof id === 'string' ? id : typeof id === 'number' || typeof id === 'boolean' ? String(id) : '—');
