import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { notThe, tenWrongCodesOverThree } from '../../../tests/support/codes.js';
import { checkout, loggedIn, openShop, useLoggedIn, withCart, type Person, type Shop } from '../../../tests/support/marketplace.js';
import { registeredAndApproved } from '../../../tests/support/collaboration.js';
import { systemContext } from '../../platform/domain/context.js';
import { createTask } from './commands.js';
import { runTaskUpkeep } from './expiry-process.js';
import { expiredReason } from './task.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useTestApp({ config: { LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' } });
const admin = useLoggedIn(t, 'admin');
const minute = 60_000;
const hour = 60 * minute;

type Point = { latitude: number; longitude: number };
/** A point of its own for each test (about 55 km apart, circles of at most 6 km): their collaborators never cover another test's shop. */
let areas = 0;
const newArea = (): Point => ({ latitude: 40.6 + 0.5 * areas++, longitude: 15.8 });
const north = (from: Point, km: number): Point => ({ latitude: from.latitude + km / 111.32, longitude: from.longitude });
const east = (from: Point, km: number): Point => ({ latitude: from.latitude, longitude: from.longitude + km / (111.32 * Math.cos((from.latitude * Math.PI) / 180)) });

type App = typeof t;
async function approvedCollaborator(
  app: App,
  where: Point,
  { name = 'Giulia Verdi', radiusKm = 5, services = ['delivery'] }: { name?: string; radiusKm?: number; services?: string[] } = {},
): Promise<Person> {
  return registeredAndApproved(app, admin.browser, { ...where, radiusKm, services }, { name, canActivateSessions: false });
}

const shippingShop = (where: Point, name = 'Forno del Borgo') =>
  openShop(t, admin.browser, {
    where,
    name,
    products: [{ name: 'Focaccia', price: 4.5, stockQuantity: 20 }],
    store: { pickupOnly: false, shippingEnabled: true, shippingRadius: 10, shippingCost: 3 },
  });

