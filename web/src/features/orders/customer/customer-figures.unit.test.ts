import { describe, expect, it } from 'vitest';
import { customerFigures } from './customer-figures';

describe('customerFigures', () => {
  it('counts orders, completed and in progress (pending, preparing, shipping), and takes what was spent', () => {
    const figures = customerFigures({
      count: 6,
      byStatus: { pending: 1, preparing: 1, ready: 1, shipping: 1, completed: 1, cancelled: 1 },
      spent: 36.3,
    });
    expect(figures).toEqual({ orders: 6, completed: 1, inProgress: 3, spent: 36.3 });
  });

  it('is all zero while the totals are not known', () => {
    expect(customerFigures(undefined)).toEqual({ orders: 0, completed: 0, inProgress: 0, spent: 0 });
  });
});
