import { randomUUID } from 'node:crypto';
import { later, scenario, worldIds, worldStore } from '../../platform/testing/accepted-events.js';
import { orderDecider, orderStreamId, type OrderCommand, type OrderPlacedData } from './order.js';

const order = randomUUID();
const shipped = randomUUID();
const task = randomUUID();
const paidOnline = randomUUID();
const collected = randomUUID();
const payment = randomUUID();
const withdrawnCash = randomUUID();
const returnedCash = randomUUID();
const withdrawnOnline = randomUUID();
const withdrawalPayment = randomUUID();
const ref = { userId: worldIds.customer, storeId: worldIds.store, storeOwnerId: worldIds.shopkeeper, storeName: worldStore.name };
const customer = { paymentMethod: 'cash', customerName: 'Mario Bianchi', customerPhone: '+39 333 1234567', customerEmail: 'mario@esempio.it' } as const;
const shipping: OrderPlacedData = {
  orderId: shipped,
  ...ref,
  items: [{ productId: worldIds.product, name: 'Pane di Altamura', priceCents: 450, quantity: 2 }],
  subtotalCents: 900,
  shippingCostCents: 490,
  totalCents: 1390,
  deliveryType: 'shipping',
  deliveryAddress: 'Via Dante 3, Milano',
  deliveryLatitude: 45.47,
  deliveryLongitude: 9.18,
  pickupTime: null,
  pickupCode: null,
  deliveryCode: '583104',
  ...customer,
  notes: '',
};

/** An order of one loaf to collect in an hour with `pickupCode`. */
const pickupOrder = (orderId: string, pickupCode: string): OrderPlacedData => ({
  ...shipping,
  orderId,
  items: [{ productId: worldIds.product, name: 'Pane di Altamura', priceCents: 450, quantity: 1 }],
  subtotalCents: 450,
  shippingCostCents: 0,
  totalCents: 450,
  deliveryType: 'pickup',
  deliveryAddress: null,
  deliveryLatitude: null,
  deliveryLongitude: null,
  pickupTime: later(3_600_000).toISOString(),
  pickupCode,
  deliveryCode: null,
});

/** An order to collect, paid online by `payment`. */
const onlineOrder = (orderId: string): OrderPlacedData => ({
  ...pickupOrder(orderId, '246810'),
  paymentMethod: 'stripe',
  paymentId: payment,
  paymentDueAt: later(1_800_000).toISOString(),
});

/** A shipped order's way to its delivery, by the shop. */
const toDelivered: OrderCommand[] = [
  { type: 'AcceptOrder', by: 'shopkeeper' },
  { type: 'MarkOrderReady', by: 'shopkeeper' },
  { type: 'ShipOrder', by: 'shopkeeper' },
  { type: 'CompleteOrder', by: 'shopkeeper', deliveryCode: '583104' },
];
/** The customer withdraws from the order, delivered a minute ago, giving a reason (withdrawal.ts). */
const withdrawCommand: OrderCommand = {
  type: 'WithdrawOrder',
  userId: worldIds.customer,
  now: later(60_000).toISOString(),
  deliveredAt: later(0).toISOString(),
  categories: { [worldIds.product]: 'casa' },
  reason: 'Il colore non è quello della foto',
};

