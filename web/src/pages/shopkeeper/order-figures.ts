import type { DeliveryType, OrderAction, OrderStatus, StoreOrderSummary } from '../../api/orders';

/* The shop's order figures and wording, pure so they are tested without a browser. */

const rome = 'Europe/Rome';

/** "2025-03" — the month of an instant on the shop's calendar. */
export function romeMonth(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: rome, year: 'numeric', month: '2-digit' }).format(at).slice(0, 7);
}

const romeDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: rome, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** Waiting for the shop: what "ordini in corso" counts (spec §2). */
export const inProgressStatuses: ReadonlySet<OrderStatus> = new Set(['pending', 'preparing']);

export interface ShopFigures {
  orderCount: number;
  inProgress: number;
  /** Totals of the orders created this month on the Rome calendar, whatever became of them (spec §2). */
  monthlyRevenue: number;
  monthlyOrders: number;
}

export function shopFigures(orders: Pick<StoreOrderSummary, 'status' | 'total' | 'createdAt'>[], now: Date): ShopFigures {
  const month = romeMonth(now);
  const thisMonth = orders.filter((o) => romeMonth(new Date(o.createdAt)) === month);
  // Sum in cents, so 0.1 + 0.2 never shows as € 0,30000000000000004 rounded the wrong way.
  const cents = thisMonth.reduce((sum, o) => sum + Math.round(o.total * 100), 0);
  return {
    orderCount: orders.length,
    inProgress: orders.filter((o) => inProgressStatuses.has(o.status)).length,
    monthlyRevenue: cents / 100,
    monthlyOrders: thisMonth.length,
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

export function countByStatus(orders: Pick<StoreOrderSummary, 'status'>[]): Record<OrderStatus | 'all', number> {
  const counts = { all: orders.length, pending: 0, preparing: 0, ready: 0, shipping: 0, completed: 0, cancelled: 0 };
  for (const o of orders) counts[o.status] += 1;
  return counts;
}

/** Newest first, whatever order the list came in. */
export const newestFirst = <T extends { createdAt: string }>(orders: T[]): T[] =>
  [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

/**
 * The shop's moves on an order of the list (the list has no allowedActions); the same rules as the
 * server's, which still has the last word on every click.
 */
export function shopActions(o: { status: OrderStatus; deliveryType: DeliveryType }): OrderAction[] {
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

const time = (at: Date) => at.toLocaleTimeString('it-IT', { timeZone: rome, hour: '2-digit', minute: '2-digit' });

/** "Oggi, 17:30", "Ieri, 09:05", "Domani, 18:00", "3 mag, 17:30" or "3 mag 2024, 17:30": on the shop's clock. */
export function formatWhen(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const day = romeDay(at);
  const today = romeDay(now);
  const dayMs = 24 * 3600 * 1000;
  const near: Record<string, string> = { [today]: 'Oggi', [romeDay(new Date(now.getTime() - dayMs))]: 'Ieri', [romeDay(new Date(now.getTime() + dayMs))]: 'Domani' };
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  const date = near[day] ?? at.toLocaleDateString('it-IT', { timeZone: rome, day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) });
  return `${date}, ${time(at)}`;
}

/** Who moved an order, from the role in its timeline. */
export function actorLabel(by: { role: string } | null): string {
  switch (by?.role) {
    case 'customer':
      return 'Cliente';
    case 'shopkeeper':
      return 'Negozio';
    case 'admin':
      return 'Amministratore';
    default:
      return 'Sistema';
  }
}

/** A short order number people can read out on the phone. */
export const orderNumber = (id: string) => `#${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
