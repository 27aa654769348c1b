import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import {
  checkout,
  customerDetails,
  givePlan,
  loggedIn,
  openShop,
  pickupSoon,
  places,
  stockOf,
  useLoggedIn,
  useShop,
  weekOf,
  withCart,
  type Person,
  type Shop,
} from '../../../tests/support/marketplace.js';
import { systemContext } from '../../platform/domain/context.js';
import { checkout as placeOrders } from './checkout.js';
import { cartStreamId } from '../cart/cart.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { committedHead } from '../../../tests/support/caught-up.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

/** A point `km` kilometres north of Rome's centre. */
const north = (km: number) => ({ deliveryLatitude: places.rome.latitude + km / 111.2, deliveryLongitude: places.rome.longitude });

describe('checkout and the order lifecycle', () => {
  const shop = useShop(t, admin, {
    name: 'Forno Santi',
    products: [
      { name: 'Focaccia', price: 4.5, stockQuantity: 5 },
      { name: 'Grissini', price: 2, stockQuantity: 5 },
    ],
  });

  it('places a pickup order, holds its stock and walks it to completion with the pickup code', async () => {
    const customer = await withCart(t, [
      [shop.productIds[0]!, 2],
      [shop.productIds[1]!, 1],
    ]);
    const placed = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon(), notes: 'Ben cotta, grazie' }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = placed.json().orders;
    expect(order).toMatchObject({ storeId: shop.store.id, status: 'pending', subtotal: 11, shippingCost: 0, total: 11 });
    expect(order.pickupCode).toMatch(/^\d{6}$/);
    expect(await stockOf(t, shop.productIds[0]!)).toBe(3);
    expect((await customer.browser.get('/api/cart')).json().items).toEqual([]);

    // Spec §7: the customer's list has id, storeName, total, status, createdAt; the shop's customerName instead of storeName.
    const placedAt = (value: unknown) => typeof value === 'string' && Math.abs(Date.parse(value) - Date.now()) < 10 * 60_000;
    const mine = (await customer.browser.get('/api/orders/user')).json();
    expect(mine).toEqual([expect.objectContaining({ id: order.id, storeName: 'Forno Santi', total: 11, status: 'pending', createdAt: expect.any(String), itemCount: 3 })]);
    expect(placedAt(mine[0].createdAt)).toBe(true);
    const theirs = (await shop.owner.browser.get(`/api/orders/store/${shop.store.id}`)).json();
    expect(theirs).toEqual([expect.objectContaining({ id: order.id, customerName: 'Giulia Bianchi', total: 11, status: 'pending', createdAt: mine[0].createdAt })]);
    expect((await shop.owner.browser.get(`/api/orders/store/${shop.store.id}?status=completed`)).json()).toEqual([]);

    const seenByShop = (await shop.owner.browser.get(`/api/orders/${order.id}`)).json();
    expect(seenByShop).toMatchObject({ notes: 'Ben cotta, grazie', pickupCode: null, allowedActions: ['accept', 'cancel'] });
    expect(seenByShop.items).toEqual([
      { productId: shop.productIds[0], name: 'Focaccia', price: 4.5, quantity: 2, lineTotal: 9 },
      { productId: shop.productIds[1], name: 'Grissini', price: 2, quantity: 1, lineTotal: 2 },
    ]);
    expect((await customer.browser.get(`/api/orders/${order.id}`)).json()).toMatchObject({ pickupCode: order.pickupCode, allowedActions: ['cancel'] });

    expect((await shop.owner.browser.post(`/api/orders/${order.id}/ready`)).json().message).toBe('Non è possibile segnare come pronto un ordine «In attesa».');
    expect((await shop.owner.browser.post(`/api/orders/${order.id}/accept`)).json().status).toBe('preparing');
    const cancelLate = await customer.browser.post(`/api/orders/${order.id}/cancel`, { reason: 'ci ho ripensato' });
    expect(cancelLate.statusCode).toBe(422);
    expect((await shop.owner.browser.post(`/api/orders/${order.id}/ready`)).json()).toMatchObject({ status: 'ready', allowedActions: ['complete', 'cancel'] });
    expect((await shop.owner.browser.post(`/api/orders/${order.id}/ship`)).statusCode).toBe(422);
    const wrong = await shop.owner.browser.post(`/api/orders/${order.id}/complete`, { pickupCode: order.pickupCode === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    const refused = 'Codice di ritiro non valido. Restano 4 tentativi, poi il cliente riceverà un nuovo codice.';
    expect(wrong.json()).toMatchObject({ message: refused, errors: { pickupCode: refused } });
    const done = (await shop.owner.browser.post(`/api/orders/${order.id}/complete`, { pickupCode: order.pickupCode })).json();
    expect(done).toMatchObject({ status: 'completed', paymentStatus: 'paid', allowedActions: [] });
    expect(done.timeline.map((e: { status: string; by: { role: string } | null }) => [e.status, e.by?.role])).toEqual([
      ['pending', 'customer'],
      ['preparing', 'shopkeeper'],
      ['ready', 'shopkeeper'],
      ['completed', 'shopkeeper'],
    ]);
    // Sold units stay sold.
    expect(await stockOf(t, shop.productIds[0]!)).toBe(3);
  });

  it('gives each shop only its own note', async () => {
    const wine = await openShop(t, admin.browser, { products: [{ name: 'Barolo' }], store: { pickupOnly: false, shippingEnabled: true, shippingRadius: 10 } });
    const customer = await withCart(t, [
      [shop.productIds[0]!, 1],
      [wine.productIds[0]!, 1],
    ]);
    const placed = await checkout(customer, [
      { storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() },
      { storeId: wine.store.id, deliveryType: 'shipping', deliveryAddress: 'Via Nomentana 10, Roma', ...north(2), notes: 'Citofono Bianchi, terzo piano' },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    const [bakeryOrder, wineOrder] = placed.json().orders;
    expect((await wine.owner.browser.get(`/api/orders/${wineOrder.id}`)).json().notes).toBe('Citofono Bianchi, terzo piano');
    // The delivery note never reaches the shop where the customer picks up.
    expect((await shop.owner.browser.get(`/api/orders/${bakeryOrder.id}`)).json().notes).toBe('');

    // One note for every shop is what went wrong: the body says which shop each note is for.
    const customerAgain = await withCart(t, [[shop.productIds[0]!, 1]]);
    const shared = await checkout(customerAgain, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { notes: 'Per tutti' });
    expect(shared.statusCode).toBe(400);
    expect(shared.json().errors).toEqual({ notes: 'Le note si scrivono per ciascun negozio: ognuno legge solo le sue.' });
    const long = await checkout(customerAgain, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon(), notes: 'x'.repeat(1001) }]);
    expect(long.json().errors).toEqual({ 'stores.0.notes': 'Note: al massimo 1000 caratteri.' });
  });

  it('gives the stock back when the customer or the shop cancels, and asks the shop for a reason', async () => {
    const customer = await withCart(t, [[shop.productIds[1]!, 2]]);
    const before = await stockOf(t, shop.productIds[1]!);
    const first = (await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }])).json().orders[0];
    expect(await stockOf(t, shop.productIds[1]!)).toBe(before - 2);
    const cancelled = await customer.browser.post(`/api/orders/${first.id}/cancel`, {});
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'customer', paymentStatus: 'pending' });
    expect(await stockOf(t, shop.productIds[1]!)).toBe(before);
    expect((await customer.browser.post(`/api/orders/${first.id}/cancel`, {})).statusCode).toBe(422);

    await customer.browser.post('/api/cart/items', { productId: shop.productIds[1], quantity: 1 });
    const second = (await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }])).json().orders[0];
    await shop.owner.browser.post(`/api/orders/${second.id}/accept`);
    const noReason = await shop.owner.browser.post(`/api/orders/${second.id}/cancel`, { reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: 'Scrivi il motivo dell’annullamento.' });
    const byShop = (await shop.owner.browser.post(`/api/orders/${second.id}/cancel`, { reason: 'Forno guasto' })).json();
    expect(byShop).toMatchObject({ status: 'cancelled', cancelledBy: 'store', cancelReason: 'Forno guasto' });
    expect(byShop.timeline.at(-1)).toMatchObject({ status: 'cancelled', note: 'Forno guasto', by: { role: 'shopkeeper' } });
    expect(await stockOf(t, shop.productIds[1]!)).toBe(before);
  });

  it('asks for an Idempotency-Key and answers the same orders for the same key, even sent twice at once', async () => {
    const customer = await withCart(t, [[shop.productIds[0]!, 1]]);
    const choice = [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }];
    const missing = await checkout(customer, choice, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/Idempotency-Key/);

    const before = await stockOf(t, shop.productIds[0]!);
    const key = randomUUID();
    const [a, b] = await Promise.all([checkout(customer, choice, key), checkout(customer, choice, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().orders[0].id).toBe(b.json().orders[0].id);
    const again = await checkout(customer, choice, key);
    expect(again.json()).toEqual(a.json());
    expect((await customer.browser.get('/api/orders/user')).json()).toHaveLength(1);
    expect(await stockOf(t, shop.productIds[0]!)).toBe(before - 1);
  });

  it('refuses the same key with another request (another shop, other details) with a 409 naming it, placing nothing more (issue [16])', async () => {
    const shop = await openShop(t, admin.browser, { products: [{ name: 'Pizza bianca', stockQuantity: 5 }] });
    const other = await openShop(t, admin.browser, { products: [{ name: 'Taralli', stockQuantity: 5 }] });
    const customer = await withCart(t, [
      [shop.productIds[0]!, 1],
      [other.productIds[0]!, 2],
    ]);
    const here = [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }];
    const key = `chiave-${randomUUID()}`;
    const first = await checkout(customer, here, key);
    expect(first.statusCode, first.body).toBe(201);

    const refusal = { message: `La chiave Idempotency-Key «${key}» è già stata usata per una richiesta diversa: usane una nuova.` };
    // The other shop's line with the key of the first checkout: refused, its line still in the cart.
    const elsewhere = await checkout(customer, [{ storeId: other.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], key);
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([409, expect.objectContaining(refusal)]);
    // The same shop under another name: refused too, not answered the first orders.
    const renamed = await checkout(customer, here, key, { customerName: 'Mario Rossi' });
    expect([renamed.statusCode, renamed.json()]).toEqual([409, expect.objectContaining(refusal)]);
    expect(await stockOf(t, other.productIds[0]!)).toBe(5);
    expect((await customer.browser.get('/api/orders/user')).json()).toHaveLength(1);

    // The same request again: the first answer, once.
    const again = await checkout(customer, here, key);
    expect([again.statusCode, again.json()]).toEqual([201, first.json()]);
    // Another key for the other shop: its order.
    expect((await checkout(customer, [{ storeId: other.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }])).statusCode).toBe(201);
    expect((await customer.browser.get('/api/orders/user')).json()).toHaveLength(2);
  });

  it('of two requests sent at once with one key and different details, places one and refuses the other', async () => {
    const shop = await openShop(t, admin.browser, { products: [{ name: 'Supplì', stockQuantity: 5 }] });
    const customer = await withCart(t, [[shop.productIds[0]!, 1]]);
    const here = [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }];
    const key = randomUUID();
    const answers = await Promise.all([checkout(customer, here, key), checkout(customer, here, key, { customerName: 'Mario Rossi' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toContain(`«${key}»`);
    expect((await customer.browser.get('/api/orders/user')).json()).toHaveLength(1);
  });

  it('leaves the key free when the checkout is refused: the customer corrects the request and sends it again with it', async () => {
    const shop = await openShop(t, admin.browser, { products: [{ name: 'Maritozzo', stockQuantity: 5 }] });
    const customer = await withCart(t, [[shop.productIds[0]!, 1]]);
    const key = randomUUID();
    // Refused (a shop that is not there): nothing stored, the key not taken.
    const refused = await checkout(customer, [{ storeId: randomUUID(), deliveryType: 'pickup', pickupTime: pickupSoon() }], key);
    expect(refused.statusCode).toBe(422);
    const corrected = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], key);
    expect(corrected.statusCode, corrected.body).toBe(201);
  });

  it('answers the orders of a twin with the same key that emptied the cart between its reads of the order streams and of the cart', async () => {
    const customer = await withCart(t, [[shop.productIds[1]!, 1]]);
    const input = { ...customerDetails, paymentMethod: 'cash' as const, stores: [{ storeId: shop.store.id, deliveryType: 'pickup' as const, pickupTime: pickupSoon() }] };
    const key = randomUUID();
    const ctx = { ...systemContext(), actor: { userId: customer.id, role: 'customer' as const } };
    // A store that reads several streams one after the other (as EventStoreDB's side-by-side reads
    // may land), and the twin runs to its end just before this request's read of the cart.
    const real = t.system.store;
    let twin: Awaited<ReturnType<typeof placeOrders>> | null = null;
    const racing: EventStore = Object.create(real, {
      readStreams: {
        value: async (reads: Parameters<EventStore['readStreams']>[0]) => {
          const answers = [];
          for (const { streamId, fromRevision } of reads) {
            if (streamId === cartStreamId(customer.id) && !twin) twin = await placeOrders({ store: real, pool: t.system.pool }, customer.id, key, input, ctx);
            answers.push(await real.readStream(streamId, { fromRevision }));
          }
          return answers;
        },
      },
    });
    const answer = await placeOrders({ store: racing, pool: t.system.pool }, customer.id, key, input, ctx);
    expect(twin).not.toBeNull();
    expect(answer.orders).toEqual(twin!.orders);
  });

  it('refuses bad bodies with Italian messages and never a 500', async () => {
    const customer = await withCart(t, [[shop.productIds[0]!, 1]]);
    const bad = await customer.browser.request('POST', '/api/orders/checkout', { customerEmail: 'no', stores: [] }, { 'idempotency-key': randomUUID() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ customerName: 'Nome: campo obbligatorio.', customerEmail: 'Indirizzo e-mail non valido.', stores: 'Scegli almeno un negozio.' });
    const past = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: new Date(Date.now() - 60_000).toISOString() }]);
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ 'stores.0.pickupTime': 'Scegli un orario di ritiro futuro.' });
    const otherShop = await openShop(t, admin.browser);
    const empty = await checkout(customer, [{ storeId: otherShop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Il carrello non contiene prodotti di questo negozio.');
    const card = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }], randomUUID(), { paymentMethod: 'stripe' });
    expect(card.statusCode).toBe(422);
    expect(card.json().errors).toEqual({ 'stores.0.paymentMethod': expect.stringMatching(/non accetta la carta: accetta solo contanti\.$/) });
    expect((await checkout(customer, [{ storeId: randomUUID(), deliveryType: 'pickup', pickupTime: pickupSoon() }])).statusCode).toBe(422);
  });

  it('refuses a shop suspended since its products went into the cart', async () => {
    const closing = await openShop(t, admin.browser, { products: [{ name: 'Ricotta', stockQuantity: 5 }] });
    const customer = await withCart(t, [[closing.productIds[0]!, 1]]);
    const suspended = await admin.browser.request('PUT', `/api/admin/stores/${closing.store.id}`, { status: 'suspended', reason: 'Controlli in corso' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const refused = await checkout(customer, [{ storeId: closing.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'Negozio non disponibile.', errors: { 'stores.0.storeId': 'Negozio non disponibile.' } });
    expect((await customer.browser.get('/api/orders/user')).json()).toEqual([]);
  });

  it('refuses the whole checkout with a 409 naming the product when one line lacks stock, holding nothing', async () => {
    const other = await openShop(t, admin.browser, { products: [{ name: 'Tarallini', stockQuantity: 4 }] });
    const customer = await withCart(t, [
      [shop.productIds[0]!, 1],
      [other.productIds[0]!, 3],
    ]);
    // Meanwhile the shop sells two at the counter.
    expect((await other.owner.browser.post(`/api/products/${other.productIds[0]}/stock`, { delta: -2, reason: 'Venduti al banco' })).statusCode).toBe(200);
    const before = await stockOf(t, shop.productIds[0]!);
    const refused = await checkout(customer, [
      { storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() },
      { storeId: other.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Disponibilità insufficiente per «Tarallini»: ne restano 2.');
    expect(await stockOf(t, shop.productIds[0]!)).toBe(before);
    expect(await stockOf(t, other.productIds[0]!)).toBe(2);
    expect((await customer.browser.get('/api/orders/user')).json()).toEqual([]);
    expect((await customer.browser.get('/api/cart')).json().itemCount).toBe(4);
  });

  it('takes the stock of every line when the same key is sent again after a refusal, and only once', async () => {
    const pair = await openShop(t, admin.browser, {
      products: [
        { name: 'Farina', stockQuantity: 5 },
        { name: 'Lievito', stockQuantity: 5 },
      ],
    });
    // Holds go in product-id order: A is held (and given back) before B is refused.
    const [a, b] = [...pair.productIds].sort();
    const customer = await withCart(t, [
      [a!, 2],
      [b!, 3],
    ]);
    expect((await pair.owner.browser.post(`/api/products/${b}/stock`, { delta: -3, reason: 'Venduti al banco' })).statusCode).toBe(200);
    const choice = [{ storeId: pair.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }];
    const key = randomUUID();
    expect((await checkout(customer, choice, key)).statusCode).toBe(409);
    expect([await stockOf(t, a!), await stockOf(t, b!)]).toEqual([5, 2]);

    expect((await pair.owner.browser.post(`/api/products/${b}/stock`, { delta: 3, reason: 'Arrivo merce' })).statusCode).toBe(200);
    const retried = await checkout(customer, choice, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect([await stockOf(t, a!), await stockOf(t, b!)]).toEqual([3, 2]);

    const again = await checkout(customer, choice, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(retried.json());
    expect([await stockOf(t, a!), await stockOf(t, b!)]).toEqual([3, 2]);
    expect((await customer.browser.get('/api/orders/user')).json()).toHaveLength(1);

    // The held units are the order's: cancelling gives every one back.
    expect((await customer.browser.post(`/api/orders/${retried.json().orders[0].id}/cancel`, {})).statusCode).toBe(200);
    expect([await stockOf(t, a!), await stockOf(t, b!)]).toEqual([5, 5]);
  });

  it('refuses a pickup time when the shop is closed, holding nothing', async () => {
    const mornings = await openShop(t, admin.browser, { products: [{ name: 'Sfogliatella' }], store: { openingHours: weekOf([{ open: '09:00', close: '12:00' }]) } });
    const customer = await withCart(t, [[mornings.productIds[0]!, 1]]);
    const tomorrowAt = (utcHour: number) => {
      const d = new Date();
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, utcHour)).toISOString();
    };
    // 13:00 UTC is 14:00 or 15:00 in Rome, after the shop closes.
    const closed = await checkout(customer, [{ storeId: mornings.store.id, deliveryType: 'pickup', pickupTime: tomorrowAt(13) }]);
    expect(closed.statusCode).toBe(422);
    expect(closed.json()).toEqual({
      message: 'Il negozio è chiuso all’orario scelto per il ritiro.',
      errors: { 'stores.0.pickupTime': 'Il negozio è chiuso all’orario scelto per il ritiro.' },
    });
    expect(await stockOf(t, mornings.productIds[0]!)).toBe(5);
    expect((await customer.browser.get('/api/orders/user')).json()).toEqual([]);
    // 09:00 UTC is 10:00 or 11:00 in Rome: open.
    expect((await checkout(customer, [{ storeId: mornings.store.id, deliveryType: 'pickup', pickupTime: tomorrowAt(9) }])).statusCode).toBe(201);
  });
});

describe('a store without opening hours', () => {
  it('is created with address and position alone, offers no pickup until it states its hours, and takes pickups once it does', async () => {
    const owner = await loggedIn(t, 'shopkeeper');
    const created = await owner.browser.post('/api/stores', { name: 'Drogheria Senza Orari', address: 'Via dei Coronari 5, Roma', ...places.rome });
    expect(created.statusCode, created.body).toBe(201);
    const store = created.json();
    expect(store).toMatchObject({ openingHours: null, pickupOnly: true });
    expect((await admin.browser.post(`/api/admin/stores/${store.id}/approve`)).statusCode).toBe(200);
    const product = (await owner.browser.post('/api/products', { name: 'Pepe nero', price: 3, stockQuantity: 5, category: 'alimentari' })).json();
    expect((await new Browser(t.app).get(`/api/stores/${store.slug}`)).json()).toMatchObject({ openingHours: null, openNow: false });

    const customer = await withCart(t, [[product.id, 1]]);
    expect((await customer.browser.get('/api/cart')).json().stores[0]).toMatchObject({ openingHours: null, openNow: false, pickup: false, shipping: { enabled: false } });
    const refused = await checkout(customer, [{ storeId: store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }]);
    expect(refused.statusCode).toBe(422);
    const message = 'Il negozio non ha ancora indicato i suoi orari di apertura e non effettua spedizioni: per ora non si può ordinare lì.';
    expect(refused.json()).toEqual({ message, errors: { 'stores.0.deliveryType': message } });
    expect(await stockOf(t, product.id)).toBe(5);
    const reservation = {
      productId: product.id,
      quantity: 1,
      reservationDate: new Date(Date.now() + 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' }),
      ...customerDetails,
    };
    const reserved = await customer.browser.post('/api/reservations', reservation);
    expect(reserved.statusCode).toBe(422);
    expect(reserved.json().message).toBe('Il negozio non ha ancora indicato i suoi orari di apertura: per ora non si può prenotare il ritiro.');

    // Shipping meanwhile, once the shop ships: the customer is told to choose it.
    await givePlan(t, owner.id);
    await owner.browser.request('PATCH', '/api/stores/me', { pickupOnly: false, shippingEnabled: true, shippingRadius: 10 });
    const ships = await checkout(customer, [{ storeId: store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }]);
    expect(ships.json().message).toBe('Il negozio non ha ancora indicato i suoi orari di apertura: per ora non si può ritirare lì. Scegli la spedizione.');

    const stated = await owner.browser.request('PATCH', '/api/stores/me', { openingHours: weekOf([{ open: '00:00', close: '23:59' }]) });
    expect(stated.statusCode, stated.body).toBe(200);
    expect((await customer.browser.get('/api/cart')).json().stores[0]).toMatchObject({ pickup: true, openNow: true });
    const placed = await checkout(customer, [{ storeId: store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }]);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await customer.browser.post('/api/reservations', reservation)).statusCode).toBe(201);
  });
});

describe('checkout on a store that appends to one stream at a time (EventStoreDB)', () => {
  // The same PostgreSQL store without its append to several streams: the checkout holds line by line.
  const oneAtATime = (): EventStore => Object.create(t.system.store, { appendToStreams: { value: undefined } });
  // Waits for the read models as long as a busy machine needs, and fails if they never get there.
  const settle = async () => expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(5000))).toBe(true);
  const as = (customer: Person) => ({ ...systemContext(), actor: { userId: customer.id, role: 'customer' as const } });
  const pickupAt = (...shops: Shop[]) => ({
    ...customerDetails,
    paymentMethod: 'cash' as const,
    stores: shops.map((s) => ({ storeId: s.store.id, deliveryType: 'pickup' as const, pickupTime: pickupSoon() })),
  });

  it('places one order per shop, refuses a line lacking stock with a 409 naming it and gives back what it held; a twin key places once', async () => {
    const cheese = await openShop(t, admin.browser, { products: [{ name: 'Pecorino', stockQuantity: 5 }] });
    const olives = await openShop(t, admin.browser, { products: [{ name: 'Olive di Gaeta', stockQuantity: 1 }] });
    const deps = { store: oneAtATime(), pool: t.system.pool, settle: async () => settle() };
    const first = await withCart(t, [[olives.productIds[0]!, 1]]);
    const second = await withCart(t, [
      [cheese.productIds[0]!, 2],
      [olives.productIds[0]!, 1],
    ]);
    const placed = await placeOrders(deps, first.id, randomUUID(), pickupAt(olives), as(first));
    expect(placed.orders).toMatchObject([{ storeId: olives.store.id, status: 'pending', total: expect.any(Number), pickupCode: expect.stringMatching(/^\d{6}$/) }]);

    // The last olives are gone: whichever line it held first, nothing stays held.
    // A conflict, which the API answers with a 409.
    await expect(placeOrders(deps, second.id, randomUUID(), pickupAt(cheese, olives), as(second))).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Disponibilità insufficiente per «Olive di Gaeta»: è esaurito.',
    });
    await settle();
    expect(await stockOf(t, cheese.productIds[0]!)).toBe(5);
    expect(await stockOf(t, olives.productIds[0]!)).toBe(0);

    const third = await withCart(t, [[cheese.productIds[0]!, 1]]);
    const key = randomUUID();
    const [a, b] = await Promise.all([placeOrders(deps, third.id, key, pickupAt(cheese), as(third)), placeOrders(deps, third.id, key, pickupAt(cheese), as(third))]);
    expect(a.orders).toEqual(b.orders);
    await settle();
    expect(await stockOf(t, cheese.productIds[0]!)).toBe(4);
    expect((await third.browser.get('/api/orders/user')).json()).toHaveLength(1);
  });

  it('refuses the same key with another request, naming it (issue [16])', async () => {
    const bread = await openShop(t, admin.browser, { products: [{ name: 'Pane di Altamura', stockQuantity: 5 }] });
    const deps = { store: oneAtATime(), pool: t.system.pool, settle: async () => settle() };
    const customer = await withCart(t, [[bread.productIds[0]!, 1]]);
    const key = randomUUID();
    const input = pickupAt(bread);
    const placed = await placeOrders(deps, customer.id, key, input, as(customer));
    await expect(placeOrders(deps, customer.id, key, { ...input, customerName: 'Mario Rossi' }, as(customer))).rejects.toMatchObject({
      kind: 'conflict',
      message: `La chiave Idempotency-Key «${key}» è già stata usata per una richiesta diversa: usane una nuova.`,
    });
    expect((await placeOrders(deps, customer.id, key, input, as(customer))).orders).toEqual(placed.orders);
    await settle();
    expect(await stockOf(t, bread.productIds[0]!)).toBe(4);
  });
});

