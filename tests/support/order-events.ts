import { randomUUID } from 'node:crypto';
import type { DeliveryType, OrderLine, OrderPlacedData } from '../../src/modules/orders/order.js';
import type { ReservationRequestedData } from '../../src/modules/reservations/reservation.js';

/**
 * An order as checkout places it (the PlaceOrder command's data), with fresh ids: two lines of
 * 4.50 × 2 and 3.00 × 1, picked up or shipped (3.00), in cents. `changes` override any field.
 */
export function anOrder(deliveryType: DeliveryType = 'pickup', changes: Partial<OrderPlacedData> = {}): OrderPlacedData {
  const pickup = deliveryType === 'pickup';
  const items: OrderLine[] = changes.items ?? [
    { productId: randomUUID(), name: 'Focaccia', priceCents: 450, quantity: 2 },
    { productId: randomUUID(), name: 'Pizza bianca', priceCents: 300, quantity: 1 },
  ];
  const subtotalCents = items.reduce((sum, i) => sum + i.priceCents * i.quantity, 0);
  const shippingCostCents = pickup ? 0 : 300;
  return {
    orderId: randomUUID(),
    userId: randomUUID(),
    storeId: randomUUID(),
    storeOwnerId: randomUUID(),
    storeName: 'Forno Rossi',
    items,
    subtotalCents,
    shippingCostCents,
    totalCents: subtotalCents + shippingCostCents,
    deliveryType,
    deliveryAddress: pickup ? null : 'Via Nomentana 10, Roma',
    deliveryLatitude: pickup ? null : 41.92,
    deliveryLongitude: pickup ? null : 12.5,
    pickupTime: pickup ? '2026-06-10T15:00:00.000Z' : null,
    pickupCode: pickup ? '042917' : null,
    deliveryCode: pickup ? null : '583104',
    paymentMethod: 'cash',
    customerName: 'Giulia Bianchi',
    customerPhone: '+39 333 1234567',
    customerEmail: 'giulia@esempio.it',
    notes: 'Citofono Bianchi',
    ...changes,
  };
}

/** A reservation request (the RequestReservation command's data) for 10 June 2026, with fresh ids. */
export function aReservation(changes: Partial<ReservationRequestedData> = {}): ReservationRequestedData {
  return {
    reservationId: randomUUID(),
    userId: randomUUID(),
    storeId: randomUUID(),
    storeOwnerId: randomUUID(),
    storeName: 'Forno Rossi',
    productId: randomUUID(),
    productName: 'Pane di Altamura',
    quantity: 2,
    reservationDate: '2026-06-10',
    customerName: 'Giulia Bianchi',
    customerPhone: '+39 333 1234567',
    customerEmail: 'giulia@esempio.it',
    preferredPickupTime: '17:30',
    notes: 'Ben cotto',
    ...changes,
  };
}
