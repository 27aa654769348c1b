import { describe, expect, it } from 'vitest';
import { anOrder } from '../../../tests/support/order-events.js';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog, type RecordOptions } from '../../platform/testing/projection-spec.js';
import { orderDecider, orderStreamId, type OrderCommand, type OrderPlacedData } from './order.js';
import { ordersProjection } from './projection.js';

const spec = useProjection(ordersProjection);
const log = new EventLog();
const order = (o: OrderPlacedData, command: OrderCommand, options?: RecordOptions) => log.decide(orderStreamId(o.orderId), orderDecider, command, options);
const shop = (o: OrderPlacedData): RecordOptions => ({ actorUserId: o.storeOwnerId, actorRole: 'shopkeeper' });

const orderRow = async (id: string) =>
  (
    await spec.rows(
      `SELECT user_id, store_id, store_owner_id, store_name, status, payment_status, payment_method, subtotal_cents, shipping_cost_cents, total_cents,
         delivery_type, delivery_address, delivery_latitude, delivery_longitude, pickup_time, pickup_code, customer_name, customer_phone,
         customer_email, notes, cancel_reason, cancelled_by, item_count, created_at, updated_at FROM orders WHERE id = $1`,
      [id],
    )
  )[0];
const timeline = (id: string) => spec.rows('SELECT revision, status, at, actor_user_id, actor_role, note FROM order_timeline WHERE order_id = $1 ORDER BY revision', [id]);

