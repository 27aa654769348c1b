import { describe, it } from 'vitest';
import { anOrder } from '../../../tests/support/order-events.js';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { orderDecider, type OrderCommand, type OrderEvent, type OrderRef } from './order.js';

/* A shipping order whose delivery a collaborator's task holds (issue [13], docs/api-tasks.md). */

const deadline = '2026-06-01T12:00:00.000Z';

describe('an order delivered by a collaborator', () => {
  const placed = anOrder('shipping', { orderId: 'o1', deliveryCode: '583104' });
  const ref: OrderRef = { orderId: 'o1', userId: placed.userId, storeId: placed.storeId, storeOwnerId: placed.storeOwnerId, storeName: placed.storeName };
  const orders = deciderSpec(orderDecider);
  const accepted: OrderEvent[] = [
    { type: 'OrderPlaced', data: placed },
    { type: 'OrderAccepted', data: ref },
  ];
  const ready: OrderEvent[] = [...accepted, { type: 'OrderReady', data: ref }];
  const requested: OrderEvent = { type: 'OrderDeliveryRequested', data: { ...ref, taskId: 't1', collaboratorId: null, collaboratorName: null, deadline } };
  const assigned: OrderEvent = { type: 'OrderDeliveryAssigned', data: { ...ref, taskId: 't1', collaboratorId: 'c1', collaboratorName: 'Marco Neri', deadline } };
  const shipped: OrderEvent = { type: 'OrderShipped', data: ref };
  const request: OrderCommand = { type: 'RequestDelivery', taskId: 't1', collaboratorId: null, collaboratorName: null, deadline };

  it('is handed over once accepted and before it ships, one delivery at a time', () => {
    orders
      .given([{ type: 'OrderPlaced', data: placed }])
      .when(request)
      .thenThrows('Accetta l’ordine prima di affidarne la consegna.');
    orders.given(accepted).when(request).then([requested]);
    orders
      .given([...accepted, requested])
      .when(request)
      .thenNothing();
    orders
      .given([...accepted, requested])
      .when({ ...request, taskId: 't2' })
      .thenThrows({ kind: 'conflict' });
    orders
      .given([...ready, shipped])
      .when(request)
      .thenThrows('Non è possibile affidare la consegna di un ordine «In consegna».');
    orders
      .given([{ type: 'OrderPlaced', data: anOrder('pickup') }])
      .when(request)
      .thenThrows('Si affida la consegna solo di un ordine con spedizione.');
    orders
      .given([
        { type: 'OrderPlaced', data: { ...placed, deliveryCode: null } },
        { type: 'OrderAccepted', data: ref },
      ])
      .when(request)
      .thenThrows(/prima dei codici di consegna/);
  });

  it('while handed over, the shop neither ships, completes nor cancels it; the task picks it up when ready and delivers it with the code', () => {
    const held = [...ready, requested, assigned];
    orders
      .given(held)
      .when({ type: 'ShipOrder', by: 'shopkeeper' })
      .thenThrows(/La consegna è affidata a Marco Neri/);
    orders
      .given(held)
      .when({ type: 'CancelOrder', by: 'store', reason: 'Esaurito' })
      .thenThrows(/La consegna è affidata a Marco Neri/);
    orders
      .given([...ready, requested])
      .when({ type: 'ShipOrder', by: 'collaborator', taskId: 't1' })
      .thenThrows('Nessun collaboratore ha ancora accettato la consegna.');
    orders
      .given([...accepted, requested, assigned])
      .when({ type: 'ShipOrder', by: 'collaborator', taskId: 't1' })
      .thenThrows(/non è ancora pronto/);
    orders.given(held).when({ type: 'ShipOrder', by: 'collaborator', taskId: 't2' }).thenThrows('L’ordine non è più affidato a questa consegna.');
    orders.given(held).when({ type: 'ShipOrder', by: 'collaborator', taskId: 't1' }).then([shipped]);
    orders
      .given([...held, shipped])
      .when({ type: 'CompleteOrder', by: 'shopkeeper' })
      .thenThrows(/La consegna è affidata a Marco Neri/);
    const mistyped = (tries: number): OrderEvent => ({ type: 'OrderCodeMistyped', data: { ...ref, kind: 'delivery', tries } });
    for (const deliveryCode of [undefined, '', '000000']) {
      orders
        .given([...held, shipped])
        .when({ type: 'CompleteOrder', by: 'collaborator', taskId: 't1', deliveryCode, freshCode: '111222' })
        .then([mistyped(1)]);
    }
    // The fifth wrong code burns it: the customer gets the fresh one, the old stops working.
    const four = [...held, shipped, mistyped(1), mistyped(2), mistyped(3), mistyped(4)];
    const reissued: OrderEvent = { type: 'OrderCodeReissued', data: { ...ref, kind: 'delivery', pickupCode: null, deliveryCode: '111222' } };
    orders
      .given(four)
      .when({ type: 'CompleteOrder', by: 'collaborator', taskId: 't1', deliveryCode: '000001', freshCode: '111222' })
      .then([mistyped(5), reissued]);
    orders
      .given([...four, mistyped(5), reissued])
      .when({ type: 'CompleteOrder', by: 'collaborator', taskId: 't1', deliveryCode: '583104', freshCode: '333444' })
      .then([mistyped(1)]);
    orders
      .given([...four, mistyped(5), reissued])
      .when({ type: 'CompleteOrder', by: 'collaborator', taskId: 't1', deliveryCode: '111222' })
      .then([{ type: 'OrderCompleted', data: { ...ref, paymentStatus: 'paid' } }]);
    // Nobody else's code is compared: not their task, or not picked up yet.
    orders
      .given([...held])
      .when({ type: 'CompleteOrder', by: 'collaborator', taskId: 't1', deliveryCode: '000000', freshCode: '111222' })
      .thenThrows(DomainError, /Non è possibile completare/);
    orders
      .given([...held, shipped])
      .when({ type: 'CompleteOrder', by: 'collaborator', taskId: 't1', deliveryCode: ' 583104 ' })
      .then([{ type: 'OrderCompleted', data: { ...ref, paymentStatus: 'paid' } }]);
  });

  it('given back (cancelled, rejected, expired): the shop moves it as before; an order without a task keeps today’s way', () => {
    const freed: OrderEvent = { type: 'OrderDeliveryUnassigned', data: { ...ref, taskId: 't1', collaboratorId: 'c1', reason: 'Imprevisto' } };
    orders
      .given([...ready, requested, assigned])
      .when({ type: 'UnassignDelivery', taskId: 't1', reason: 'Imprevisto' })
      .then([freed]);
    orders
      .given([...ready, requested])
      .when({ type: 'UnassignDelivery', taskId: 't2', reason: 'Imprevisto' })
      .thenNothing();
    orders
      .given([...ready, requested, assigned, freed])
      .when({ type: 'ShipOrder', by: 'shopkeeper' })
      .then([shipped]);
    orders
      .given([...ready, shipped])
      .when({ type: 'CompleteOrder', by: 'shopkeeper' })
      .then([{ type: 'OrderCompleted', data: { ...ref, paymentStatus: 'paid' } }]);
    orders
      .given([...ready, requested])
      .when({ type: 'AssignDelivery', taskId: 't2', collaboratorId: 'c1', collaboratorName: 'Marco Neri', deadline })
      .thenThrows({ kind: 'rule' });
  });
});
