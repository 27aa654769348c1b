import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { checkoutForPickup, loggedIn, openShop, useLoggedIn } from '../../../tests/support/marketplace.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { committedHead } from '../../../tests/support/caught-up.js';

/*
 * The numbers of issue [6] that stopped a read model for everyone: each is refused with an
 * Italian message, nothing reaches the log that a read model cannot hold, and every read model
 * stays at the head of the log.
 */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

/** Every read model is at the head of the log, with no failure. */
async function everyReadModelKeepsUp(): Promise<void> {
  expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(10_000))).toBe(true);
  const health = (await admin.browser.get('/api/health')).json();
  expect(health.status).toBe('ok');
  for (const p of health.projections) expect(p).toMatchObject({ lag: 0, lastError: null, failedEvent: null });
}

describe('numbers beyond what the read models hold', () => {
  it('refuses a stock change of 2^31, or one that would take the stock past its maximum, and keeps the product writable', async () => {
    const shop = await openShop(t, admin.browser, { products: [{ stockQuantity: 10 }] });
    const [productId] = shop.productIds;
    const huge = await shop.owner.browser.post(`/api/products/${productId}/stock`, { delta: 2147483648, reason: 'x' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ errors: { delta: 'Variazione: da -1.000.000 a +1.000.000 pezzi.' } });
    const tooMuch = await shop.owner.browser.post(`/api/products/${productId}/stock`, { delta: 999_995, reason: 'Carico' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('Il magazzino può contenere al massimo 1.000.000 pezzi: puoi aggiungerne ancora 999.990.');
    const fine = await shop.owner.browser.post(`/api/products/${productId}/stock`, { delta: 999_990, reason: 'Carico' });
    expect(fine.statusCode).toBe(200);
    expect(fine.json().stockQuantity).toBe(1_000_000);
    // The next product is there at once, as before.
    const next = await shop.owner.browser.post('/api/products', { name: 'Dopo', price: 1 });
    expect(next.statusCode).toBe(201);
    expect((await new Browser(t.app).get(`/api/products/${next.json().id}`)).statusCode).toBe(200);
    await everyReadModelKeepsUp();
  });

  it('refuses an order over € 1,000,000 before holding any stock, with a message to split it', async () => {
    const shop = await openShop(t, admin.browser, {
      products: [
        { price: 1_000_000, stockQuantity: 100 },
        { price: 1_000_000, stockQuantity: 100 },
      ],
    });
    const customer = await loggedIn(t, 'customer');
    for (const productId of shop.productIds) expect((await customer.browser.post('/api/cart/items', { productId, quantity: 99 })).statusCode).toBe(201);
    const order = await checkoutForPickup(customer.browser, shop.store.id);
    expect(order.statusCode).toBe(422);
    expect(order.json().message).toBe('Un ordine può arrivare al massimo a € 1.000.000,00: dividilo in più ordini.');
    for (const productId of shop.productIds) expect((await new Browser(t.app).get(`/api/products/${productId}`)).json().stockQuantity).toBe(100);
    // One unit at the highest price is an order like any other.
    await customer.browser.request('DELETE', '/api/cart');
    await customer.browser.post('/api/cart/items', { productId: shop.productIds[0], quantity: 1 });
    const one = await checkoutForPickup(customer.browser, shop.store.id);
    expect(one.statusCode, one.body).toBe(201);
    expect((await customer.browser.get('/api/orders/user')).json()).toEqual([expect.objectContaining({ total: 1_000_000 })]);
    await everyReadModelKeepsUp();
  });

  it('refuses a price or a shipping cost in fractions of a cent instead of storing it rounded', async () => {
    const shop = await openShop(t, admin.browser);
    const price = await shop.owner.browser.post('/api/products', { name: 'Caramella', price: 0.004 });
    expect(price.statusCode).toBe(422);
    expect(price.json()).toEqual({
      message: 'Il prezzo deve essere maggiore di zero, con al massimo due decimali.',
      errors: { price: 'Il prezzo deve essere maggiore di zero, con al massimo due decimali.' },
    });
    const shipping = await shop.owner.browser.request('PATCH', '/api/stores/me', { shippingCost: 0.004 });
    expect(shipping.statusCode).toBe(422);
    expect(shipping.json().errors).toEqual({ shippingCost: 'Costo di spedizione: un importo da € 0,00 a € 100.000,00, al centesimo.' });
    expect((await shop.owner.browser.get('/api/stores/me')).json().shippingCost).toBeNull();
    await everyReadModelKeepsUp();
  });
});
