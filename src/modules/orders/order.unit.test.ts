import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { anOrder } from '../../../tests/support/order-events.js';
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
const items = [{ productId: 'p1', name: 'Focaccia', priceCents: 450, quantity: 2 }];

/** An order of one line as checkout places it (tests/support/order-events.ts), with the ids above. */
const placed = (deliveryType: DeliveryType): OrderPlacedData => anOrder(deliveryType, { ...ref, items, notes: '' });

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

const spec = deciderSpec(orderDecider);

/** An order of this kind at this status, the way the shop moved it there. */
const at = (status: OrderStatus, deliveryType: DeliveryType) => {
  const history = historyTo(status, deliveryType);
  expect(fold(orderDecider, history).status).toBe(status);
  return spec.given(history);
};

const shopCommands: Record<OrderAction, OrderCommand> = {
  accept: { type: 'AcceptOrder', by: 'shopkeeper' },
  ready: { type: 'MarkOrderReady', by: 'shopkeeper' },
  ship: { type: 'ShipOrder', by: 'shopkeeper' },
  complete: { type: 'CompleteOrder', by: 'shopkeeper', pickupCode: '042917' },
  cancel: { type: 'CancelOrder', by: 'store', reason: 'Forno guasto' },
};

/** What each of shopCommands records on an order that is still unpaid. */
const shopEvents: Record<OrderAction, OrderEvent> = {
  accept: { type: 'OrderAccepted', data: ref },
  ready: { type: 'OrderReady', data: ref },
  ship: { type: 'OrderShipped', data: ref },
  complete: { type: 'OrderCompleted', data: { ...ref, paymentStatus: 'paid' } },
  cancel: { type: 'OrderCancelled', data: { ...ref, by: 'store', reason: 'Forno guasto', paymentStatus: 'pending', items } },
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
    for (const [action, command] of Object.entries(shopCommands) as [OrderAction, OrderCommand][]) {
      if (allowed.includes(action)) at(status, deliveryType).when(command).then([shopEvents[action]]);
      else at(status, deliveryType).when(command).thenThrows(DomainError, { kind: 'rule' });
    }
  });

  it('moves pending → preparing → ready → shipping → completed with one event each', () => {
    at('pending', 'shipping').when(shopCommands.accept).then([{ type: 'OrderAccepted', data: ref }]);
    at('preparing', 'shipping').when(shopCommands.ready).then([{ type: 'OrderReady', data: ref }]);
    at('ready', 'shipping').when(shopCommands.ship).then([{ type: 'OrderShipped', data: ref }]);
    at('shipping', 'shipping').when(shopCommands.complete).then([{ type: 'OrderCompleted', data: { ...ref, paymentStatus: 'paid' } }]);
  });

  it('places an order once, with at least one product', () => {
    spec.given([]).when({ type: 'PlaceOrder', order: placed('pickup') }).then([{ type: 'OrderPlaced', data: placed('pickup') }]);
    spec.given([]).when({ type: 'PlaceOrder', order: { ...placed('pickup'), items: [] } }).thenThrows({ message: 'Un ordine ha almeno un prodotto.', kind: 'rule' });
  });

  it('does not complete a shipping order that was never shipped', () => {
    at('ready', 'shipping').when({ type: 'CompleteOrder', by: 'shopkeeper' }).thenThrows('Non è possibile completare un ordine «Pronto».');
  });

  it('does not ship a pickup order', () => {
    at('ready', 'pickup').when(shopCommands.ship).thenThrows('Un ordine da ritirare in negozio non si spedisce.');
  });

  it('does not cancel an order out for delivery', () => {
    at('shipping', 'shipping').when(shopCommands.cancel).thenThrows('Non è possibile annullare un ordine «In consegna».');
  });

  it('changes nothing when the same order is placed again', () => {
    at('pending', 'pickup').when({ type: 'PlaceOrder', order: placed('pickup') }).thenNothing();
    spec.given([]).when(shopCommands.accept).thenThrows(DomainError, { message: 'Ordine non trovato.', kind: 'not-found' });
  });
});

describe('cancelling', () => {
  it('lets the shop cancel a ready order, with its reason and the lines whose stock goes back', () => {
    at('ready', 'pickup').when({ type: 'CancelOrder', by: 'store', reason: '  Forno guasto ' }).then([
      { type: 'OrderCancelled', data: { ...ref, by: 'store', reason: 'Forno guasto', paymentStatus: 'pending', items } },
    ]);
  });

  it('asks the shop for a reason', () => {
    at('preparing', 'pickup').when({ type: 'CancelOrder', by: 'store', reason: ' ' }).thenThrows(DomainError, {
      message: 'Scrivi il motivo dell’annullamento: lo leggerà il cliente.',
      errors: { reason: 'Scrivi il motivo dell’annullamento.' },
    });
  });

  it('lets the customer cancel only while the order is pending', () => {
    const byCustomer: OrderCommand = { type: 'CancelOrder', by: 'customer', reason: '' };
    at('pending', 'pickup').when(byCustomer).then([{ type: 'OrderCancelled', data: { ...ref, by: 'customer', reason: '', paymentStatus: 'pending', items } }]);
    for (const status of ['preparing', 'ready'] as const) {
      expect(allowedOrderActions({ status, deliveryType: 'pickup' }, 'customer')).toEqual([]);
      at(status, 'pickup').when(byCustomer).thenThrows(DomainError, 'L’ordine è già in lavorazione: per annullarlo contatta il negozio.');
    }
    at('cancelled', 'pickup').when(byCustomer).thenThrows(DomainError, 'Non è possibile annullare un ordine «Annullato».');
  });

  it('refunds an order already paid, and leaves an unpaid one unpaid', () => {
    // Cash is only paid at completion, which ends the order: a paid order still open comes with
    // online payments, so its state is built by hand.
    const paid: OrderState = { ...fold(orderDecider, historyTo('preparing', 'shipping')), paymentStatus: 'paid' };
    const refunded: OrderEvent = { type: 'OrderCancelled', data: { ...ref, by: 'store', reason: 'Forno guasto', paymentStatus: 'refunded', items } };
    spec.givenState(paid).when(shopCommands.cancel).then([refunded]);
    expect(orderDecider.evolve(paid, refunded)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    at('preparing', 'shipping').when(shopCommands.cancel).then([shopEvents.cancel]);
  });
});

describe('completing', () => {
  it('asks for the pickup code and checks it', () => {
    for (const pickupCode of [undefined, '', '000000']) {
      at('ready', 'pickup').when({ type: 'CompleteOrder', by: 'shopkeeper', pickupCode }).thenThrows(DomainError, {
        message: 'Codice di ritiro non valido.',
        kind: 'rule',
        errors: { pickupCode: 'Codice di ritiro non valido.' },
      });
    }
    at('ready', 'pickup').when({ type: 'CompleteOrder', by: 'shopkeeper', pickupCode: ' 042917 ' }).then([shopEvents.complete]);
  });

  it('records the cash as paid at completion, for a pickup and for a delivery', () => {
    for (const [deliveryType, from] of [['pickup', 'ready'], ['shipping', 'shipping']] as const) {
      expect(fold(orderDecider, historyTo(from, deliveryType)).paymentStatus).toBe('pending');
      const completed: OrderEvent = { type: 'OrderCompleted', data: { ...ref, paymentStatus: 'paid' } };
      at(from, deliveryType).when(shopCommands.complete).then([completed]);
      expect(fold(orderDecider, [...historyTo(from, deliveryType), completed])).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    }
  });
});
