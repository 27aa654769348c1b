import { describe, expect, it } from 'vitest';
import type { CustomerOrderSummary, OrderStatus } from '../../api/orders';
import { customerFigures } from './customer-figures';

const order = (id: string, status: OrderStatus, total: number, createdAt: string): CustomerOrderSummary => ({
  id, storeId: 's', storeName: 'Bottega', total, status, paymentStatus: 'pending', deliveryType: 'pickup', itemCount: 1, createdAt,
});

describe('customerFigures', () => {
  it('counts orders, completed and in progress (pending, preparing, shipping), and sums what was not cancelled', () => {
    const figures = customerFigures([
      order('a', 'pending', 10.1, '2025-01-01T10:00:00Z'),
      order('b', 'preparing', 0.2, '2025-01-02T10:00:00Z'),
      order('c', 'ready', 5, '2025-01-03T10:00:00Z'),
      order('d', 'shipping', 1, '2025-01-04T10:00:00Z'),
      order('e', 'completed', 20, '2025-01-05T10:00:00Z'),
      order('f', 'cancelled', 99, '2025-01-06T10:00:00Z'),
    ]);
    expect(figures).toMatchObject({ orders: 6, completed: 1, inProgress: 3, spent: 36.3 });
  });

  it('lists the five newest first', () => {
    const orders = ['01', '05', '03', '02', '06', '04'].map((d) => order(d, 'pending', 1, `2025-01-${d}T10:00:00Z`));
    expect(customerFigures(orders).recent.map((o) => o.id)).toEqual(['06', '05', '04', '03', '02']);
  });

  it('is all zero without orders', () => {
    expect(customerFigures([])).toEqual({ orders: 0, completed: 0, inProgress: 0, spent: 0, recent: [] });
  });
});
