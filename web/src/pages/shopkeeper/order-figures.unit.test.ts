import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../api/orders';
import { actorLabel, countByStatus, formatWhen, newestFirst, orderNumber, romeMonth, shopActions, shopFigures } from './order-figures';

const order = (status: OrderStatus, total: number, createdAt: string) => ({ status, total, createdAt });

describe('the shop dashboard figures', () => {
  const now = new Date('2025-03-15T10:00:00Z');

  it('adds up every order created this month on the Rome calendar, cancelled ones too (spec §2)', () => {
    const figures = shopFigures(
      [
        order('completed', 12.5, '2025-03-14T09:00:00Z'),
        order('pending', 0.1, '2025-03-01T08:00:00Z'),
        order('preparing', 0.2, '2025-03-02T08:00:00Z'),
        // 23:30 UTC on 28 February is already 1 March in Rome.
        order('ready', 7, '2025-02-28T23:30:00Z'),
        // 22:30 UTC on 28 February is still February in Rome.
        order('completed', 100, '2025-02-28T22:30:00Z'),
        order('cancelled', 50, '2025-03-10T09:00:00Z'),
        order('completed', 40, '2024-03-10T09:00:00Z'),
      ],
      now,
    );
    expect(figures).toEqual({ orderCount: 7, inProgress: 2, monthlyRevenue: 69.8, monthlyOrders: 5 });
  });

  it('is all zero for a new shop', () => {
    expect(shopFigures([], now)).toEqual({ orderCount: 0, inProgress: 0, monthlyRevenue: 0, monthlyOrders: 0 });
  });

  it('reads the month in Rome', () => {
    expect(romeMonth(new Date('2025-03-31T22:30:00Z'))).toBe('2025-04');
    expect(romeMonth(new Date('2025-03-31T21:30:00Z'))).toBe('2025-03');
  });
});

describe('the orders page', () => {
  it('counts the orders of each tab', () => {
    const counts = countByStatus([order('pending', 1, ''), order('pending', 1, ''), order('shipping', 1, ''), order('cancelled', 1, '')]);
    expect(counts).toEqual({ all: 4, pending: 2, preparing: 0, ready: 0, shipping: 1, completed: 0, cancelled: 1 });
  });

  it('shows the newest first', () => {
    const sorted = newestFirst([order('pending', 1, '2025-03-01T10:00:00Z'), order('ready', 2, '2025-03-02T10:00:00Z'), order('completed', 3, '2025-02-01T10:00:00Z')]);
    expect(sorted.map((o) => o.total)).toEqual([2, 1, 3]);
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

  it('says when on the shop\'s clock, with today, yesterday and tomorrow in words', () => {
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
