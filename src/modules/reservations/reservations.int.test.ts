import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestReservation } from './commands.js';
import { addDays, reservationDeadline, reservationDecider, reservationStreamId, romeDate } from './reservation.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { systemContext } from '../../platform/domain/context.js';
import { expireDueReservations } from './expiry-process.js';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn, openShop, useLoggedIn, type Person } from '../../../tests/support/marketplace.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { committedHead } from '../../../tests/support/caught-up.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

/** A shopkeeper with an approved store and one product of `stock` units. */
async function shop(stock = 5, name = `Pane ${randomUUID().slice(0, 6)}`) {
  const { owner, store, productIds } = await openShop(t, admin.browser, { name: `Forno ${randomUUID().slice(0, 6)}`, products: [{ name, price: 3.5, stockQuantity: stock }] });
  return { owner, store, productId: productIds[0]!, productName: name };
}

const details = { customerName: 'Giulia Bianchi', customerPhone: '+39 333 1234567', customerEmail: 'giulia@esempio.it' };
const today = () => romeDate(new Date());

async function reserve(customer: Person, productId: string, over: Record<string, unknown> = {}) {
  return customer.browser.post('/api/reservations', { productId, quantity: 2, reservationDate: addDays(today(), 1), ...details, ...over });
}

async function stockOf(owner: Person, productId: string): Promise<number> {
  const res = await owner.browser.get(`/api/products/${productId}`);
  expect(res.statusCode).toBe(200);
  return res.json().stockQuantity;
}

