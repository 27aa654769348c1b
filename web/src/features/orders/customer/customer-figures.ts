import type { CustomerOrderTotals, OrderStatus } from '../api';

/* The customer dashboard's figures (spec §2), from GET /api/orders/user/summary. */

/** Spec §2: an order is in progress while pending, being prepared or on its way. */
export const inProgressStatuses: readonly OrderStatus[] = ['pending', 'preparing', 'shipping'];
/** Spec §9: dashboards list the 5 latest. */
export const recentLimit = 5;

export interface CustomerFigures {
  orders: number;
  completed: number;
  inProgress: number;
  /** The totals of the orders not cancelled: a cancelled order was never paid, or was refunded. */
  spent: number;
}

/** Zero while the totals are not known (a dashboard is no place for an error). */
export function customerFigures(totals: CustomerOrderTotals | undefined): CustomerFigures {
  if (!totals) return { orders: 0, completed: 0, inProgress: 0, spent: 0 };
  return {
    orders: totals.count,
    completed: totals.byStatus.completed,
    inProgress: inProgressStatuses.reduce((n, status) => n + totals.byStatus[status], 0),
    spent: totals.spent,
  };
}
