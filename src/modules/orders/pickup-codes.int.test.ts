import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { notThe, tenWrongCodesOverThree } from '../../../tests/support/codes.js';
import { loggedIn, openShop, orderForPickup, useLoggedIn, type Shop } from '../../../tests/support/marketplace.js';

/* Issue [16]: a pickup code cannot be guessed, per order nor across orders. */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const minute = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

/** A pickup order of `shop` by a new customer, accepted and ready: what completes it is the customer's code. */
async function readyOrder(shop: Shop) {
  const customer = await loggedIn(t, 'customer');
  const { id } = await orderForPickup(customer.browser, shop.store.id, [[shop.productIds[0]!, 1]]);
  expect((await shop.owner.browser.post(`/api/orders/${id}/accept`)).statusCode).toBe(200);
  expect((await shop.owner.browser.post(`/api/orders/${id}/ready`)).statusCode).toBe(200);
  const pickupCode: string = (await customer.browser.get(`/api/orders/${id}`)).json().pickupCode;
  expect(pickupCode).toMatch(/^\d{6}$/);
  return { id, pickupCode, customer };
}
const complete = (shop: Shop, orderId: string, pickupCode: string) => shop.owner.browser.post(`/api/orders/${orderId}/complete`, { pickupCode });
const newShop = () => openShop(t, admin.browser, { name: 'Forno dei Codici', products: [{ name: 'Focaccia', price: 4.5, stockQuantity: 50 }] });

describe('pickup codes', () => {
  it('five wrong codes burn the customer’s: the right one is then refused, the customer has a new code and is told; the new one completes the order', async () => {
    const shop = await newShop();
    const order = await readyOrder(shop);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await complete(shop, order.id, notThe(order.pickupCode, i));
      answers.push([res.statusCode, res.json().message]);
    }
    expect(answers.map(([status]) => status)).toEqual(Array(5).fill(422));
    expect(answers.at(-1)![1]).toBe('Codice di ritiro non valido. Dopo 5 tentativi errati il codice è stato cambiato: il cliente ne ha ricevuto uno nuovo.');
    const old = await complete(shop, order.id, order.pickupCode);
    expect([old.statusCode, old.json().errors]).toEqual([422, { pickupCode: 'Codice di ritiro non valido. Restano 4 tentativi, poi il cliente riceverà un nuovo codice.' }]);
    expect(await readModelsCaughtUp(t.system)).toBe(true);
    const seen = (await order.customer.browser.get(`/api/orders/${order.id}`)).json();
    expect(seen).toMatchObject({ status: 'ready', pickupCode: expect.stringMatching(/^\d{6}$/) });
    expect(seen.pickupCode).not.toBe(order.pickupCode);
    // The shop still does not see it.
    expect((await shop.owner.browser.get(`/api/orders/${order.id}`)).json().pickupCode).toBeNull();
    const told = (await order.customer.browser.get('/api/notifications')).json<{ title: string; message: string; link: string }[]>();
    expect(told.find((n) => n.title === 'Nuovo codice di ritiro')).toMatchObject({
      link: `/customer/orders/${order.id}`,
      message: expect.stringContaining('quello vecchio non vale più'),
    });
    const done = await complete(shop, order.id, seen.pickupCode);
    expect([done.statusCode, done.json().status]).toEqual([200, 'completed']);
  });

  it('ten wrong codes across orders lock the shop out of pickup codes for an hour, even with the right code (429); then it completes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(), shouldAdvanceTime: true });
    const shop = await newShop();
    const orders = [await readyOrder(shop), await readyOrder(shop), await readyOrder(shop)];
    const statuses: number[] = [];
    for (const [order, code] of tenWrongCodesOverThree(orders, (o) => o.pickupCode)) statuses.push((await complete(shop, order.id, code)).statusCode);
    expect(statuses).toEqual(Array(10).fill(422));
    const locked = await complete(shop, orders[2]!.id, orders[2]!.pickupCode);
    expect([locked.statusCode, locked.json()]).toEqual([429, { message: 'Troppi tentativi con codici errati. Riprova tra 60 minuti.' }]);
    expect(locked.headers['retry-after']).toBe('3600');
    // Nothing was compared: the order is still ready, its code not burnt.
    expect((await orders[2]!.customer.browser.get(`/api/orders/${orders[2]!.id}`)).json()).toMatchObject({ status: 'ready', pickupCode: orders[2]!.pickupCode });
    // Another shop is not locked by this one's tries.
    const other = await newShop();
    const theirs = await readyOrder(other);
    expect((await complete(other, theirs.id, theirs.pickupCode)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 61 * minute);
    const done = await complete(shop, orders[2]!.id, orders[2]!.pickupCode);
    expect([done.statusCode, done.json().status]).toEqual([200, 'completed']); // Every read model applied the counter's events (CodeTryFailed, CodeTriesLocked) and went on.
    expect(await readModelsCaughtUp(t.system)).toBe(true);
  });

  it('a burst of wrong codes sent at once is counted one by one: never more than ten answered as wrong, each of them counted; then locked', async () => {
    const shop = await newShop();
    const orders = [await readyOrder(shop), await readyOrder(shop), await readyOrder(shop)];
    const burst = orders.flatMap((order) => Array.from({ length: 4 }, (_, i) => complete(shop, order.id, notThe(order.pickupCode, i))));
    const statuses = (await Promise.all(burst)).map((res) => res.statusCode);
    const wrong = statuses.filter((s) => s === 422).length;
    expect(wrong).toBeGreaterThan(0);
    expect(wrong).toBeLessThanOrEqual(10);
    // The others: locked out (429), or told to try again after too many changes at once (409).
    expect(statuses.filter((s) => s !== 422).every((s) => s === 429 || s === 409)).toBe(true);
    const failures = async () => (await t.system.store.readStream(`code-tries-pickup-${shop.owner.id}`)).filter((e) => e.type === 'CodeTryFailed').length;
    expect(await failures()).toBe(wrong);
    // What the burst left of the cap, wrong codes one at a time fill; then the shop is locked out.
    for (let i = wrong; i < 10; i++) expect((await complete(shop, orders[2]!.id, notThe(orders[2]!.pickupCode, 10 + i))).statusCode).toBe(422);
    expect((await complete(shop, orders[0]!.id, orders[0]!.pickupCode)).statusCode).toBe(429);
    expect(await failures()).toBe(10);
  });
});
