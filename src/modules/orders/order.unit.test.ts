import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import {
  allowedOrderActions,
  orderDecider,
  type DeliveryType,
  type OrderAction,
  type OrderCommand,
  type OrderEvent,
  type OrderPlacedData,
  type OrderRef,
  type OrderState,
  type OrderStatus,
} from './order.js';

const ref: OrderRef = { orderId: 'o1', userId: 'u1', storeId: 's1', storeOwnerId: 'k1', storeName: 'Forno Rossi' };
const items = [{ productId: 'p1', name: 'Focaccia', price: 4.5, quantity: 2 }];

function placed(deliveryType: DeliveryType): OrderPlacedData {
  const pickup = deliveryType === 'pickup';
  return {
    ...ref,
    items,
    subtotal: 9,
    shippingCost: pickup ? 0 : 3,
    total: pickup ? 9 : 12,
    deliveryType,
    deliveryAddress: pickup ? null : 'Via Nomentana 10, Roma',
    deliveryLatitude: pickup ? null : 41.92,
    deliveryLongitude: pickup ? null : 12.5,
    pickupTime: pickup ? '2026-06-10T15:00:00.000Z' : null,
    pickupCode: pickup ? '042917' : null,
    paymentMethod: 'cash',
    customerName: 'Giulia Bianchi',
    customerPhone: '+39 333 1234567',
    customerEmail: 'giulia@esempio.it',
    notes: '',
  };
}

/** The events that bring an order of this kind to this status, the way the shop moves it. */
function historyTo(status: OrderStatus, deliveryType: DeliveryType): OrderEvent[] {
  const events: OrderEvent[] = [{ type: 'OrderPlaced', data: placed(deliveryType) }];
  if (status === 'cancelled') return [...events, { type: 'OrderCancelled', data: { ...ref, by: 'customer', reason: '', paymentStatus: 'pending', items } }];
  const path: OrderEvent[] = [
    { type: 'OrderAccepted', data: ref },
    { type: 'OrderReady', data: ref },
    ...(deliveryType === 'shipping' ? [{ type: 'OrderShipped', data: ref } as const] : []),
    { type: 'OrderCompleted', data: { ...ref, paymentStatus: 'paid' } },
  ];
  const steps: Record<OrderStatus, number> = { pending: 0, preparing: 1, ready: 2, shipping: 3, completed: path.length, cancelled: 0 };
  return [...events, ...path.slice(0, steps[status])];
}

const stateOf = (status: OrderStatus, deliveryType: DeliveryType): OrderState => {
  const state = fold(orderDecider, historyTo(status, deliveryType));
  expect(state.status).toBe(status);
  return state;
};

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const shopCommands: Record<OrderAction, OrderCommand> = {
  accept: { type: 'AcceptOrder', by: 'shopkeeper' },
  ready: { type: 'MarkOrderReady', by: 'shopkeeper' },
  ship: { type: 'ShipOrder', by: 'shopkeeper' },
  complete: { type: 'CompleteOrder', by: 'shopkeeper', pickupCode: '042917' },
  cancel: { type: 'CancelOrder', by: 'store', reason: 'Forno guasto' },
};

describe('order transitions', () => {
  const table: [OrderStatus, DeliveryType, OrderAction[]][] = [
    ['pending', 'pickup', ['accept', 'cancel']],
    ['preparing', 'pickup', ['ready', 'cancel']],
    ['ready', 'pickup', ['complete', 'cancel']],
    ['completed', 'pickup', []],
    ['cancelled', 'pickup', []],
    ['pending', 'shipping', ['accept', 'cancel']],
    ['preparing', 'shipping', ['ready', 'cancel']],
    ['ready', 'shipping', ['ship', 'cancel']],
    ['shipping', 'shipping', ['complete']],
    ['completed', 'shipping', []],
    ['cancelled', 'shipping', []],
  ];

  it.each(table)('a %s %s order: the shop may do exactly %j, and the decider agrees', (status, deliveryType, allowed) => {
    expect(allowedOrderActions({ status, deliveryType }, 'store')).toEqual(allowed);
    const state = stateOf(status, deliveryType);
    for (const [action, command] of Object.entries(shopCommands) as [OrderAction, OrderCommand][]) {
      if (allowed.includes(action)) expect(orderDecider.decide(command, state), action).toHaveLength(1);
      else expect(refusal(() => orderDecider.decide(command, state)).kind, action).toBe('rule');
    }
  });

  it('moves pending → preparing → ready → shipping → completed with one event each', () => {
    expect(orderDecider.decide(shopCommands.accept, stateOf('pending', 'shipping'))).toEqual([{ type: 'OrderAccepted', data: ref }]);
    expect(orderDecider.decide(shopCommands.ready, stateOf('preparing', 'shipping'))).toEqual([{ type: 'OrderReady', data: ref }]);
    expect(orderDecider.decide(shopCommands.ship, stateOf('ready', 'shipping'))).toEqual([{ type: 'OrderShipped', data: ref }]);
  });

  it('does not complete a shipping order that was never shipped', () => {
    expect(refusal(() => orderDecider.decide({ type: 'CompleteOrder', by: 'shopkeeper' }, stateOf('ready', 'shipping'))).message).toBe(
      'Non è possibile completare un ordine «Pronto».',
    );
  });

  it('does not ship a pickup order', () => {
    expect(refusal(() => orderDecider.decide(shopCommands.ship, stateOf('ready', 'pickup'))).message).toBe('Un ordine da ritirare in negozio non si spedisce.');
  });

  it('does not cancel an order out for delivery', () => {
    expect(refusal(() => orderDecider.decide(shopCommands.cancel, stateOf('shipping', 'shipping'))).message).toBe(
      'Non è possibile annullare un ordine «In consegna».',
    );
  });

  it('changes nothing when the same order is placed again', () => {
    expect(orderDecider.decide({ type: 'PlaceOrder', order: placed('pickup') }, stateOf('pending', 'pickup'))).toEqual([]);
    expect(refusal(() => orderDecider.decide(shopCommands.accept, orderDecider.initialState)).kind).toBe('not-found');
  });
});

