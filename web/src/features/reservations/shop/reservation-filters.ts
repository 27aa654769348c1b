import type { ReservationCounts, ReservationStatus } from '../api';

/* The shop's reservation tabs, pure so they are tested without a browser. */

export type ReservationTab = ReservationStatus | 'all';

export const reservationTabs: { value: ReservationTab; label: string }[] = [
  { value: 'all', label: 'Tutte' },
  { value: 'pending', label: 'In attesa' },
  { value: 'confirmed', label: 'Confermate' },
  { value: 'ready', label: 'Pronte' },
  { value: 'completed', label: 'Completate' },
  { value: 'cancelled', label: 'Annullate' },
];

const noCounts = { all: 0, pending: 0, confirmed: 0, ready: 0, completed: 0, cancelled: 0 };

/** Each tab's count, from the shop's summary; zero while it is not known. */
export function tabCounts(totals: ReservationCounts | undefined): Record<ReservationTab, number> {
  return totals ? { all: totals.count, ...totals.byStatus } : noCounts;
}
