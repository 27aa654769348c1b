import type { Reservation, ReservationStatus } from '../../api/reservations';
import { foldText } from '../../components/format';

/* The shop's reservation filters, pure so they are tested without a browser. */

export type ReservationTab = ReservationStatus | 'all';

export const reservationTabs: { value: ReservationTab; label: string }[] = [
  { value: 'all', label: 'Tutte' },
  { value: 'pending', label: 'In attesa' },
  { value: 'confirmed', label: 'Confermate' },
  { value: 'ready', label: 'Pronte' },
  { value: 'completed', label: 'Completate' },
  { value: 'cancelled', label: 'Annullate' },
];

export function countReservations(list: Pick<Reservation, 'status'>[]): Record<ReservationTab, number> {
  const counts = { all: list.length, pending: 0, confirmed: 0, ready: 0, completed: 0, cancelled: 0 };
  for (const r of list) counts[r.status] += 1;
  return counts;
}


/** Every word typed appears in the customer's name, contact or the product (accents ignored). */
export function matchesReservation(r: Pick<Reservation, 'customerName' | 'customerPhone' | 'customerEmail' | 'productName'>, query: string): boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = foldText([r.customerName, r.customerPhone, r.customerEmail, r.productName].join(' '));
  return words.every((w) => text.includes(w));
}