describe('cancelling', () => {
  it('lets the shop cancel a ready order, with its reason and the lines whose stock goes back', () => {
    expect(orderDecider.decide({ type: 'CancelOrder', by: 'store', reason: '  Forno guasto ' }, stateOf('ready', 'pickup'))).toEqual([
      { type: 'OrderCancelled', data: { ...ref, by: 'store', reason: 'Forno guasto', paymentStatus: 'pending', items } },
    ]);
  });

  it('asks the shop for a reason', () => {
    const noReason = refusal(() => orderDecider.decide({ type: 'CancelOrder', by: 'store', reason: ' ' }, stateOf('preparing', 'pickup')));
    expect(noReason.errors).toEqual({ reason: 'Scrivi il motivo dell’annullamento.' });
  });

  it('lets the customer cancel only while the order is pending', () => {
    const byCustomer: OrderCommand = { type: 'CancelOrder', by: 'customer', reason: '' };
    expect(orderDecider.decide(byCustomer, stateOf('pending', 'pickup'))).toHaveLength(1);
    for (const status of ['preparing', 'ready'] as const) {
      expect(allowedOrderActions({ status, deliveryType: 'pickup' }, 'customer')).toEqual([]);
      expect(refusal(() => orderDecider.decide(byCustomer, stateOf(status, 'pickup'))).message).toBe(
        'L’ordine è già in lavorazione: per annullarlo contatta il negozio.',
      );
    }
    expect(refusal(() => orderDecider.decide(byCustomer, stateOf('cancelled', 'pickup'))).message).toBe('Non è possibile annullare un ordine «Annullato».');
  });

  it('refunds an order already paid, and leaves an unpaid one unpaid', () => {
    // Cash is only paid at completion, which ends the order: a paid order still open comes with
    // online payments, so its state is built by hand.
    const paid: OrderState = { ...stateOf('preparing', 'shipping'), paymentStatus: 'paid' };
    const [event] = orderDecider.decide(shopCommands.cancel, paid);
    expect(event).toMatchObject({ type: 'OrderCancelled', data: { paymentStatus: 'refunded' } });
    expect(orderDecider.evolve(paid, event!)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(orderDecider.decide(shopCommands.cancel, stateOf('preparing', 'shipping'))[0]).toMatchObject({ data: { paymentStatus: 'pending' } });
  });
});

describe('completing', () => {
  it('asks for the pickup code and checks it', () => {
    const ready = stateOf('ready', 'pickup');
    for (const pickupCode of [undefined, '', '000000']) {
      const wrong = refusal(() => orderDecider.decide({ type: 'CompleteOrder', by: 'shopkeeper', pickupCode }, ready));
      expect(wrong.kind).toBe('rule');
      expect(wrong.errors).toEqual({ pickupCode: 'Codice di ritiro non valido.' });
    }
    expect(orderDecider.decide({ type: 'CompleteOrder', by: 'shopkeeper', pickupCode: ' 042917 ' }, ready)).toHaveLength(1);
  });

  it('records the cash as paid at completion, for a pickup and for a delivery', () => {
    for (const [deliveryType, from] of [['pickup', 'ready'], ['shipping', 'shipping']] as const) {
      const state = stateOf(from, deliveryType);
      expect(state.paymentStatus).toBe('pending');
      const events = orderDecider.decide(shopCommands.complete, state);
      expect(events).toEqual([{ type: 'OrderCompleted', data: { ...ref, paymentStatus: 'paid' } }]);
      expect(fold(orderDecider, [...historyTo(from, deliveryType), ...events])).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    }
  });
});