export const scenarios = [
  scenario<OrderCommand>(
    'order withdrawn, paid at the door',
    orderStreamId(withdrawnCash),
    orderDecider,
    [{ type: 'PlaceOrder', order: { ...shipping, orderId: withdrawnCash } }, ...toDelivered],
    [withdrawCommand],
  ),
  scenario<OrderCommand>(
    'withdrawn goods back at the shop, paid at the door',
    orderStreamId(returnedCash),
    orderDecider,
    [{ type: 'PlaceOrder', order: { ...shipping, orderId: returnedCash } }, ...toDelivered, withdrawCommand],
    [{ type: 'ConfirmWithdrawalReturn', now: later(120_000).toISOString() }],
  ),
  scenario<OrderCommand>(
    'order withdrawn, paid online',
    orderStreamId(withdrawnOnline),
    orderDecider,
    [
      {
        type: 'PlaceOrder',
        order: { ...shipping, orderId: withdrawnOnline, paymentMethod: 'stripe', paymentId: withdrawalPayment, paymentDueAt: later(1_800_000).toISOString() },
      },
      { type: 'RecordPayment', paymentId: withdrawalPayment, outcome: 'paid' },
      ...toDelivered,
      withdrawCommand,
      { type: 'ConfirmWithdrawalReturn', now: later(120_000).toISOString() },
    ],
    [{ type: 'RecordWithdrawalRefund', paymentId: withdrawalPayment, now: later(180_000).toISOString() }],
  ),
  scenario<OrderCommand>(
    'orders',
    orderStreamId(order),
    orderDecider,
    [],
    [
      {
        type: 'PlaceOrder',
        order: {
          ...shipping,
          orderId: order,
          items: [...shipping.items, { productId: randomUUID(), name: 'Focaccia', priceCents: 320, quantity: 1 }],
          subtotalCents: 1220,
          totalCents: 1710,
          notes: 'Citofono Bianchi',
        },
      },
      { type: 'PlaceOrder', order: pickupOrder(order, '123456') },
      { type: 'AcceptOrder', by: 'shopkeeper' },
      { type: 'MarkOrderReady', by: 'shopkeeper' },
      { type: 'CompleteOrder', by: 'shopkeeper', pickupCode: '123456' },
      // A wrong code: counted on the order, the fifth burns it and the customer gets `freshCode`.
      { type: 'CompleteOrder', by: 'shopkeeper', pickupCode: '000000', freshCode: '654321' },
      { type: 'CancelOrder', by: 'store', reason: 'Prodotto esaurito' },
      { type: 'RecordPayment', paymentId: randomUUID(), outcome: 'paid' },
    ],
  ),
  scenario<OrderCommand>(
    'order delivery',
    orderStreamId(shipped),
    orderDecider,
    [
      { type: 'PlaceOrder', order: shipping },
      { type: 'AcceptOrder', by: 'shopkeeper' },
    ],
    [
      { type: 'RequestDelivery', taskId: task, collaboratorId: null, collaboratorName: null, deadline: later(3_600_000).toISOString() },
      { type: 'AssignDelivery', taskId: task, collaboratorId: worldIds.collaborator, collaboratorName: 'Marco Neri', deadline: later(3_600_000).toISOString() },
      { type: 'UnassignDelivery', taskId: task, reason: 'Imprevisto' },
      { type: 'MarkOrderReady', by: 'shopkeeper' },
      { type: 'ShipOrder', by: 'shopkeeper' },
      { type: 'CompleteOrder', by: 'shopkeeper', deliveryCode: '583104' },
      { type: 'CompleteOrder', by: 'collaborator', deliveryCode: '000000', taskId: task, freshCode: '271828' },
    ],
  ),
  scenario<OrderCommand>(
    'order paid online',
    orderStreamId(paidOnline),
    orderDecider,
    [{ type: 'PlaceOrder', order: onlineOrder(paidOnline) }],
    [
      { type: 'RecordPayment', paymentId: payment, outcome: 'failed' },
      { type: 'RecordPayment', paymentId: payment, outcome: 'paid' },
      { type: 'RecordPayment', paymentId: payment, outcome: 'refunded' },
    ],
  ),
  scenario<OrderCommand>(
    'order collected with a code typed wrong',
    orderStreamId(collected),
    orderDecider,
    [
      { type: 'PlaceOrder', order: onlineOrder(collected) },
      { type: 'RecordPayment', paymentId: payment, outcome: 'paid' },
      { type: 'AcceptOrder', by: 'shopkeeper' },
      { type: 'MarkOrderReady', by: 'shopkeeper' },
    ],
    // A wrong code, again and again: the fifth burns it and the customer gets `freshCode`.
    [{ type: 'CompleteOrder', by: 'shopkeeper', pickupCode: '000000', freshCode: '135790' }],
  ),
];