describe('reservations', () => {
  it('goes request → confirm (stock held) → ready → complete, each answer showing the caller its moves', async () => {
    const { owner, store, productId, productName } = await shop(5);
    const customer = await loggedIn(t, 'customer');

    const created = await reserve(customer, productId, { preferredPickupTime: '17:30', notes: 'Ben cotto' });
    expect(created.statusCode, created.body).toBe(201);
    const r = created.json();
    expect(r).toMatchObject({
      userId: customer.id,
      productId,
      productName,
      storeId: store.id,
      storeName: store.name,
      quantity: 2,
      status: 'pending',
      ...details,
      reservationDate: addDays(today(), 1),
      preferredPickupTime: '17:30',
      notes: 'Ben cotto',
      shopkeeperNotes: null,
      confirmedAt: null,
      readyAt: null,
      completedAt: null,
      cancelledAt: null,
      cancelReason: null,
      expired: false,
      allowedActions: ['cancel'],
    });
    expect(r.storeOwnerId).toBeUndefined();
    expect(await stockOf(owner, productId)).toBe(5);

    const seen = await owner.browser.get(`/api/reservations/${r.id}`);
    expect(seen.json().allowedActions).toEqual(['confirm', 'cancel']);

    const confirmed = await owner.browser.post(`/api/reservations/${r.id}/confirm`, { shopkeeperNotes: 'La trovi al banco' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', shopkeeperNotes: 'La trovi al banco', allowedActions: ['ready', 'cancel'] });
    expect(confirmed.json().confirmedAt).toEqual(expect.any(String));
    expect(await stockOf(owner, productId)).toBe(3);

    const ready = await owner.browser.post(`/api/reservations/${r.id}/ready`);
    expect(ready.json()).toMatchObject({ status: 'ready', allowedActions: ['complete', 'cancel'] });
    expect((await customer.browser.get(`/api/reservations/${r.id}`)).json()).toMatchObject({ status: 'ready', allowedActions: ['cancel'] });

    const completed = await owner.browser.post(`/api/reservations/${r.id}/complete`);
    expect(completed.json()).toMatchObject({ status: 'completed', allowedActions: [] });
    expect(completed.json().completedAt).toEqual(expect.any(String));
    // Collected units stay sold: no cancellation or expiry can give them back.
    const late = await customer.browser.post(`/api/reservations/${r.id}/cancel`, {});
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('Non è possibile annullare una prenotazione «Ritirata».');
    await expireDueReservations(t.system, new Date(reservationDeadline(r.reservationDate).getTime() + 60_000));
    expect(await stockOf(owner, productId)).toBe(3);

    const again = await owner.browser.post(`/api/reservations/${r.id}/ready`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Non è possibile segnare come pronta una prenotazione «Ritirata».');
  });

  it('gives the stock back when either side cancels after confirming', async () => {
    const { owner, productId } = await shop(5);
    const customer = await loggedIn(t, 'customer');
    const mine = (await reserve(customer, productId)).json();
    const theirs = (await reserve(customer, productId, { quantity: 1 })).json();
    await owner.browser.post(`/api/reservations/${mine.id}/confirm`);
    await owner.browser.post(`/api/reservations/${theirs.id}/confirm`);
    expect(await stockOf(owner, productId)).toBe(2);

    const byCustomer = await customer.browser.post(`/api/reservations/${mine.id}/cancel`, { reason: 'Non passo più' });
    expect(byCustomer.statusCode, byCustomer.body).toBe(200);
    expect(byCustomer.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Non passo più', expired: false, allowedActions: [] });
    expect(await stockOf(owner, productId)).toBe(4);

    await owner.browser.post(`/api/reservations/${theirs.id}/ready`);
    const byStore = await owner.browser.post(`/api/reservations/${theirs.id}/cancel`);
    expect(byStore.json()).toMatchObject({ status: 'cancelled', cancelReason: null });
    expect(await stockOf(owner, productId)).toBe(5);
    expect((await owner.browser.post(`/api/reservations/${theirs.id}/cancel`)).statusCode).toBe(422);
    expect(await stockOf(owner, productId)).toBe(5);
  });

  it('answers 409 naming the product when too few units are left, and keeps it pending', async () => {
    const { owner, productId, productName } = await shop(5);
    const customer = await loggedIn(t, 'customer');
    const r = (await reserve(customer, productId, { quantity: 3 })).json();
    const sold = await owner.browser.post(`/api/products/${productId}/stock`, { delta: -4, reason: 'Vendita al banco' });
    expect(sold.statusCode).toBe(200);

    const refused = await owner.browser.post(`/api/reservations/${r.id}/confirm`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(`Disponibilità insufficiente per «${productName}»: ne resta 1.`);
    expect((await owner.browser.get(`/api/reservations/${r.id}`)).json().status).toBe('pending');
    expect(await stockOf(owner, productId)).toBe(1);
  });

  it('lets only one of two confirmations racing for the last units win', async () => {
    const { owner, productId, productName } = await shop(3);
    const [a, b] = [await loggedIn(t, 'customer'), await loggedIn(t, 'customer')];
    const ra = (await reserve(a, productId)).json();
    const rb = (await reserve(b, productId)).json();

    const answers = await Promise.all([ra, rb].map((r) => owner.browser.post(`/api/reservations/${r.id}/confirm`)));
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.statusCode === 409)!.json().message).toBe(`Disponibilità insufficiente per «${productName}»: ne resta 1.`);
    expect(await stockOf(owner, productId)).toBe(1);
    const statuses = await Promise.all([ra, rb].map(async (r) => (await owner.browser.get(`/api/reservations/${r.id}`)).json().status));
    expect(statuses.sort()).toEqual(['confirmed', 'pending']);
  });

  it('holds the stock once when the same reservation is confirmed twice at once', async () => {
    const { owner, productId } = await shop(5);
    const customer = await loggedIn(t, 'customer');
    const r = (await reserve(customer, productId)).json();
    const answers = await Promise.all([1, 2].map(() => owner.browser.post(`/api/reservations/${r.id}/confirm`)));
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 422]);
    expect(await stockOf(owner, productId)).toBe(3);
  });

  it('shows a reservation only to its customer, its shop and an admin', async () => {
    const { productId } = await shop(5);
    const customer = await loggedIn(t, 'customer');
    const stranger = await loggedIn(t, 'customer');
    const otherShop = await shop(5);
    const r = (await reserve(customer, productId)).json();

    for (const who of [stranger, otherShop.owner]) {
      const seen = await who.browser.get(`/api/reservations/${r.id}`);
      expect(seen.statusCode).toBe(404);
      expect(seen.json().message).toBe('Prenotazione non trovata.');
    }
    expect((await stranger.browser.post(`/api/reservations/${r.id}/cancel`, {})).statusCode).toBe(404);
    expect((await otherShop.owner.browser.post(`/api/reservations/${r.id}/confirm`)).statusCode).toBe(404);
    expect((await otherShop.owner.browser.get(`/api/reservations/store/${r.storeId}`)).statusCode).toBe(404);
    expect((await new Browser(t.app).get(`/api/reservations/${r.id}`)).statusCode).toBe(401);

    const ownConfirm = await customer.browser.post(`/api/reservations/${r.id}/confirm`);
    expect(ownConfirm.statusCode).toBe(403);
    expect(ownConfirm.json().message).toBe('Solo il negozio può far avanzare la prenotazione.');

    const byAdmin = await admin.browser.post(`/api/reservations/${r.id}/confirm`);
    expect(byAdmin.json()).toMatchObject({ status: 'confirmed', allowedActions: ['ready', 'cancel'] });
    expect((await admin.browser.get(`/api/reservations/store/${r.storeId}`)).json().map((x: { id: string }) => x.id)).toEqual([r.id]);
  });

  it('refuses bad requests with Italian messages', async () => {
    const { owner, productId } = await shop(5);
    const customer = await loggedIn(t, 'customer');

    const past = await reserve(customer, productId, { reservationDate: addDays(today(), -1) });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.reservationDate).toBe('Scegli oggi o un giorno successivo.');
    const far = await reserve(customer, productId, { reservationDate: addDays(today(), 31) });
    expect(far.statusCode).toBe(422);
    expect(far.json().message).toBe('Si può prenotare al massimo 30 giorni in anticipo.');
    expect((await reserve(customer, productId, { reservationDate: today() })).statusCode).toBe(201);
    expect((await reserve(customer, productId, { reservationDate: addDays(today(), 30) })).statusCode).toBe(201);

    const tooMany = await reserve(customer, productId, { quantity: 6 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toMatch(/^Disponibili solo 5 pezzi di «/);
    for (const quantity of [0, 100, 1.5]) expect((await reserve(customer, productId, { quantity })).statusCode).toBe(400);
    const badTime = await reserve(customer, productId, { preferredPickupTime: '25:00' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().errors.preferredPickupTime).toContain('Orario di ritiro non valido');
    expect((await reserve(customer, productId, { quantity: 1, preferredPickupTime: '' })).json().preferredPickupTime).toBeNull();
    const noName = await reserve(customer, productId, { customerName: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.customerName).toBe('Nome: campo obbligatorio.');

    expect((await reserve(customer, randomUUID())).statusCode).toBe(404);
    expect((await owner.browser.post('/api/reservations', { productId, quantity: 1, reservationDate: today(), ...details })).statusCode).toBe(403);
    expect((await new Browser(t.app).post('/api/reservations', { productId, quantity: 1, reservationDate: today(), ...details })).statusCode).toBe(401);

    const hidden = await owner.browser.request('PATCH', `/api/products/${productId}`, { status: 'inactive' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const off = await reserve(customer, productId);
    expect(off.statusCode).toBe(404);
    expect(off.json().message).toBe('Prodotto non disponibile.');
  });

  it('expires a reservation not collected by the end of its day plus the grace, and releases its stock', async () => {
    const { owner, productId } = await shop(5);
    const customer = await loggedIn(t, 'customer');
    const yesterday = addDays(today(), -1);
    // Made yesterday, for yesterday: the API only takes today onwards.
    const made = await requestReservation(
      t.system,
      customer.id,
      { productId, quantity: 2, reservationDate: yesterday, ...details },
      {
        ...systemContext(new Date(reservationDeadline(yesterday).getTime() - 6 * 3_600_000)),
        actor: { userId: customer.id, role: 'customer' },
      },
    );
    expect(await t.system.projections.waitFor(made.position!, hangAfter(5000))).toBe(true);
    expect((await owner.browser.post(`/api/reservations/${made.reservationId}/confirm`)).statusCode).toBe(200);
    const stillOpen = (await reserve(customer, productId, { quantity: 1, reservationDate: today() })).json();
    expect(await stockOf(owner, productId)).toBe(3);

    // Just before the deadline nothing happens; just after, it expires.
    await expireDueReservations(t.system, new Date(reservationDeadline(yesterday).getTime() - 1000));
    expect((await owner.browser.get(`/api/reservations/${made.reservationId}`)).json().status).toBe('confirmed');
    await expireDueReservations(t.system, new Date(reservationDeadline(yesterday).getTime() + 60_000));
    expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(5000))).toBe(true);

    const expired = (await customer.browser.get(`/api/reservations/${made.reservationId}`)).json();
    expect(expired).toMatchObject({ status: 'cancelled', expired: true, allowedActions: [] });
    expect(expired.cancelReason).toBe('Prenotazione scaduta: non ritirata entro il giorno scelto.');
    expect(await stockOf(owner, productId)).toBe(5);
    expect((await customer.browser.get(`/api/reservations/${stillOpen.id}`)).json().status).toBe('pending');

    // A second process running later changes nothing more.
    await expireDueReservations(t.system, new Date(reservationDeadline(yesterday).getTime() + 120_000));
    expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(5000))).toBe(true);
    expect(await stockOf(owner, productId)).toBe(5);
  });

  it('gives back the units of a cancellation whose release was never written', async () => {
    const { owner, productId } = await shop(5);
    const customer = await loggedIn(t, 'customer');
    const r = (await reserve(customer, productId)).json();
    await owner.browser.post(`/api/reservations/${r.id}/confirm`);
    // The cancellation alone, as if the process had stopped before releasing the hold.
    const cancelled = await handleCommand(
      t.system.store,
      reservationStreamId(r.id),
      reservationDecider,
      { type: 'CancelReservation', by: 'customer', reason: '' },
      systemContext(),
    );
    expect(await t.system.projections.waitFor(cancelled.position!, hangAfter(5000))).toBe(true);
    expect(await stockOf(owner, productId)).toBe(3);

    await expireDueReservations(t.system, new Date(Date.now() + 120_000));
    expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(5000))).toBe(true);
    expect(await stockOf(owner, productId)).toBe(5);
  });

  it('lists the customer’s reservations and the shop’s, newest first, with a status filter', async () => {
    const { owner, store, productId } = await shop(10);
    const other = await shop(10);
    const customer = await loggedIn(t, 'customer');
    const someoneElse = await loggedIn(t, 'customer');
    const first = (await reserve(customer, productId, { quantity: 1 })).json();
    const second = (await reserve(customer, other.productId, { quantity: 1 })).json();
    const third = (await reserve(someoneElse, productId, { quantity: 1 })).json();
    await owner.browser.post(`/api/reservations/${third.id}/confirm`);

    const mine = await customer.browser.get('/api/reservations/user');
    expect(mine.json().map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
    expect(mine.json()[0].allowedActions).toEqual(['cancel']);

    const shops = await owner.browser.get(`/api/reservations/store/${store.id}`);
    expect(shops.json().map((r: { id: string }) => r.id)).toEqual([third.id, first.id]);
    expect(shops.json().map((r: { allowedActions: string[] }) => r.allowedActions)).toEqual([
      ['ready', 'cancel'],
      ['confirm', 'cancel'],
    ]);
    const pending = await owner.browser.get(`/api/reservations/store/${store.id}?status=pending`);
    expect(pending.json().map((r: { id: string }) => r.id)).toEqual([first.id]);
    expect((await owner.browser.get(`/api/reservations/store/${store.id}?status=lost`)).statusCode).toBe(400);

    expect((await other.owner.browser.get(`/api/reservations/store/${store.id}`)).statusCode).toBe(404);
    expect((await customer.browser.get(`/api/reservations/store/${store.id}`)).statusCode).toBe(403);
    expect((await owner.browser.get('/api/reservations/user')).statusCode).toBe(403);
  });

  it('pages both lists with their total in X-Total-Count, finds reservations by words of the customer or the product, and counts the shop’s per state', async () => {
    const { owner, store, productId } = await shop(20, 'Crostata di albicocche');
    const customer = await loggedIn(t, 'customer');
    const made: string[] = [];
    for (const name of ['Giulia Bianchi', 'Luca Ferrari', 'Nicolò Esposito']) {
      const res = await reserve(customer, productId, { quantity: 1, customerName: name });
      expect(res.statusCode, res.body).toBe(201);
      made.unshift(res.json().id);
    }
    await owner.browser.post(`/api/reservations/${made[2]}/confirm`);
    const page = async (who: Person, url: string) => {
      const res = await who.browser.get(url);
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json().map((r: { id: string }) => r.id), total: res.headers['x-total-count'] };
    };
    expect(await page(customer, '/api/reservations/user')).toEqual({ ids: made, total: '3' });
    expect(await page(customer, '/api/reservations/user?pageSize=2&page=2')).toEqual({ ids: made.slice(2), total: '3' });
    expect(await page(owner, `/api/reservations/store/${store.id}?pageSize=1&status=pending`)).toEqual({ ids: made.slice(0, 1), total: '2' });
    expect(await page(owner, `/api/reservations/store/${store.id}?q=nicolo`)).toEqual({ ids: made.slice(0, 1), total: '1' });
    expect(await page(owner, `/api/reservations/store/${store.id}?q=${encodeURIComponent('ALBICOCCHE  luca')}`)).toEqual({ ids: made.slice(1, 2), total: '1' });
    expect(await page(owner, `/api/reservations/store/${store.id}?q=${encodeURIComponent('333 crostata')}`)).toEqual({ ids: made, total: '3' });
    expect(await page(owner, `/api/reservations/store/${store.id}?q=${encodeURIComponent('50%_')}`)).toEqual({ ids: [], total: '0' });

    const summary = await owner.browser.get(`/api/reservations/store/${store.id}/summary`);
    expect(summary.json()).toEqual({ count: 3, byStatus: { pending: 2, confirmed: 1, ready: 0, completed: 0, cancelled: 0 } });
    expect((await customer.browser.get(`/api/reservations/store/${store.id}/summary`)).statusCode).toBe(403);
    expect((await (await loggedIn(t, 'shopkeeper')).browser.get(`/api/reservations/store/${store.id}/summary`)).statusCode).toBe(404);
    expect((await customer.browser.get('/api/reservations/user?pageSize=0')).json().errors).toEqual({ pageSize: 'Elementi per pagina: un numero intero da 1 a 500.' });
  });
});
