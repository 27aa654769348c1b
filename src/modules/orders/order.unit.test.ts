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
    at('pending', 'shipping')
      .when(shopCommands.accept)
      .then([{ type: 'OrderAccepted', data: ref }]);
    at('preparing', 'shipping')
      .when(shopCommands.ready)
      .then([{ type: 'OrderReady', data: ref }]);
    at('ready', 'shipping')
      .when(shopCommands.ship)
      .then([{ type: 'OrderShipped', data: ref }]);
    at('shipping', 'shipping')
      .when(shopCommands.complete)
      .then([{ type: 'OrderCompleted', data: { ...ref, paymentStatus: 'paid' } }]);
  });

  it('places an order once, with at least one product', () => {
    spec
      .given([])
      .when({ type: 'PlaceOrder', order: placed('pickup') })
      .then([{ type: 'OrderPlaced', data: placed('pickup') }]);
    spec
      .given([])
      .when({ type: 'PlaceOrder', order: { ...placed('pickup'), items: [] } })
      .thenThrows({ message: 'Un ordine ha almeno un prodotto.', kind: 'rule' });
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
    at('pending', 'pickup')
      .when({ type: 'PlaceOrder', order: placed('pickup') })
      .thenNothing();
    spec.given([]).when(shopCommands.accept).thenThrows(DomainError, { message: 'Ordine non trovato.', kind: 'not-found' });
  });
});

describe('cancelling', () => {
  it('lets the shop cancel a ready order, with its reason and the lines whose stock goes back', () => {
    at('ready', 'pickup')
      .when({ type: 'CancelOrder', by: 'store', reason: '  Forno guasto ' })
      .then([{ type: 'OrderCancelled', data: { ...ref, by: 'store', reason: 'Forno guasto', paymentStatus: 'pending', items } }]);
  });

  it('asks the shop for a reason', () => {
    at('preparing', 'pickup')
      .when({ type: 'CancelOrder', by: 'store', reason: ' ' })
      .thenThrows(DomainError, {
        message: 'Scrivi il motivo dell’annullamento: lo leggerà il cliente.',
        errors: { reason: 'Scrivi il motivo dell’annullamento.' },
      });
  });

  it('lets the customer cancel only while the order is pending', () => {
    const byCustomer: OrderCommand = { type: 'CancelOrder', by: 'customer', reason: '' };
    at('pending', 'pickup')
      .when(byCustomer)
      .then([{ type: 'OrderCancelled', data: { ...ref, by: 'customer', reason: '', paymentStatus: 'pending', items } }]);
    for (const status of ['preparing', 'ready'] as const) {
      expect(allowedOrderActions({ status, deliveryType: 'pickup' }, 'customer')).toEqual([]);
      at(status, 'pickup').when(byCustomer).thenThrows(DomainError, 'L’ordine è già in lavorazione: per annullarlo contatta il negozio.');
    }
    at('cancelled', 'pickup').when(byCustomer).thenThrows(DomainError, 'Non è possibile annullare un ordine «Annullato».');
  });

  it('keeps a paid order paid when it is cancelled, refunded only once the provider confirms it; leaves an unpaid one unpaid', () => {
    const online: OrderPlacedData = { ...placed('pickup'), paymentMethod: 'sandbox', paymentId: 'pay1', paymentDueAt: '2026-11-24T12:30:00.000Z' };
    const paid: OrderEvent = { type: 'OrderPaid', data: { ...ref, paymentId: 'pay1', totalCents: online.totalCents } };
    const history: OrderEvent[] = [{ type: 'OrderPlaced', data: online }, paid, { type: 'OrderAccepted', data: ref }];
    const cancelled: OrderEvent = { type: 'OrderCancelled', data: { ...ref, by: 'store', reason: 'Forno guasto', paymentStatus: 'paid', items } };
    spec.given(history).when(shopCommands.cancel).then([cancelled]);
    const refunded: OrderEvent = { type: 'OrderRefunded', data: { ...ref, paymentId: 'pay1', totalCents: online.totalCents } };
    spec
      .given([...history, cancelled])
      .when({ type: 'RecordPayment', paymentId: 'pay1', outcome: 'refunded' })
      .then([refunded]);
    expect(fold(orderDecider, [...history, cancelled, refunded])).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    // Told again: nothing more.
    spec
      .given([...history, cancelled, refunded])
      .when({ type: 'RecordPayment', paymentId: 'pay1', outcome: 'refunded' })
      .then([]);
    at('preparing', 'shipping').when(shopCommands.cancel).then([shopEvents.cancel]);
  });
});

