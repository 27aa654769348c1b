import { describe, expect, it } from 'vitest';
import { actorLabel, formatWhen, orderNumber, shopActions, shopFigures, tabCounts } from './order-figures';

const byStatus = { pending: 2, preparing: 1, ready: 1, shipping: 1, completed: 3, cancelled: 1 };

describe('the shop dashboard figures', () => {
  it('counts the orders, those waiting for the shop (pending, preparing), and takes the month from the summary', () => {
    expect(shopFigures({ count: 9, byStatus, thisMonth: { orders: 5, revenue: 69.8 } })).toEqual({ orderCount: 9, inProgress: 3, monthlyRevenue: 69.8, monthlyOrders: 5 });
  });

  it('is all zero while the summary is not known', () => {
    expect(shopFigures(undefined)).toEqual({ orderCount: 0, inProgress: 0, monthlyRevenue: 0, monthlyOrders: 0 });
  });
});

describe('the orders page', () => {
  it('counts the orders of each tab', () => {
    expect(tabCounts({ count: 9, byStatus })).toEqual({ all: 9, ...byStatus });
    expect(tabCounts(undefined)).toEqual({ all: 0, pending: 0, preparing: 0, ready: 0, shipping: 0, completed: 0, cancelled: 0 });
  });

  it('offers the shop the next step of each order', () => {
    expect(shopActions({ status: 'pending', deliveryType: 'pickup' })).toEqual(['accept', 'cancel']);
    expect(shopActions({ status: 'preparing', deliveryType: 'shipping' })).toEqual(['ready', 'cancel']);
    expect(shopActions({ status: 'ready', deliveryType: 'pickup' })).toEqual(['complete', 'cancel']);
    expect(shopActions({ status: 'ready', deliveryType: 'shipping' })).toEqual(['ship', 'cancel']);
    expect(shopActions({ status: 'shipping', deliveryType: 'shipping' })).toEqual(['complete']);
    expect(shopActions({ status: 'completed', deliveryType: 'pickup' })).toEqual([]);
    expect(shopActions({ status: 'cancelled', deliveryType: 'pickup' })).toEqual([]);
  });

  it("says when on the shop's clock, with today, yesterday and tomorrow in words", () => {
    const now = new Date('2025-03-15T10:00:00Z');
    expect(formatWhen('2025-03-15T16:30:00Z', now)).toBe('Oggi, 17:30');
    expect(formatWhen('2025-03-14T08:05:00Z', now)).toBe('Ieri, 09:05');
    expect(formatWhen('2025-03-16T17:00:00Z', now)).toBe('Domani, 18:00');
    expect(formatWhen('2025-03-03T16:30:00Z', now)).toBe('3 mar, 17:30');
    expect(formatWhen('2024-12-03T16:30:00Z', now)).toBe('3 dic 2024, 17:30');
  });

  it('names who moved an order and numbers it readably', () => {
    expect(actorLabel({ role: 'customer' })).toBe('Cliente');
    expect(actorLabel({ role: 'shopkeeper' })).toBe('Negozio');
    expect(actorLabel({ role: 'admin' })).toBe('Amministratore');
    expect(actorLabel(null)).toBe('Sistema');
    expect(orderNumber('0f8e2c1a-1234-5678-9abc-def012345678')).toBe('#0F8E2C1A');
  });
});