interface Placed {
  id: string;
  deliveryCode: string;
  customer: Person;
}
/** A customer orders two focacce from `shop`, shipped to `to`; the shop accepts the order. */
async function shippedOrder(shop: Shop, to: Point, { accept = true } = {}): Promise<Placed> {
  const customer = await withCart(t, [[shop.productIds[0]!, 2]]);
  const res = await checkout(customer, [
    { storeId: shop.store.id, deliveryType: 'shipping', deliveryAddress: 'Via dei Mille 12, Potenza', deliveryLatitude: to.latitude, deliveryLongitude: to.longitude },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const [order] = res.json().orders;
  expect(order.deliveryCode).toMatch(/^\d{6}$/);
  if (accept) expect((await shop.owner.browser.post(`/api/orders/${order.id}/accept`)).statusCode).toBe(200);
  return { id: order.id, deliveryCode: order.deliveryCode, customer };
}

const soon = (ms = 3 * hour) => new Date(Date.now() + ms).toISOString();
const hand = (shop: Shop, body: Record<string, unknown>) => shop.owner.browser.post('/api/tasks', { type: 'delivery', deadline: soon(), compensation: 6.5, ...body });
async function handed(shop: Shop, body: Record<string, unknown>): Promise<{ id: string } & Record<string, unknown>> {
  const res = await hand(shop, body);
  if (res.statusCode !== 201) throw new Error(`task ${res.statusCode}: ${res.body}`);
  return res.json();
}
const caughtUp = async () => expect(await readModelsCaughtUp(t.system)).toBe(true);
const ids = (list: { id: string }[]) => list.map((x) => x.id);

describe('a delivery handed to a collaborator', () => {
  it('customer orders with shipping, the shop hands it to a collaborator, who picks it up and delivers it with the customer’s code; the timeline names them', async () => {
    const area = newArea();
    const shop = await shippingShop(area);
    const courier = await approvedCollaborator(t, north(area, 1), { name: 'Marco Neri' });
    const far = await approvedCollaborator(t, north(area, 9), { name: 'Fuori Zona' });
    const to = east(area, 2);
    const order = await shippedOrder(shop, to);

    // The code is the customer's: on their order page, never the shop's.
    expect((await order.customer.browser.get(`/api/orders/${order.id}`)).json()).toMatchObject({ deliveryCode: order.deliveryCode, collaboratorName: null, deliveryTaskId: null });
    expect((await shop.owner.browser.get(`/api/orders/${order.id}`)).json()).toMatchObject({ deliveryCode: null });

    // Whom it may be handed to: those covering both the shop and the address.
    const couriers = await shop.owner.browser.get(`/api/tasks/couriers?orderId=${order.id}`);
    expect(couriers.statusCode, couriers.body).toBe(200);
    expect(couriers.json().map((c: { userId: string }) => c.userId)).toEqual([courier.id]);
    expect(couriers.json()[0]).toMatchObject({ name: 'Marco Neri', distanceKm: 1 });
    expect((await hand(shop, { orderId: order.id, collaboratorId: far.id })).json().message).toBe(
      'Questo collaboratore non copre il negozio e l’indirizzo di consegna, o non è disponibile.',
    );

    const deadline = soon(2 * hour);
    const res = await hand(shop, { orderId: order.id, collaboratorId: courier.id, deadline, compensation: 6.5, description: 'Citofonare Bianchi' });
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json();
    expect(task).toMatchObject({
      type: 'delivery',
      status: 'pending',
      storeId: shop.store.id,
      storeName: 'Forno del Borgo',
      orderId: order.id,
      collaboratorId: courier.id,
      collaboratorName: 'Marco Neri',
      offered: false,
      pickupAddress: 'Via di Prova 1, Roma',
      deliveryAddress: 'Via dei Mille 12, Potenza',
      distance: 2,
      compensation: 6.5,
      credits: 0,
      deadline: new Date(deadline).toISOString(),
      customerName: 'Giulia Bianchi',
      customerPhone: '+39 333 1234567',
      takenByOther: false,
      title: `Consegna dell’ordine ${order.id.slice(0, 8).toUpperCase()}`,
      description: 'Citofonare Bianchi',
    });
    // One open delivery per order.
    const twice = await hand(shop, { orderId: order.id });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'La consegna di quest’ordine è già affidata: annulla prima l’attività di consegna.']);

    // The collaborator reads it with the customer, on their list (spec §7) and on its page.
    const mine = (await courier.browser.get('/api/collaborators/tasks')).json();
    expect(mine).toEqual([
      {
        id: task.id,
        type: 'delivery',
        title: task.title,
        status: 'pending',
        storeName: 'Forno del Borgo',
        credits: 0,
        compensation: 6.5,
        deadline: task.deadline,
        createdAt: task.createdAt,
      },
    ]);
    expect((await courier.browser.get(`/api/tasks/${task.id}`)).json()).toMatchObject({ customerName: 'Giulia Bianchi', deliveryAddress: 'Via dei Mille 12, Potenza' });

    const accepted = await courier.browser.post(`/api/tasks/${task.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', acceptedAt: expect.any(String) });
    // The customer sees who delivers and by when; the shop only prepares it now.
    expect((await order.customer.browser.get(`/api/orders/${order.id}`)).json()).toMatchObject({
      collaboratorId: courier.id,
      collaboratorName: 'Marco Neri',
      deliveryDeadline: new Date(deadline).toISOString(),
      deliveryTaskId: null,
      deliveryCode: order.deliveryCode,
    });
    expect((await shop.owner.browser.get(`/api/orders/${order.id}`)).json()).toMatchObject({ collaboratorName: 'Marco Neri', deliveryTaskId: task.id, allowedActions: ['ready'] });
    expect((await shop.owner.browser.get(`/api/orders/store/${shop.store.id}`)).json()).toEqual([expect.objectContaining({ id: order.id, deliveryTaskId: task.id })]);

    const early = await courier.browser.post(`/api/tasks/${task.id}/start`);
    expect([early.statusCode, early.json().message]).toEqual([422, 'L’ordine non è ancora pronto («In preparazione»): si ritira quando il negozio lo segna «Pronto».']);
    expect((await shop.owner.browser.post(`/api/orders/${order.id}/ready`)).json()).toMatchObject({ status: 'ready', allowedActions: [] });
    const ship = await shop.owner.browser.post(`/api/orders/${order.id}/ship`);
    expect([ship.statusCode, ship.json().message]).toEqual([
      422,
      'La consegna è affidata a Marco Neri: l’ordine si ritira e si consegna con la sua attività (e il codice del cliente).',
    ]);
    expect((await shop.owner.browser.post(`/api/orders/${order.id}/cancel`, { reason: 'Esaurito' })).statusCode).toBe(422);

    const picked = await courier.browser.post(`/api/tasks/${task.id}/start`);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json()).toMatchObject({ status: 'in_progress', startedAt: expect.any(String) });
    expect((await order.customer.browser.get(`/api/orders/${order.id}`)).json()).toMatchObject({ status: 'shipping' });

    const wrongCode = order.deliveryCode === '000000' ? '111111' : '000000';
    const wrong = await courier.browser.post(`/api/tasks/${task.id}/deliver`, { deliveryCode: wrongCode });
    const refused = 'Codice di consegna non valido. Restano 4 tentativi, poi il cliente riceverà un nuovo codice.';
    expect([wrong.statusCode, wrong.json()]).toEqual([422, { message: refused, errors: { deliveryCode: refused } }]);
    expect((await courier.browser.post(`/api/tasks/${task.id}/deliver`)).statusCode).toBe(422);
    const delivered = await courier.browser.post(`/api/tasks/${task.id}/deliver`, { deliveryCode: order.deliveryCode });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'completed', completedAt: expect.any(String) });

    const done = (await order.customer.browser.get(`/api/orders/${order.id}`)).json();
    expect(done).toMatchObject({ status: 'completed', paymentStatus: 'paid', collaboratorName: 'Marco Neri' });
    expect(done.timeline.map((s: { status: string; by: { userId: string; role: string } | null; note: string | null }) => [s.status, s.by?.role, s.note])).toEqual([
      ['pending', 'customer', null],
      ['preparing', 'shopkeeper', null],
      ['ready', 'shopkeeper', null],
      ['shipping', 'collaborator', 'Ritirato da Marco Neri'],
      ['completed', 'collaborator', 'Consegnato da Marco Neri'],
    ]);
    expect(done.timeline.at(-1).by.userId).toBe(courier.id);

    // The admin's history of the order names the collaborator: who accepted, who picked up and delivered.
    const history = (await admin.browser.get(`/api/admin/history/order/${order.id}`)).json();
    expect(history.map((e: { type: string }) => e.type)).toEqual([
      'OrderPlaced',
      'OrderAccepted',
      'OrderDeliveryRequested',
      'OrderDeliveryAssigned',
      'OrderReady',
      'OrderShipped',
      'OrderCodeMistyped',
      'OrderCodeMistyped',
      'OrderCompleted',
    ]);
    const assigned = history[3];
    expect(assigned).toMatchObject({ italianName: 'Consegna dell’ordine accettata da un collaboratore', changes: { collaboratorName: 'Marco Neri', taskId: task.id } });
    expect(assigned.references[courier.id]).toEqual({ type: 'user', name: `Marco Neri (${courier.username})` });
    for (const step of history.slice(5)) expect(step.actor).toEqual({ userId: courier.id, username: courier.username, role: 'collaborator' });
    // The delivery code is the customer's proof at the door: masked even for admins.
    expect(history[0].changes.deliveryCode).toBe('[riservato]');
    const taskHistory = (await admin.browser.get(`/api/admin/history/task/${task.id}`)).json();
    expect(taskHistory.map((e: { italianName: string }) => e.italianName)).toEqual(['Attività affidata', 'Attività accettata', 'Attività iniziata', 'Attività completata']);

    // The dashboard's figures: the task counted completed.
    const firstPage = await courier.browser.get('/api/collaborators/tasks?pageSize=1');
    expect(firstPage.json()).toEqual([expect.objectContaining({ id: task.id, status: 'completed' })]);
    expect(firstPage.headers['x-total-count']).toBe('1');
    const completed = await courier.browser.get('/api/tasks?status=completed');
    expect(completed.json()).toEqual([expect.objectContaining({ id: task.id })]);
    expect(completed.headers['x-total-count']).toBe('1');
    expect((await courier.browser.get('/api/tasks?status=pending')).json()).toEqual([]);
  });

  it('given back by its collaborator with a reason, or cancelled by the shop after pickup: the order is the shop’s to move again', async () => {
    const area = newArea();
    const shop = await shippingShop(area);
    const courier = await approvedCollaborator(t, north(area, 1), { name: 'Marco Neri' });
    const order = await shippedOrder(shop, east(area, 1));
    const first = await handed(shop, { orderId: order.id, collaboratorId: courier.id });
    expect((await courier.browser.post(`/api/tasks/${first.id}/reject`, {})).statusCode).toBe(400);
    const rejected = await courier.browser.post(`/api/tasks/${first.id}/reject`, { reason: 'Ho la bici rotta' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Ho la bici rotta', customerName: null, deliveryAddress: null });
    expect((await shop.owner.browser.get(`/api/tasks/${first.id}`)).json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Ho la bici rotta',
      customerName: 'Giulia Bianchi',
    });
    expect((await shop.owner.browser.get(`/api/orders/${order.id}`)).json()).toMatchObject({ deliveryTaskId: null, collaboratorName: null, allowedActions: ['ready', 'cancel'] });

    // Handed again, accepted and picked up, then cancelled by the shop: the shop completes it itself.
    const second = await handed(shop, { orderId: order.id, collaboratorId: courier.id });
    expect((await courier.browser.post(`/api/tasks/${second.id}/accept`)).statusCode).toBe(200);
    expect((await shop.owner.browser.post(`/api/orders/${order.id}/ready`)).statusCode).toBe(200);
    expect((await courier.browser.post(`/api/tasks/${second.id}/start`)).statusCode).toBe(200);
    expect((await courier.browser.post(`/api/tasks/${second.id}/reject`, { reason: 'Non posso' })).statusCode).toBe(422);
    expect((await shop.owner.browser.post(`/api/tasks/${second.id}/cancel`, {})).statusCode).toBe(400);
    const cancelled = await shop.owner.browser.post(`/api/tasks/${second.id}/cancel`, { reason: 'Il cliente passa a ritirarlo' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Il cliente passa a ritirarlo' });
    expect((await courier.browser.post(`/api/tasks/${second.id}/deliver`, { deliveryCode: order.deliveryCode })).json().message).toBe('L’attività è stata annullata.');
    const order2 = (await shop.owner.browser.get(`/api/orders/${order.id}`)).json();
    expect(order2).toMatchObject({ status: 'shipping', collaboratorName: null, allowedActions: ['complete'] });
    expect((await shop.owner.browser.post(`/api/orders/${order.id}/complete`)).json()).toMatchObject({ status: 'completed' });
    expect((await shop.owner.browser.post(`/api/tasks/${second.id}/cancel`, { reason: 'Di nuovo' })).json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Il cliente passa a ritirarlo',
    });
  });
});

describe('delivery codes cannot be guessed (issue [16])', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** An order of `shop` handed to `courier`, accepted, ready and picked up: on its way to the customer. */
  async function onItsWay(shop: Shop, courier: Person, to: Point): Promise<Placed & { taskId: string }> {
    const order = await shippedOrder(shop, to);
    const task = await handed(shop, { orderId: order.id, collaboratorId: courier.id });
    expect((await courier.browser.post(`/api/tasks/${task.id}/accept`)).statusCode).toBe(200);
    expect((await shop.owner.browser.post(`/api/orders/${order.id}/ready`)).statusCode).toBe(200);
    expect((await courier.browser.post(`/api/tasks/${task.id}/start`)).statusCode).toBe(200);
    return { ...order, taskId: task.id };
  }
  const deliver = (courier: Person, taskId: string, deliveryCode: string) => courier.browser.post(`/api/tasks/${taskId}/deliver`, { deliveryCode });

  it('five wrong codes burn the customer’s: even the right one is then refused, the customer has a new code and is told; the new one delivers', async () => {
    const area = newArea();
    const shop = await shippingShop(area);
    const courier = await approvedCollaborator(t, north(area, 1));
    const order = await onItsWay(shop, courier, east(area, 2));
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await deliver(courier, order.taskId, notThe(order.deliveryCode, i));
      answers.push([res.statusCode, res.json().message]);
    }
    expect(answers).toEqual([
      ...[4, 3, 2].map((n) => [422, `Codice di consegna non valido. Restano ${n} tentativi, poi il cliente riceverà un nuovo codice.`]),
      [422, 'Codice di consegna non valido. Resta 1 tentativo, poi il cliente riceverà un nuovo codice.'],
      [422, 'Codice di consegna non valido. Dopo 5 tentativi errati il codice è stato cambiato: il cliente ne ha ricevuto uno nuovo.'],
    ]);
    // The burnt code no longer delivers.
    const old = await deliver(courier, order.taskId, order.deliveryCode);
    expect([old.statusCode, old.json().errors]).toEqual([422, { deliveryCode: 'Codice di consegna non valido. Restano 4 tentativi, poi il cliente riceverà un nuovo codice.' }]);
    await caughtUp();
    const seen = (await order.customer.browser.get(`/api/orders/${order.id}`)).json();
    expect(seen.status).toBe('shipping');
    expect(seen.deliveryCode).toMatch(/^\d{6}$/);
    expect(seen.deliveryCode).not.toBe(order.deliveryCode);
    const told = (await order.customer.browser.get('/api/notifications')).json<{ title: string; message: string; link: string }[]>();
    const notice = told.find((n) => n.title === 'Nuovo codice di consegna');
    expect(notice).toMatchObject({ link: `/customer/orders/${order.id}`, message: expect.stringContaining('5 volte un codice di consegna sbagliato') });
    expect(notice!.message).not.toContain(seen.deliveryCode);
    // The task is still the courier's, on its way; the customer's new code delivers it.
    expect((await courier.browser.get(`/api/tasks/${order.taskId}`)).json()).toMatchObject({ status: 'in_progress' });
    const done = await deliver(courier, order.taskId, seen.deliveryCode);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed' });
    // The admin's history names the wrong tries and the new code, never a code.
    const history = (await admin.browser.get(`/api/admin/history/order/${order.id}`)).json<{ type: string; italianName: string; changes: Record<string, unknown> }[]>();
    const codes = history.filter((e) => e.type.startsWith('OrderCode'));
    expect(codes.map((e) => e.type)).toEqual([
      'OrderCodeMistyped',
      'OrderCodeMistyped',
      'OrderCodeMistyped',
      'OrderCodeMistyped',
      'OrderCodeMistyped',
      'OrderCodeReissued',
      'OrderCodeMistyped',
    ]);
    expect(codes[5]).toMatchObject({ italianName: 'Nuovo codice dell’ordine per il cliente', changes: { kind: 'delivery', deliveryCode: '[riservato]' } });
    expect(JSON.stringify(history)).not.toContain(seen.deliveryCode);
    expect(JSON.stringify(history)).not.toContain(order.deliveryCode);
  });

  it('ten wrong codes across deliveries lock the collaborator out of delivery codes for an hour, the right code included (429); then it delivers', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(), shouldAdvanceTime: true });
    const area = newArea();
    const shop = await shippingShop(area);
    const courier = await approvedCollaborator(t, north(area, 1));
    const to = east(area, 2);
    const orders = [await onItsWay(shop, courier, to), await onItsWay(shop, courier, to), await onItsWay(shop, courier, to)];
    // Four on each of the first two, two on the third: no code burnt, ten wrong in all.
    const statuses: number[] = [];
    for (const [order, code] of tenWrongCodesOverThree(orders, (o) => o.deliveryCode)) statuses.push((await deliver(courier, order.taskId, code)).statusCode);
    expect(statuses).toEqual(Array(10).fill(422));
    const locked = await deliver(courier, orders[2]!.taskId, orders[2]!.deliveryCode);
    expect([locked.statusCode, locked.json()]).toEqual([429, { message: 'Troppi tentativi con codici errati. Riprova tra 60 minuti.' }]);
    expect(locked.headers['retry-after']).toBe('3600');
    // Another's wrong tries do not lock this one.
    const other = await approvedCollaborator(t, north(area, 1.5));
    const theirs = await onItsWay(shop, other, to);
    expect((await deliver(other, theirs.taskId, theirs.deliveryCode)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 59 * minute);
    expect((await deliver(courier, orders[2]!.taskId, orders[2]!.deliveryCode)).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 2 * minute);
    const done = await deliver(courier, orders[2]!.taskId, orders[2]!.deliveryCode);
    expect(done.statusCode, done.body).toBe(200); // Every read model applied the counter's events (CodeTryFailed, CodeTriesLocked) and went on.
    expect(await readModelsCaughtUp(t.system)).toBe(true);
  });
});

describe('a delivery offered to the area', () => {
  it('two collaborators accepting at the same instant: exactly one wins, the other is told 409 and sees it taken, without the customer', async () => {
    const area = newArea();
    const shop = await shippingShop(area);
    const to = east(area, 2);
    const [a, b] = await Promise.all([approvedCollaborator(t, north(area, 1), { name: 'Anna Riva' }), approvedCollaborator(t, east(area, 1), { name: 'Bruno Sala' })]);
    // Covers the shop, not the address: offered nothing.
    const shopOnly = await approvedCollaborator(t, north(area, -3), { radiusKm: 3.5 });
    const order = await shippedOrder(shop, to);
    const task = await handed(shop, { orderId: order.id });
    expect(task).toMatchObject({ offered: true, collaboratorId: null, status: 'pending' });

    for (const who of [a, b]) {
      const offer = (await who.browser.get('/api/tasks')).json().find((x: { id: string }) => x.id === task.id);
      expect(offer).toMatchObject({
        status: 'pending',
        offered: true,
        takenByOther: false,
        customerName: null,
        customerPhone: null,
        deliveryAddress: null,
        pickupAddress: 'Via di Prova 1, Roma',
      });
      // Where it goes, to about a kilometre.
      expect(offer.deliveryLatitude).toBe(Math.round(to.latitude * 100) / 100);
      expect((await who.browser.get('/api/collaborators/tasks')).json()).toEqual([]);
    }
    expect(ids((await shopOnly.browser.get('/api/tasks')).json())).not.toContain(task.id);
    expect((await shopOnly.browser.post(`/api/tasks/${task.id}/accept`)).statusCode).toBe(404);

    const answers = await Promise.all([a, b].map((who) => who.browser.post(`/api/tasks/${task.id}/accept`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.findIndex((r) => r.statusCode === 409);
    const [winner, lost] = loser === 0 ? [b, a] : [a, b];
    expect(answers[loser]!.json().message).toBe('Questa consegna è già stata accettata da un altro collaboratore.');
    expect((await lost.browser.get(`/api/tasks/${task.id}`)).json()).toMatchObject({
      status: 'accepted',
      takenByOther: true,
      collaboratorId: null,
      collaboratorName: null,
      customerName: null,
      deliveryAddress: null,
      acceptedAt: null,
    });
    expect((await winner.browser.get(`/api/tasks/${task.id}`)).json()).toMatchObject({
      status: 'accepted',
      takenByOther: false,
      collaboratorId: winner.id,
      customerName: 'Giulia Bianchi',
    });
    expect(ids((await winner.browser.get('/api/collaborators/tasks')).json())).toEqual([task.id]);
    const accepts = (await t.system.store.readStream(`task-${task.id}`)).filter((e) => e.type === 'TaskAccepted');
    expect(accepts.map((e) => (e.data as { collaboratorId: string }).collaboratorId)).toEqual([winner.id]);
    expect((await t.system.store.readStream(`order-${order.id}`)).filter((e) => e.type === 'OrderDeliveryAssigned')).toHaveLength(1);
    expect((await order.customer.browser.get(`/api/orders/${order.id}`)).json()).toMatchObject({ collaboratorId: winner.id });
  });

  it('is refused when nobody covers both the shop and the address', async () => {
    const area = newArea();
    const shop = await shippingShop(area);
    await approvedCollaborator(t, north(area, -3), { radiusKm: 3.5 });
    const order = await shippedOrder(shop, east(area, 4));
    const res = await hand(shop, { orderId: order.id });
    expect([res.statusCode, res.json().message]).toEqual([422, 'Nessun collaboratore disponibile copre sia il negozio sia l’indirizzo di consegna.']);
  });

  it('not accepted by its deadline: read cancelled at once, expired by the upkeep with the reason (durably, once); the order is the shop’s again', async () => {
    const area = newArea();
    const shop = await shippingShop(area);
    const c = await approvedCollaborator(t, north(area, 1));
    const order = await shippedOrder(shop, east(area, 1));
    const task = await handed(shop, { orderId: order.id, deadline: soon(hour) });
    const created = new Date(task.createdAt as string).getTime();
    expect(await runTaskUpkeep(t.system, new Date(created + 30 * minute))).toEqual({ expired: 0, failed: 0 });
    expect(await runTaskUpkeep(t.system, new Date(created + 2 * hour))).toEqual({ expired: 1, failed: 0 });
    await caughtUp();
    expect((await shop.owner.browser.get(`/api/tasks/${task.id}`)).json()).toMatchObject({ status: 'cancelled', cancelReason: expiredReason });
    expect(ids((await c.browser.get('/api/tasks')).json())).not.toContain(task.id);
    expect((await c.browser.post(`/api/tasks/${task.id}/accept`)).json().message).toBe('L’attività è stata annullata.');
    expect((await shop.owner.browser.get(`/api/orders/${order.id}`)).json()).toMatchObject({ deliveryTaskId: null, allowedActions: ['ready', 'cancel'] });
    expect(await runTaskUpkeep(t.system, new Date(created + 3 * hour))).toEqual({ expired: 0, failed: 0 });
    expect((await t.system.store.readStream(`task-${task.id}`)).map((e) => e.type)).toEqual(['TaskCreated', 'TaskExpired']);
    // Handed again and accepted: past its deadline it is still delivered, never expired.
    const again = await handed(shop, { orderId: order.id, collaboratorId: c.id, deadline: soon(hour) });
    expect((await c.browser.post(`/api/tasks/${again.id}/accept`)).statusCode).toBe(200);
    expect(await runTaskUpkeep(t.system, new Date(created + 5 * hour))).toEqual({ expired: 0, failed: 0 });

    // Past its deadline before the upkeep ran: read cancelled, refused to whoever accepts.
    const late = await shippedOrder(shop, east(area, 1));
    const twoHoursAgo = new Date(Date.now() - 2 * hour);
    const { id, position } = await createTask(
      t.system,
      shop.owner.id,
      { type: 'delivery', orderId: late.id, description: '', deadline: new Date(twoHoursAgo.getTime() + hour).toISOString(), compensationCents: 500, credits: 0 },
      systemContext(twoHoursAgo),
    );
    expect(await t.system.projections.waitFor(position!, hangAfter(5000))).toBe(true);
    expect((await shop.owner.browser.get(`/api/tasks/${id}`)).json()).toMatchObject({ status: 'cancelled', cancelReason: expiredReason });
    expect((await shop.owner.browser.get(`/api/tasks?status=cancelled&orderId=${late.id}`)).json().map((x: { id: string }) => x.id)).toEqual([id]);
    const accept = await c.browser.post(`/api/tasks/${id}/accept`);
    expect([accept.statusCode, accept.json().message]).toEqual([422, 'L’attività è scaduta: nessuno può più accettarla.']);
  });
});

describe('authorization', () => {
  it('a collaborator never sees another’s handed task; a shopkeeper only their shop’s; a customer none; an unapproved, suspended or unavailable collaborator is offered nothing', async () => {
    const area = newArea();
    const shop = await shippingShop(area);
    const other = await shippingShop(area, 'Altra Bottega');
    const mine = await approvedCollaborator(t, north(area, 1), { name: 'Marco Neri' });
    const stranger = await approvedCollaborator(t, north(area, 1.5));
    const suspended = await approvedCollaborator(t, north(area, 1));
    const unavailable = await approvedCollaborator(t, north(area, 1));
    const pending = await loggedIn(t, 'collaborator');
    expect((await pending.browser.post('/api/collaborators', { address: 'Via Roma 2', ...north(area, 1), radiusKm: 5, services: ['delivery'] })).statusCode).toBe(201);
    expect((await admin.browser.post(`/api/admin/collaborators/${suspended.id}/suspend`, { reason: 'Verifica' })).statusCode).toBe(200);
    expect((await unavailable.browser.request('PATCH', '/api/collaborators/me', { isAvailable: false })).statusCode).toBe(200);
    await caughtUp();

    const order = await shippedOrder(shop, east(area, 1));
    const handedTask = await handed(shop, { orderId: order.id, collaboratorId: mine.id });
    const offeredOrder = await shippedOrder(shop, east(area, 1));
    const offered = await handed(shop, { orderId: offeredOrder.id });

    expect((await stranger.browser.get(`/api/tasks/${handedTask.id}`)).statusCode).toBe(404);
    expect(ids((await stranger.browser.get('/api/tasks')).json())).toEqual([offered.id]);
    expect((await stranger.browser.post(`/api/tasks/${handedTask.id}/accept`)).statusCode).toBe(404);
    expect((await stranger.browser.post(`/api/tasks/${handedTask.id}/start`)).statusCode).toBe(404);
    expect((await stranger.browser.post(`/api/tasks/${handedTask.id}/reject`, { reason: 'No' })).statusCode).toBe(404);
    for (const who of [suspended, unavailable, pending]) {
      expect((await who.browser.get('/api/tasks')).json()).toEqual([]);
      const accept = await who.browser.post(`/api/tasks/${offered.id}/accept`);
      expect([accept.statusCode, accept.json().message]).toEqual([403, 'Il tuo profilo da collaboratore non è approvato, attivo e disponibile: non puoi accettare attività.']);
    }
    // Handing to one not offered work is refused.
    for (const who of [suspended, unavailable, pending]) expect((await hand(shop, { orderId: offeredOrder.id, collaboratorId: who.id })).statusCode).toBe(422);

    // Another shop: as if the task and the order did not exist.
    expect((await other.owner.browser.get(`/api/tasks/${handedTask.id}`)).statusCode).toBe(404);
    expect((await other.owner.browser.get('/api/tasks')).json()).toEqual([]);
    expect((await other.owner.browser.post(`/api/tasks/${handedTask.id}/cancel`, { reason: 'Mio' })).statusCode).toBe(404);
    expect((await hand(other, { orderId: order.id })).statusCode).toBe(404);
    expect((await other.owner.browser.get(`/api/tasks/couriers?orderId=${order.id}`)).statusCode).toBe(404);
    expect(ids((await shop.owner.browser.get('/api/tasks')).json()).sort()).toEqual([handedTask.id, offered.id].sort());
    expect(ids((await shop.owner.browser.get(`/api/tasks?orderId=${order.id}`)).json())).toEqual([handedTask.id]);
    expect(ids((await admin.browser.get('/api/tasks?type=delivery')).json())).toEqual(expect.arrayContaining([handedTask.id, offered.id]));

    // A customer reads no task, and never another's order.
    expect((await order.customer.browser.get('/api/tasks')).statusCode).toBe(403);
    expect((await order.customer.browser.get(`/api/tasks/${handedTask.id}`)).statusCode).toBe(403);
    expect((await order.customer.browser.post('/api/tasks', { type: 'delivery', orderId: order.id, deadline: soon(), compensation: 1 })).statusCode).toBe(403);
    expect((await mine.browser.post('/api/tasks', { type: 'delivery', orderId: order.id, deadline: soon(), compensation: 1 })).statusCode).toBe(403);
    expect((await mine.browser.post(`/api/tasks/${handedTask.id}/cancel`, { reason: 'No' })).statusCode).toBe(403);
    expect((await shop.owner.browser.post(`/api/tasks/${handedTask.id}/accept`)).statusCode).toBe(403);
    expect((await offeredOrder.customer.browser.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    expect((await stranger.browser.get('/api/collaborators/tasks')).json()).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers a clear 4xx in Italian, never a 500', async () => {
    const area = newArea();
    const shop = await shippingShop(area);
    await approvedCollaborator(t, north(area, 1));
    const order = await shippedOrder(shop, east(area, 1));
    const cases: [Record<string, unknown>, number, string][] = [
      [{ type: 'delivery', deadline: soon(), compensation: 5 }, 400, 'Ordine: obbligatorio per una consegna.'],
      [{ type: 'consegna', orderId: order.id, deadline: soon(), compensation: 5 }, 400, 'Tipo di attività: delivery o product_management.'],
      [{ type: 'delivery', orderId: 'abc', deadline: soon(), compensation: 5 }, 400, 'Ordine: identificativo non valido.'],
      [{ type: 'delivery', orderId: order.id, deadline: 'domani', compensation: 5 }, 400, 'Scadenza: data e ora ISO 8601.'],
      [{ type: 'delivery', orderId: order.id, deadline: soon(), compensation: -1 }, 400, 'Compenso: non può essere negativo.'],
      [{ type: 'delivery', orderId: order.id, deadline: soon(), compensation: 'molto' }, 400, 'Compenso: un importo in euro.'],
      [{ type: 'delivery', orderId: order.id, deadline: soon(), compensation: 5000 }, 400, 'Compenso: al massimo 1000 €.'],
      [{ type: 'delivery', orderId: order.id, deadline: soon(), compensation: 5, extra: 1 }, 400, ''],
      [{ type: 'delivery', orderId: order.id, deadline: soon(), compensation: 5, title: 'x'.repeat(121) }, 400, 'Titolo: al massimo 120 caratteri.'],
      [{ type: 'product_management', title: 'Foto', deadline: soon(), compensation: 5 }, 400, 'Incarico: obbligatorio per un lavoro sul catalogo.'],
      [{ type: 'delivery', orderId: order.id, deadline: new Date(Date.now() - minute).toISOString(), compensation: 5 }, 422, 'Scadenza: deve essere nel futuro.'],
      [{ type: 'delivery', orderId: order.id, deadline: soon(40 * 24 * hour), compensation: 5 }, 422, 'Scadenza: al massimo 30 giorni da oggi.'],
      [{ type: 'delivery', orderId: order.id, deadline: soon(), compensation: 5.555 }, 422, 'Compenso: un importo da € 0,00 a € 1000,00, al centesimo.'],
      [{ type: 'delivery', orderId: randomUUID(), deadline: soon(), compensation: 5 }, 404, 'Ordine non trovato.'],
      [
        { type: 'delivery', orderId: order.id, collaboratorId: randomUUID(), deadline: soon(), compensation: 5 },
        422,
        'Questo collaboratore non copre il negozio e l’indirizzo di consegna, o non è disponibile.',
      ],
      [{ type: 'product_management', assignmentId: randomUUID(), title: 'Foto', deadline: soon(), compensation: 5 }, 404, 'Incarico non trovato.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await shop.owner.browser.post('/api/tasks', body);
      // A schema's refusal names the field: { message: 'Alcuni dati non sono validi.', errors: { field: message } }.
      const said = res.statusCode === 400 ? Object.values(res.json().errors ?? {}) : [res.json().message];
      expect([res.statusCode, message ? said : []], JSON.stringify(body)).toEqual([status, message ? [message] : []]);
    }
    // An order not accepted yet, a pickup order: refused with the reason.
    const waiting = await shippedOrder(shop, east(area, 1), { accept: false });
    expect((await hand(shop, { orderId: waiting.id })).json()).toMatchObject({ message: 'Accetta l’ordine prima di affidarne la consegna.' });
    expect((await shop.owner.browser.get('/api/tasks?status=nope')).statusCode).toBe(400);
    expect((await shop.owner.browser.get('/api/tasks?type=nope')).statusCode).toBe(400);
    expect((await shop.owner.browser.get('/api/tasks/abc')).statusCode).toBe(400);
    expect((await shop.owner.browser.get(`/api/tasks/${randomUUID()}`)).statusCode).toBe(404);
    expect((await shop.owner.browser.get('/api/tasks/couriers')).statusCode).toBe(400);
    const noShop = await loggedIn(t, 'shopkeeper');
    expect((await noShop.browser.post('/api/tasks', { type: 'delivery', orderId: order.id, deadline: soon(), compensation: 5 })).statusCode).toBe(404);
    const c = await approvedCollaborator(t, north(area, 1));
    expect((await c.browser.post(`/api/tasks/${randomUUID()}/accept`)).statusCode).toBe(404);
    expect((await c.browser.post(`/api/tasks/${randomUUID()}/deliver`, { deliveryCode: 12 })).statusCode).toBe(400);
    expect((await c.browser.post(`/api/tasks/${randomUUID()}/reject`, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
  });
});

describe('catalogue work inside an assignment', () => {
  it('goes to the assignment’s collaborator, in the shop’s assignment accepted or in progress only; started, then completed', async () => {
    const area = newArea();
    const shop = await shippingShop(area);
    const other = await shippingShop(area, 'Altra Bottega');
    const c = await approvedCollaborator(t, north(area, 1), { name: 'Luca Bassi', services: ['product_management'] });
    const someoneElse = await approvedCollaborator(t, north(area, 1));
    // Assignments are another module's (issue [13]): its read model's row, as its projection writes it.
    const assignment = async (storeId: string, shopkeeperId: string, status: string) => {
      const id = randomUUID();
      await t.system.pool.query(
        `INSERT INTO collaborator_assignments (id, origin, store_id, store_name, shopkeeper_user_id, collaborator_user_id, collaborator_name, description, priority, status,
           payment_amount_cents, compensation_cents, site_commission_cents, payment_status, permissions, assigned_at, updated_at)
         VALUES ($1, 'direct', $2, 'Bottega', $3, $4, 'Luca Bassi', 'Catalogo', 'medium', $5, 5000, 4000, 1000, 'pending', '{products}', now(), now())`,
        [id, storeId, shopkeeperId, c.id, status],
      );
      return id;
    };
    const work = { type: 'product_management', title: 'Foto dei formaggi', description: 'Dieci prodotti', deadline: soon(24 * hour), compensation: 0, credits: 5 };
    const theirs = await assignment(other.store.id, other.owner.id, 'accepted');
    expect((await shop.owner.browser.post('/api/tasks', { ...work, assignmentId: theirs })).statusCode).toBe(404);
    const waiting = await assignment(shop.store.id, shop.owner.id, 'pending');
    expect((await shop.owner.browser.post('/api/tasks', { ...work, assignmentId: waiting })).json().message).toBe('Si affidano lavori solo in un incarico accettato o in corso.');
    const running = await assignment(shop.store.id, shop.owner.id, 'in_progress');
    expect((await shop.owner.browser.post('/api/tasks', { ...work, assignmentId: running, collaboratorId: someoneElse.id })).statusCode).toBe(422);
    expect((await shop.owner.browser.post('/api/tasks', { ...work, assignmentId: running, title: undefined })).statusCode).toBe(400);
    const res = await shop.owner.browser.post('/api/tasks', { ...work, assignmentId: running });
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json();
    expect(task).toMatchObject({
      type: 'product_management',
      status: 'pending',
      assignmentId: running,
      collaboratorId: c.id,
      collaboratorName: 'Luca Bassi',
      offered: false,
      credits: 5,
      orderId: null,
      pickupAddress: null,
      distance: null,
    });
    expect((await someoneElse.browser.get(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await c.browser.post(`/api/tasks/${task.id}/accept`)).json()).toMatchObject({ status: 'accepted' });
    expect((await c.browser.post(`/api/tasks/${task.id}/complete`)).json().message).toBe('Inizia l’attività prima di completarla.');
    expect((await c.browser.post(`/api/tasks/${task.id}/start`)).json()).toMatchObject({ status: 'in_progress' });
    expect((await c.browser.post(`/api/tasks/${task.id}/deliver`, { deliveryCode: '123456' })).json().message).toBe('Solo una consegna si completa con il codice di consegna.');
    expect((await c.browser.post(`/api/tasks/${task.id}/complete`)).json()).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    expect((await c.browser.get('/api/collaborators/tasks')).json()).toEqual([
      expect.objectContaining({ id: task.id, title: 'Foto dei formaggi', status: 'completed', storeName: 'Forno del Borgo', credits: 5 }),
    ]);
    // Its credits are the collaborator's, once, and count in their profile and earnings.
    expect(await readModelsCaughtUp(t.system)).toBe(true);
    expect((await c.browser.get('/api/credits')).json()).toMatchObject({ balance: 5 });
    expect((await c.browser.get(`/api/collaborators/user/${c.id}`)).json()).toMatchObject({ creditsEarned: 5 });
    expect((await c.browser.get('/api/collaborators/earnings')).json().totals).toMatchObject({ count: 1, credits: 5 });
  });
});

describe('the admin’s list', () => {
  it('answers the tasks with Content-Range, filtered by type and status, searched by shop or collaborator, and one by id', async () => {
    const area = newArea();
    const shop = await shippingShop(area, 'Bottega Ricercata');
    const c = await approvedCollaborator(t, north(area, 1), { name: 'Ottavio Lenti' });
    const order = await shippedOrder(shop, east(area, 1));
    const task = await handed(shop, { orderId: order.id, collaboratorId: c.id });
    const list = await admin.browser.get(
      `/api/admin/tasks?filter=${encodeURIComponent(JSON.stringify({ q: 'ricercata', type: 'delivery', status: ['pending'] }))}&sort=${encodeURIComponent('["deadline","ASC"]')}&range=[0,9]`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['content-range']).toBe('tasks 0-0/1');
    expect(list.json()).toEqual([
      expect.objectContaining({ id: task.id, collaboratorName: 'Ottavio Lenti', customerName: 'Giulia Bianchi', compensation: 6.5, distance: 1, status: 'pending' }),
    ]);
    expect((await admin.browser.get(`/api/admin/tasks/${task.id}`)).json()).toMatchObject({ id: task.id, storeName: 'Bottega Ricercata' });
    expect((await admin.browser.get(`/api/admin/tasks?filter=${encodeURIComponent('{"status":["nope"]}')}`)).statusCode).toBe(400);
    expect((await shop.owner.browser.get('/api/admin/tasks')).statusCode).toBe(403);
    // The admin cancels it with a reason too.
    expect((await admin.browser.post(`/api/tasks/${task.id}/cancel`, { reason: 'Segnalazione' })).json()).toMatchObject({ status: 'cancelled' });
  });
});
