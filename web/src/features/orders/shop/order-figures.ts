import { addDays, romeDateTime, romeToday } from '../../../lib/dates';
import type { DeliveryType, OrderAction, OrderCounts, OrderStatus, OrderTimelineEntry, ShopOrderTotals } from '../api';

/* The shop's order figures and wording, pure so they are tested without a browser. */

const rome = 'Europe/Rome';

/** Waiting for the shop: what "ordini in corso" counts (spec §2). */
export const inProgressStatuses: readonly OrderStatus[] = ['pending', 'preparing'];

export interface ShopFigures {
  orderCount: number;
  inProgress: number;
  /** Totals of the orders created this month on the Rome calendar, whatever became of them (spec §2). */
  monthlyRevenue: number;
  monthlyOrders: number;
}

/** From GET /api/orders/store/{id}/summary; zero while it is not known. */
export function shopFigures(totals: ShopOrderTotals | undefined): ShopFigures {
  if (!totals) return { orderCount: 0, inProgress: 0, monthlyRevenue: 0, monthlyOrders: 0 };
  return {
    orderCount: totals.count,
    inProgress: inProgressStatuses.reduce((n, status) => n + totals.byStatus[status], 0),
    monthlyRevenue: totals.thisMonth.revenue,
    monthlyOrders: totals.thisMonth.orders,
  };
}

/** The filter tabs of the orders page, in the order work flows. */
export const orderTabs: { value: OrderStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'Tutti' },
  { value: 'pending', label: 'In attesa' },
  { value: 'preparing', label: 'In preparazione' },
  { value: 'ready', label: 'Pronti' },
  { value: 'shipping', label: 'In consegna' },
  { value: 'completed', label: 'Completati' },
  { value: 'cancelled', label: 'Annullati' },
];

const noCounts = { all: 0, pending: 0, preparing: 0, ready: 0, shipping: 0, completed: 0, cancelled: 0 };

/** Each tab's count, from the summary's counts; zero while they are not known. */
export function tabCounts(totals: OrderCounts | undefined): Record<OrderStatus | 'all', number> {
  return totals ? { all: totals.count, ...totals.byStatus } : noCounts;
}

/**
 * The shop's moves on an order of the list (the list has no allowedActions); the same rules as the
 * server's, which still has the last word on every click.
 */
export function shopActions(o: { status: OrderStatus; deliveryType: DeliveryType; deliveryTaskId?: string | null }): OrderAction[] {
  // Handed to a collaborator: the shop prepares it, the collaborator picks it up and delivers it.
  if (o.deliveryTaskId) return o.status === 'preparing' ? ['ready'] : [];
  switch (o.status) {
    case 'pending':
      return ['accept', 'cancel'];
    case 'preparing':
      return ['ready', 'cancel'];
    case 'ready':
      return o.deliveryType === 'shipping' ? ['ship', 'cancel'] : ['complete', 'cancel'];
    case 'shipping':
      return ['complete'];
    default:
      return [];
  }
}

/** "Oggi, 17:30", "Ieri, 09:05", "Domani, 18:00", "3 mag, 17:30" or "3 mag 2024, 17:30": on the shop's clock. */
export function formatWhen(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const day = romeToday(at);
  const today = romeToday(now);
  const near: Record<string, string> = { [today]: 'Oggi', [addDays(today, -1)]: 'Ieri', [addDays(today, 1)]: 'Domani' };
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  const date = near[day] ?? at.toLocaleDateString('it-IT', { timeZone: rome, day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) });
  return `${date}, ${romeDateTime(at).time}`;
}

/** Who moved an order, from the role in its timeline (none recorded: the system). */
export function actorLabel(by: Pick<NonNullable<OrderTimelineEntry['by']>, 'role'> | null): string {
  switch (by?.role) {
    case 'customer':
      return 'Cliente';
    case 'shopkeeper':
      return 'Negozio';
    case 'admin':
      return 'Amministratore';
    case 'collaborator':
      return 'Collaboratore';
    default:
      return 'Sistema';
  }
}

/** A short order number people can read out on the phone. */
export const orderNumber = (id: string) => `#${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
