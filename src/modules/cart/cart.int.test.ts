import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn, openShop, useLoggedIn } from '../../../tests/support/marketplace.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

describe('cart', () => {
  it('adds, sums, changes and removes lines, per shop, within the stock', async () => {
    const a = await openShop(t, admin.browser, {
      products: [
        { name: 'Pane di Altamura', price: 3.2 },
        { name: 'Olio nuovo', price: 12 },
      ],
    });
    const b = await openShop(t, admin.browser, { products: [{ name: 'Mozzarella', price: 2.1, stockQuantity: 2 }] });
    const customer = await loggedIn(t, 'customer');
    expect((await customer.browser.get('/api/cart')).json()).toMatchObject({ items: [], stores: [], itemCount: 0, subtotal: 0 });
    await customer.browser.post('/api/cart/items', { productId: a.productIds[0], quantity: 1 });
    await customer.browser.post('/api/cart/items', { productId: a.productIds[0], quantity: 2 });
    const added = await customer.browser.post('/api/cart/items', { productId: b.productIds[0] });
    expect(added.statusCode).toBe(201);
    const cart = added.json();
    expect(cart.itemCount).toBe(4);
    expect(cart.subtotal).toBe(11.7);
    expect(cart.stores.map((s: { name: string; subtotal: number }) => [s.name, s.subtotal])).toEqual([
      [a.store.name, 9.6],
      [b.store.name, 2.1],
    ]);
    expect(cart.stores[0]).toMatchObject({ pickup: true, shipping: { enabled: false }, paymentMethods: ['cash'], openNow: true });

    const tooMany = await customer.browser.post('/api/cart/items', { productId: b.productIds[0], quantity: 2 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('Disponibili solo 2 pezzi di «Mozzarella».');
    expect((await customer.browser.post('/api/cart/items', { productId: randomUUID() })).statusCode).toBe(404);
    expect((await customer.browser.post('/api/cart/items', { productId: a.productIds[1], quantity: 0 })).json().errors).toEqual({ quantity: 'La quantità minima è 1.' });

    const line = cart.items.find((i: { productId: string }) => i.productId === a.productIds[0]);
    const changed = await customer.browser.request('PATCH', `/api/cart/items/${line.id}`, { quantity: 1 });
    expect(changed.json().subtotal).toBe(5.3);
    const removed = await customer.browser.request('DELETE', `/api/cart/items/${line.id}`);
    expect(removed.json().items.map((i: { name: string }) => i.name)).toEqual(['Mozzarella']);
    expect((await customer.browser.request('DELETE', '/api/cart')).json().itemCount).toBe(0);

    // A quantity is taken as sent or refused, never cut or guessed.
    const big = await openShop(t, admin.browser, { products: [{ name: 'Bottiglie d’acqua', price: 0.5, stockQuantity: 500 }] });
    const bad = async (body: Record<string, unknown>) => {
      const res = await customer.browser.post('/api/cart/items', { productId: big.productIds[0], ...body });
      return [res.statusCode, res.json().errors?.quantity ?? res.json().message];
    };
    expect(await bad({ quantity: 9999 })).toEqual([400, 'La quantità massima è 99.']);
    expect(await bad({ quantity: 'abc' })).toEqual([400, 'Quantità: scrivi un numero.']);
    expect(await bad({ quantity: 2.5 })).toEqual([400, 'La quantità deve essere un numero intero.']);
    expect((await customer.browser.post('/api/cart/items', { productId: big.productIds[0], quantity: 60 })).statusCode).toBe(201);
    const over = await customer.browser.post('/api/cart/items', { productId: big.productIds[0], quantity: 60 });
    expect([over.statusCode, over.json().message]).toEqual([422, 'Nel carrello ne hai già 60: una riga arriva al massimo a 99 pezzi, puoi aggiungerne ancora 39.']);
    const kept = (await customer.browser.get('/api/cart')).json().items.find((i: { productId: string }) => i.productId === big.productIds[0]);
    expect(kept.quantity).toBe(60);
    const tooBig = await customer.browser.request('PATCH', `/api/cart/items/${kept.id}`, { quantity: 9999 });
    expect([tooBig.statusCode, tooBig.json().errors?.quantity]).toEqual([400, 'La quantità massima è 99.']);
    await customer.browser.request('DELETE', '/api/cart');

    // A cart is its customer's own; shopkeepers have none.
    expect((await a.owner.browser.get('/api/cart')).statusCode).toBe(403);
    expect((await new Browser(t.app).get('/api/cart')).statusCode).toBe(401);
  });
});