describe('orders projection', () => {
  it('adds a placed order with its lines and the first step of its timeline', async () => {
    const o = anOrder('pickup');
    const placed = order(o, { type: 'PlaceOrder', order: o }, { actorUserId: o.userId, actorRole: 'customer' });
    await spec.apply(placed);
    const at = new Date(placed[0]!.metadata.at);
    expect(await orderRow(o.orderId)).toEqual({
      user_id: o.userId,
      store_id: o.storeId,
      store_owner_id: o.storeOwnerId,
      store_name: 'Forno Rossi',
      status: 'pending',
      payment_status: 'pending',
      payment_method: 'cash',
      subtotal_cents: 1200,
      shipping_cost_cents: 0,
      total_cents: 1200,
      delivery_type: 'pickup',
      delivery_address: null,
      delivery_latitude: null,
      delivery_longitude: null,
      pickup_time: new Date('2026-06-10T15:00:00.000Z'),
      pickup_code: '042917',
      customer_name: 'Giulia Bianchi',
      customer_phone: '+39 333 1234567',
      customer_email: 'giulia@esempio.it',
      notes: 'Citofono Bianchi',
      cancel_reason: null,
      cancelled_by: null,
      item_count: 3,
      created_at: at,
      updated_at: at,
    });
    expect(await spec.rows('SELECT line, product_id, name, price_cents, quantity FROM order_items WHERE order_id = $1 ORDER BY line', [o.orderId])).toEqual([
      { line: 1, product_id: o.items[0]!.productId, name: 'Focaccia', price_cents: 450, quantity: 2 },
      { line: 2, product_id: o.items[1]!.productId, name: 'Pizza bianca', price_cents: 300, quantity: 1 },
    ]);
    expect(await timeline(o.orderId)).toEqual([{ revision: 0, status: 'pending', at, actor_user_id: o.userId, actor_role: 'customer', note: null }]);
  });

  it('moves a shipped order to completed and paid, one timeline step per move with who made it', async () => {
    const o = anOrder('shipping');
    const events = [
      ...order(o, { type: 'PlaceOrder', order: o }),
      ...order(o, { type: 'AcceptOrder', by: 'shopkeeper' }, shop(o)),
      ...order(o, { type: 'MarkOrderReady', by: 'shopkeeper' }, shop(o)),
      ...order(o, { type: 'ShipOrder', by: 'shopkeeper' }, shop(o)),
    ];
    await spec.apply(events);
    expect(await orderRow(o.orderId)).toMatchObject({
      status: 'shipping',
      payment_status: 'pending',
      delivery_address: 'Via Nomentana 10, Roma',
      delivery_latitude: 41.92,
      total_cents: 1500,
    });
    const completed = order(o, { type: 'CompleteOrder', by: 'shopkeeper' }, shop(o));
    await spec.apply(completed);
    expect(await orderRow(o.orderId)).toMatchObject({ status: 'completed', payment_status: 'paid', updated_at: new Date(completed[0]!.metadata.at) });
    expect(await timeline(o.orderId)).toEqual(
      [...events, ...completed].map((e, revision) => ({
        revision,
        status: ['pending', 'preparing', 'ready', 'shipping', 'completed'][revision],
        at: new Date(e.metadata.at),
        actor_user_id: revision ? o.storeOwnerId : null,
        actor_role: revision ? 'shopkeeper' : null,
        note: null,
      })),
    );
  });

  it('a delivery handed to a collaborator: who delivers and by when, the code kept, the timeline naming them; given back, none', async () => {
    const o = anOrder('shipping');
    const courier = { actorUserId: '6f1c2a52-1f8e-4d43-9a57-3c0f3a1b9e10', actorRole: 'collaborator' };
    const deadline = '2026-06-10T18:00:00.000Z';
    const taskId = '0b9e0c4e-52a3-4b0e-8f5b-6f8e1d2c3a4b';
    const events = [
      ...order(o, { type: 'PlaceOrder', order: o }),
      ...order(o, { type: 'AcceptOrder', by: 'shopkeeper' }, shop(o)),
      ...order(o, { type: 'RequestDelivery', taskId, collaboratorId: null, collaboratorName: null, deadline }, shop(o)),
    ];
    await spec.apply(events);
    const delivery = (id: string) => spec.rows('SELECT delivery_code, delivery_task_id, collaborator_id, collaborator_name, delivery_deadline FROM orders WHERE id = $1', [id]);
    expect(await delivery(o.orderId)).toEqual([
      { delivery_code: '583104', delivery_task_id: taskId, collaborator_id: null, collaborator_name: null, delivery_deadline: new Date(deadline) },
    ]);
    const moved = [
      ...order(o, { type: 'AssignDelivery', taskId, collaboratorId: courier.actorUserId, collaboratorName: 'Marco Neri', deadline }, courier),
      ...order(o, { type: 'MarkOrderReady', by: 'shopkeeper' }, shop(o)),
      ...order(o, { type: 'ShipOrder', by: 'collaborator', taskId }, courier),
      ...order(o, { type: 'CompleteOrder', by: 'collaborator', taskId, deliveryCode: '583104' }, courier),
    ];
    await spec.apply(moved);
    expect(await delivery(o.orderId)).toEqual([
      { delivery_code: '583104', delivery_task_id: taskId, collaborator_id: courier.actorUserId, collaborator_name: 'Marco Neri', delivery_deadline: new Date(deadline) },
    ]);
    expect((await timeline(o.orderId)).map((s) => [s.status, s.actor_role, s.note])).toEqual([
      ['pending', null, null],
      ['preparing', 'shopkeeper', null],
      ['ready', 'shopkeeper', null],
      ['shipping', 'collaborator', 'Ritirato da Marco Neri'],
      ['completed', 'collaborator', 'Consegnato da Marco Neri'],
    ]);

    const p = anOrder('shipping');
    await spec.apply([
      ...order(p, { type: 'PlaceOrder', order: p }),
      ...order(p, { type: 'AcceptOrder', by: 'shopkeeper' }, shop(p)),
      ...order(p, { type: 'RequestDelivery', taskId, collaboratorId: null, collaboratorName: null, deadline }, shop(p)),
      ...order(p, { type: 'AssignDelivery', taskId, collaboratorId: courier.actorUserId, collaboratorName: 'Marco Neri', deadline }, courier),
      ...order(p, { type: 'UnassignDelivery', taskId, reason: 'Imprevisto' }, courier),
    ]);
    expect(await delivery(p.orderId)).toEqual([{ delivery_code: '583104', delivery_task_id: null, collaborator_id: null, collaborator_name: null, delivery_deadline: null }]);
  });

  it('cancels an order with who and why; a customer cancelling without a reason leaves none', async () => {
    const [a, b] = [anOrder('pickup'), anOrder('pickup')];
    await spec.apply([
      ...order(a, { type: 'PlaceOrder', order: a }),
      ...order(b, { type: 'PlaceOrder', order: b }),
      ...order(a, { type: 'AcceptOrder', by: 'shopkeeper' }, shop(a)),
      ...order(a, { type: 'CancelOrder', by: 'store', reason: ' Forno guasto ' }, shop(a)),
      ...order(b, { type: 'CancelOrder', by: 'customer', reason: '' }),
    ]);
    expect(await orderRow(a.orderId)).toMatchObject({ status: 'cancelled', payment_status: 'pending', cancel_reason: 'Forno guasto', cancelled_by: 'store' });
    expect((await timeline(a.orderId)).at(-1)).toMatchObject({ revision: 2, status: 'cancelled', note: 'Forno guasto' });
    expect(await orderRow(b.orderId)).toMatchObject({ status: 'cancelled', cancel_reason: null, cancelled_by: 'customer' });
    expect((await timeline(b.orderId)).at(-1)).toMatchObject({ revision: 1, status: 'cancelled', note: null });
  });

  it('adds the orders of a run, one event at a time as in one batch', async () => {
    const orders = [anOrder('pickup'), anOrder('shipping'), anOrder('pickup')];
    const events = orders.flatMap((o) => order(o, { type: 'PlaceOrder', order: o }));
    const count = async () =>
      (
        await spec.rows<{ orders: number; items: number; steps: number }>(
          `SELECT (SELECT count(*)::int FROM orders WHERE id = ANY($1::uuid[])) AS orders,
         (SELECT count(*)::int FROM order_items WHERE order_id = ANY($1::uuid[])) AS items,
         (SELECT count(*)::int FROM order_timeline WHERE order_id = ANY($1::uuid[])) AS steps`,
          [orders.map((o) => o.orderId)],
        )
      )[0];
    await spec.apply(events, { batchSize: 1 });
    expect(await count()).toEqual({ orders: 3, items: 6, steps: 3 });
    await spec.reset();
    await spec.apply(events);
    expect(await count()).toEqual({ orders: 3, items: 6, steps: 3 });
  });

  it('keeps a shipped order’s delivery time, then its withdrawal: sent with the lines withdrawn and the customer’s reason, the goods back, refunded', async () => {
    const o = anOrder('shipping');
    const [vase, bread] = o.items;
    const deliveredAt = '2026-06-01T10:00:00.000Z';
    const events = [
      ...order(o, { type: 'PlaceOrder', order: o }, { actorUserId: o.userId, actorRole: 'customer' }),
      ...order(o, { type: 'AcceptOrder', by: 'shopkeeper' }, shop(o)),
      ...order(o, { type: 'MarkOrderReady', by: 'shopkeeper' }, shop(o)),
      ...order(o, { type: 'ShipOrder', by: 'shopkeeper' }, shop(o)),
      ...order(o, { type: 'CompleteOrder', by: 'shopkeeper' }, { ...shop(o), at: deliveredAt }),
      ...order(
        o,
        {
          type: 'WithdrawOrder',
          userId: o.userId,
          now: '2026-06-03T10:00:00.000Z',
          deliveredAt,
          categories: { [vase!.productId]: 'casa', [bread!.productId]: 'panetteria' },
          reason: 'Non mi serve più',
        },
        { actorUserId: o.userId, actorRole: 'customer', at: '2026-06-03T10:00:00.000Z' },
      ),
    ];
    await spec.apply(events);
    const withdrawal = () =>
      spec.rows(
        `SELECT delivered_at, withdrawal_state, withdrawal_reason, withdrawn_at, withdrawal_amount_cents, withdrawal_shipping_cents,
           withdrawal_returned_at, withdrawal_refunded_at FROM orders WHERE id = $1`,
        [o.orderId],
      );
    expect(await withdrawal()).toEqual([
      {
        delivered_at: new Date(deliveredAt),
        withdrawal_state: 'requested',
        withdrawal_reason: 'Non mi serve più',
        withdrawn_at: new Date('2026-06-03T10:00:00.000Z'),
        // The focaccia 4.50 × 2; the perishable line stays sold, so the shipping is not refunded.
        withdrawal_amount_cents: 900,
        withdrawal_shipping_cents: 0,
        withdrawal_returned_at: null,
        withdrawal_refunded_at: null,
      },
    ]);
    expect(await spec.rows('SELECT name, withdrawn_quantity FROM order_items WHERE order_id = $1 ORDER BY line', [o.orderId])).toEqual([
      { name: 'Focaccia', withdrawn_quantity: 2 },
      { name: 'Pizza bianca', withdrawn_quantity: 0 },
    ]);

    // Paid at the door: the goods back and the money given back by the shop, in one step.
    await spec.apply(order(o, { type: 'ConfirmWithdrawalReturn', now: '2026-06-05T10:00:00.000Z' }, { ...shop(o), at: '2026-06-05T10:00:00.000Z' }));
    expect((await withdrawal())[0]).toMatchObject({
      withdrawal_state: 'refunded',
      withdrawal_returned_at: new Date('2026-06-05T10:00:00.000Z'),
      withdrawal_refunded_at: new Date('2026-06-05T10:00:00.000Z'),
    });
  });
});
