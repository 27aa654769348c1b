import type { CustomerOrderSummary, OrderStatus } from '../../api/orders';

/* The customer dashboard's figures (spec §2), from GET /api/orders/user. */

/** Spec §2: an order is in progress while pending, being prepared or on its way. */
export const inProgressStatuses: ReadonlySet<OrderStatus> = new Set(['pending', 'preparing', 'shipping']);
/** Spec §9: dashboards list the 5 latest. */
export const recentLimit = 5;

export interface CustomerFigures {
  orders: number;
  completed: number;
  inProgress: number;
  /** The totals of the orders not cancelled: a cancelled order was never paid, or was refunded. */
  spent: number;
  recent: CustomerOrderSummary[];
}

export function customerFigures(orders: CustomerOrderSummary[]): CustomerFigures {
  const spentCents = orders.filter((o) => o.status !== 'cancelled').reduce((sum, o) => sum + Math.round(o.total * 100), 0);
  return {
    orders: orders.length,
    completed: orders.filter((o) => o.status === 'completed').length,
    inProgress: orders.filter((o) => inProgressStatuses.has(o.status)).length,
    spent: spentCents / 100,
    recent: [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, recentLimit),
  };
}