describe('paying online', () => {
  const online: OrderPlacedData = { ...placed('pickup'), paymentMethod: 'stripe', paymentId: 'pay1', paymentDueAt: '2026-11-24T12:30:00.000Z' };
  const placedOnline: OrderEvent = { type: 'OrderPlaced', data: online };

  it('is accepted by the shop only once paid, and paid once', () => {
    spec.given([placedOnline]).when(shopCommands.accept).thenThrows(DomainError, { kind: 'rule' });
    expect(allowedOrderActions({ status: 'pending', deliveryType: 'pickup', paymentMethod: 'stripe', paymentStatus: 'pending' }, 'store')).toEqual(['cancel']);
    const paid: OrderEvent = { type: 'OrderPaid', data: { ...ref, paymentId: 'pay1', totalCents: online.totalCents } };
    spec.given([placedOnline]).when({ type: 'RecordPayment', paymentId: 'pay1', outcome: 'paid' }).then([paid]);
    spec.given([placedOnline, paid]).when({ type: 'RecordPayment', paymentId: 'pay1', outcome: 'paid' }).then([]);
    spec.given([placedOnline, paid]).when(shopCommands.accept).then([shopEvents.accept]);
    // Another payment never pays this order.
    spec.given([placedOnline]).when({ type: 'RecordPayment', paymentId: 'pay2', outcome: 'paid' }).thenThrows(DomainError, { kind: 'rule' });
  });

  it('is cancelled by the system while nobody started on it, without a reason asked; a refused payment is recorded once', () => {
    const cancelled: OrderEvent = { type: 'OrderCancelled', data: { ...ref, by: 'system', reason: '', paymentStatus: 'pending', items } };
    spec.given([placedOnline]).when({ type: 'CancelOrder', by: 'system', reason: '' }).then([cancelled]);
    const failed: OrderEvent = { type: 'OrderPaymentFailed', data: { ...ref, paymentId: 'pay1' } };
    spec.given([placedOnline, cancelled]).when({ type: 'RecordPayment', paymentId: 'pay1', outcome: 'failed' }).then([failed]);
    spec.given([placedOnline, cancelled, failed]).when({ type: 'RecordPayment', paymentId: 'pay1', outcome: 'failed' }).then([]);
    // Paid after all (the payer finished on the provider's page): the money is recorded, to be refunded.
    spec
      .given([placedOnline, cancelled, failed])
      .when({ type: 'RecordPayment', paymentId: 'pay1', outcome: 'paid' })
      .then([{ type: 'OrderPaid', data: { ...ref, paymentId: 'pay1', totalCents: online.totalCents } }]);
    at('preparing', 'pickup').when({ type: 'CancelOrder', by: 'system', reason: '' }).thenThrows(DomainError, { kind: 'rule' });
  });
});

describe('completing', () => {
  it('asks for the pickup code and checks it: a wrong one is a counted try, the fifth burns it and the customer gets a new code', () => {
    const history = historyTo('ready', 'pickup');
    const o = fold(orderDecider, history).order!;
    const oref = { orderId: o.orderId, userId: o.userId, storeId: o.storeId, storeOwnerId: o.storeOwnerId, storeName: o.storeName };
    const mistyped = (tries: number): OrderEvent => ({ type: 'OrderCodeMistyped', data: { ...oref, kind: 'pickup', tries } });
    for (const pickupCode of [undefined, '', '000000']) {
      at('ready', 'pickup')
        .when({ type: 'CompleteOrder', by: 'shopkeeper', pickupCode, freshCode: '777777' })
        .then([mistyped(1)]);
    }
    const four = [...history, mistyped(1), mistyped(2), mistyped(3), mistyped(4)];
    const reissued: OrderEvent = { type: 'OrderCodeReissued', data: { ...oref, kind: 'pickup', pickupCode: '777777', deliveryCode: null } };
    spec
      .given(four)
      .when({ type: 'CompleteOrder', by: 'shopkeeper', pickupCode: '000000', freshCode: '777777' })
      .then([mistyped(5), reissued]);
    // The burnt code no longer works; the new one does, with five tries of its own.
    spec
      .given([...four, mistyped(5), reissued])
      .when({ type: 'CompleteOrder', by: 'shopkeeper', pickupCode: o.pickupCode!, freshCode: '888888' })
      .then([mistyped(1)]);
    spec
      .given([...four, mistyped(5), reissued])
      .when({ type: 'CompleteOrder', by: 'shopkeeper', pickupCode: '777777' })
      .then([shopEvents.complete]);
    expect(fold(orderDecider, [...four, mistyped(5), reissued]).order?.pickupCode).toBe('777777');
    at('ready', 'pickup').when({ type: 'CompleteOrder', by: 'shopkeeper', pickupCode: ' 042917 ' }).then([shopEvents.complete]);
  });

  it('records the cash as paid at completion, for a pickup and for a delivery', () => {
    for (const [deliveryType, from] of [
      ['pickup', 'ready'],
      ['shipping', 'shipping'],
    ] as const) {
      expect(fold(orderDecider, historyTo(from, deliveryType)).paymentStatus).toBe('pending');
      const completed: OrderEvent = { type: 'OrderCompleted', data: { ...ref, paymentStatus: 'paid' } };
      at(from, deliveryType).when(shopCommands.complete).then([completed]);
      expect(fold(orderDecider, [...historyTo(from, deliveryType), completed])).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    }
  });
});