describe('shipping', () => {
  const shipper = useShop(t, admin, {
    name: 'Enoteca Corsi',
    products: [{ name: 'Chianti', price: 9, stockQuantity: 50 }],
    store: { pickupOnly: false, shippingEnabled: true, shippingRadius: 5, minimumOrderForShipping: 15, shippingCost: 4.5, freeShippingThreshold: 40 },
  });
  const ship = (km: number) => ({ storeId: shipper.store.id, deliveryType: 'shipping', deliveryAddress: 'Via Nomentana 10, Roma', ...north(km) });

  it('applies the radius, the minimum order and the free-shipping threshold, saying which rule and why', async () => {
    const small = await withCart(t, [[shipper.productIds[0]!, 1]]);
    const below = await checkout(small, [ship(1)]);
    expect(below.statusCode).toBe(422);
    expect(below.json().errors).toEqual({ 'stores.0.deliveryType': 'Per la spedizione serve un ordine minimo di € 15,00 (ora € 9,00).' });

    const customer = await withCart(t, [[shipper.productIds[0]!, 2]]);
    const far = await checkout(customer, [ship(12)]);
    expect(far.statusCode).toBe(422);
    expect(far.json().errors).toEqual({ 'stores.0.deliveryAddress': 'L’indirizzo è a 12 km: il negozio spedisce entro 5 km.' });
    const noAddress = await checkout(customer, [{ storeId: shipper.store.id, deliveryType: 'shipping' }]);
    expect(noAddress.statusCode).toBe(422);

    const paid = (await checkout(customer, [ship(2)])).json().orders[0];
    expect(paid).toMatchObject({ subtotal: 18, shippingCost: 4.5, total: 22.5 });
    expect(paid.pickupCode).toBeUndefined();

    const big = await withCart(t, [[shipper.productIds[0]!, 5]]);
    const free = (await checkout(big, [ship(2)])).json().orders[0];
    expect(free).toMatchObject({ subtotal: 45, shippingCost: 0, total: 45 });

    // A shipping order goes ready → shipping → completed, paid at the door, no code needed.
    for (const move of ['accept', 'ready', 'ship']) expect((await shipper.owner.browser.post(`/api/orders/${free.id}/${move}`)).statusCode).toBe(200);
    const done = (await shipper.owner.browser.post(`/api/orders/${free.id}/complete`, {})).json();
    expect(done).toMatchObject({ status: 'completed', paymentStatus: 'paid', deliveryType: 'shipping', deliveryAddress: 'Via Nomentana 10, Roma' });
  });

  it('refuses shipping from a shop that only does pickup', async () => {
    const pickupOnly = await openShop(t, admin.browser, { products: [{ price: 30 }] });
    const customer = await withCart(t, [[pickupOnly.productIds[0]!, 1]]);
    const refused = await checkout(customer, [{ storeId: pickupOnly.store.id, deliveryType: 'shipping', deliveryAddress: 'Via Roma 1', ...north(1) }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'stores.0.deliveryType': 'Questo negozio non effettua spedizioni: scegli il ritiro in negozio.' });
  });

  it('places one order per shop in one go, leaving other shops’ lines in the cart', async () => {
    const bakery = await openShop(t, admin.browser, { products: [{ name: 'Cornetto', price: 1.2 }] });
    const third = await openShop(t, admin.browser, { products: [{ name: 'Basilico' }] });
    const customer = await withCart(t, [
      [bakery.productIds[0]!, 2],
      [shipper.productIds[0]!, 2],
      [third.productIds[0]!, 1],
    ]);
    const placed = await checkout(customer, [{ storeId: bakery.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }, ship(3)]);
    expect(placed.statusCode, placed.body).toBe(201);
    const orders = placed.json().orders;
    expect(orders.map((o: { storeId: string; total: number }) => [o.storeId, o.total])).toEqual([
      [bakery.store.id, 2.4],
      [shipper.store.id, 22.5],
    ]);
    expect(orders[0].pickupCode).toMatch(/^\d{6}$/);
    expect((await customer.browser.get('/api/cart')).json().items.map((i: { name: string }) => i.name)).toEqual(['Basilico']);
  });
});

describe('no unit sold twice', () => {
  it(
    '100 customers checking out the last 10 units at once: exactly 10 orders, stock 0, 90 clear refusals',
    async () => {
      const shop = await openShop(t, admin.browser, { products: [{ name: 'Panettone artigianale', price: 28, stockQuantity: 10 }] });
      const productId = shop.productIds[0]!;
      const customers: Person[] = [];
      for (let i = 0; i < 100; i += 10) customers.push(...(await Promise.all(Array.from({ length: 10 }, () => withCart(t, [[productId, 1]])))));
      const answers = await Promise.all(customers.map((c) => checkout(c, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }])));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(10);
      expect(codes.filter((c) => c === 409)).toHaveLength(90);
      for (const refused of answers.filter((a) => a.statusCode === 409)) {
        expect(refused.json().message).toBe('Disponibilità insufficiente per «Panettone artigianale»: è esaurito.');
      }
      expect(await stockOf(t, productId)).toBe(0);
      expect((await shop.owner.browser.get(`/api/orders/store/${shop.store.id}`)).json()).toHaveLength(10);
    },
    hangAfter(120_000),
  );
});
