import { describe, expect, it } from 'vitest';
import { orderUpcasters as up } from './upcasters.js';

const line = (price: number) => ({ productId: 'p', name: 'Pane', price, quantity: 2 });

describe('the orders’ old events, in cents', () => {
  it('reads an order placed in euros: its lines, subtotal, shipping and total', () => {
    expect(up.OrderPlaced!({ orderId: 'o', items: [line(2.45), line(0.3)], subtotal: 5.8, shippingCost: 0, total: 5.8 })).toEqual({
      orderId: 'o',
      items: [
        { productId: 'p', name: 'Pane', priceCents: 245, quantity: 2 },
        { productId: 'p', name: 'Pane', priceCents: 30, quantity: 2 },
      ],
      subtotalCents: 580,
      shippingCostCents: 0,
      totalCents: 580,
      deliveryCode: null,
    });
    expect(up.OrderPlaced!({ items: [line(19.99)], subtotal: 19.99, shippingCost: 4.5, total: 24.49 })).toMatchObject({
      subtotalCents: 1999,
      shippingCostCents: 450,
      totalCents: 2449,
    });
  });

  it('reads the lines a cancellation carries', () => {
    expect(up.OrderCancelled!({ by: 'customer', items: [line(19.99)] })).toEqual({ by: 'customer', items: [{ productId: 'p', name: 'Pane', priceCents: 1999, quantity: 2 }] });
  });

  it('reads an order placed before delivery codes as having none, and keeps one that has it', () => {
    const before = { items: [{ productId: 'p', name: 'Pane', priceCents: 245, quantity: 2 }], subtotalCents: 490, shippingCostCents: 0, totalCents: 490, deliveryType: 'shipping' };
    expect(up.OrderPlaced!(before)).toEqual({ ...before, deliveryCode: null });
    const coded = { ...before, deliveryCode: '042917' };
    expect(up.OrderPlaced!(coded)).toBe(coded);
  });

  it('leaves orders written in cents as they are', () => {
    const placed = { items: [{ productId: 'p', name: 'Pane', priceCents: 245, quantity: 2 }], subtotalCents: 490, shippingCostCents: 0, totalCents: 490, deliveryCode: null };
    expect(up.OrderPlaced!(placed)).toBe(placed);
    const cancelled = { by: 'store', items: placed.items };
    expect(up.OrderCancelled!(cancelled)).toBe(cancelled);
  });
});
