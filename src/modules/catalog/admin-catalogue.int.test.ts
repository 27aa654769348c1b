import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { openShop, useLoggedIn, useShop } from '../../../tests/support/marketplace.js';

/* PUT /api/admin/products/:id (moderation) and /api/admin/global-products/:id (curation), through the commands. */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const shop = useShop(t, admin, {
  name: 'Drogheria Conti',
  products: [
    { name: 'Caffè in grani', price: 7.9, stockQuantity: 4, barcode: '8001234567897' },
    { name: 'Tè verde', price: 3 },
  ],
});

const put = (url: string, body: unknown) => admin.browser.request('PUT', url, body);

describe('product moderation', () => {
  it('changes status and featured through the product commands and answers the whole record', async () => {
    const id = shop.productIds[0]!;
    const record = (await admin.browser.get(`/api/admin/products/${id}`)).json();
    expect(record).toMatchObject({ status: 'active', featured: false, storeName: 'Drogheria Conti' });

    // react-admin sends the whole record back: only status and featured are read.
    const res = await put(`/api/admin/products/${id}`, { ...record, status: 'inactive', featured: true, name: 'Altro nome', price: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...record, status: 'inactive', featured: true, updatedAt: expect.any(String) });
    // An inactive product is out of the shop's public catalogue, and its history names the admin.
    expect((await new Browser(t.app).get(`/api/products/${id}`)).statusCode).toBe(404);
    const history = (await admin.browser.get(`/api/admin/history/product/${id}`)).json();
    expect(history.at(-1)).toMatchObject({
      type: 'ProductUpdated',
      actor: { userId: admin.id, role: 'admin' },
      changes: { changes: { status: 'inactive', featured: true } },
    });

    const same = await put(`/api/admin/products/${id}`, { status: 'inactive', featured: true });
    expect(same.statusCode).toBe(200);
    expect((await admin.browser.get(`/api/admin/history/product/${id}`)).json()).toHaveLength(history.length);
    expect((await put(`/api/admin/products/${id}`, { status: 'pending' })).json().status).toBe('pending');
  });

  it('answers 400 to a bad status and 404 to an unknown product', async () => {
    const bad = await put(`/api/admin/products/${shop.productIds[1]}`, { status: 'deleted' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ status: 'Stato non valido: active, inactive o pending.' });
    const missing = await put(`/api/admin/products/${randomUUID()}`, { featured: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Prodotto non trovato.' });
  });
});

describe('product removal', () => {
  it('soft-deletes a product through its command, answering the record as it was', async () => {
    const removed = await openShop(t, admin.browser, { name: 'Bazar Riva', products: [{ name: 'Ombrello rosso', price: 12 }] });
    const id = removed.productIds[0]!;
    const record = (await admin.browser.get(`/api/admin/products/${id}`)).json();
    const res = await admin.browser.request('DELETE', `/api/admin/products/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(record);
    // Gone from the admin list, the public catalogue and the shop's own list; its history names the admin.
    expect((await admin.browser.get(`/api/admin/products/${id}`)).statusCode).toBe(404);
    const list = await admin.browser.get(`/api/admin/products?filter=${encodeURIComponent(JSON.stringify({ storeId: removed.store.id }))}`);
    expect(list.json()).toEqual([]);
    expect(list.headers['content-range']).toBe('products */0');
    expect((await new Browser(t.app).get(`/api/products/${id}`)).statusCode).toBe(404);
    const history = (await admin.browser.get(`/api/admin/history/product/${id}`)).json();
    expect(history.at(-1)).toMatchObject({ type: 'ProductDeleted', actor: { userId: admin.id, role: 'admin' } });
    expect((await admin.browser.request('DELETE', `/api/admin/products/${id}`)).statusCode).toBe(404);
  });
});

describe('shared catalogue curation', () => {
  it('curates name, description, category, status, featured and popularity, answering the whole record', async () => {
    const [entry] = (await admin.browser.get(`/api/admin/global-products?filter=${encodeURIComponent('{"q":"8001234567897"}')}`)).json();
    expect(entry).toMatchObject({ name: 'Caffè in grani', status: 'active', featured: false, isPopular: false, storeCount: 1 });

    const curation = { name: 'Caffè in grani 1 kg', description: 'Miscela arabica.', category: 'alimentari', status: 'pending', featured: true, isPopular: true };
    const res = await put(`/api/admin/global-products/${entry.id}`, { ...entry, ...curation, barcode: '0000000000000' });
    expect(res.statusCode).toBe(200);
    const curated = { ...entry, ...curation };
    expect(res.json()).toEqual(curated);
    expect((await admin.browser.get(`/api/admin/global-products/${entry.id}`)).json()).toEqual(curated);

    const history = (await admin.browser.get(`/api/admin/history/global-product/${entry.id}`)).json();
    expect(history.at(-1)).toMatchObject({
      type: 'GlobalProductCurated',
      italianName: 'Prodotto condiviso curato dall’amministrazione',
      actor: { userId: admin.id, role: 'admin' },
    });
    const asOf = (await admin.browser.get(`/api/admin/history/global-product/${entry.id}/as-of/${history.at(-1).revision}`)).json();
    expect(asOf.state.curation).toEqual(curation);

    // The record sent back unchanged records nothing; null gives popularity back to the stores' reuse (1 store: not popular).
    expect((await put(`/api/admin/global-products/${entry.id}`, curated)).statusCode).toBe(200);
    expect((await admin.browser.get(`/api/admin/history/global-product/${entry.id}`)).json()).toHaveLength(history.length);
    expect((await put(`/api/admin/global-products/${entry.id}`, { isPopular: null })).json().isPopular).toBe(false);
  });

  it('answers 400 to an empty name and 404 to an unknown entry', async () => {
    const [entry] = (await admin.browser.get('/api/admin/global-products')).json();
    const empty = await put(`/api/admin/global-products/${entry.id}`, { name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ name: 'Nome: campo obbligatorio.' });
    const missing = await put(`/api/admin/global-products/${randomUUID()}`, { featured: true });
    expect(missing.statusCode).toBe(404);
  });

  it('takes an entry out: answered as it was, its products keep their data without the link, and the barcode starts afresh with the next store', async () => {
    const barcode = '8009876543210';
    const first = await openShop(t, admin.browser, {
      name: 'Enoteca Sala',
      products: [
        { name: 'Barolo 2019', price: 32, barcode },
        { name: 'Grappa', price: 18 },
      ],
    });
    const byBarcode = () => admin.browser.get(`/api/admin/global-products?filter=${encodeURIComponent(JSON.stringify({ q: barcode }))}`);
    const [entry] = (await byBarcode()).json();
    expect(entry).toMatchObject({ name: 'Barolo 2019', storeCount: 1 });
    const record = (await admin.browser.get(`/api/admin/global-products/${entry.id}`)).json();

    const res = await admin.browser.request('DELETE', `/api/admin/global-products/${entry.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(record);
    expect((await admin.browser.get(`/api/admin/global-products/${entry.id}`)).statusCode).toBe(404);
    expect((await byBarcode()).headers['content-range']).toBe('global-products */0');
    expect((await first.owner.browser.get(`/api/global-products/by-barcode/${barcode}`)).statusCode).toBe(404);
    const product = (await admin.browser.get(`/api/admin/products/${first.productIds[0]}`)).json();
    expect(product).toMatchObject({ name: 'Barolo 2019', barcode, globalProductId: null });
    const history = (await admin.browser.get(`/api/admin/history/global-product/${entry.id}`)).json();
    expect(history.slice(-2)).toMatchObject([
      { type: 'GlobalProductUseEnded', actor: { userId: admin.id, role: 'admin' } },
      { type: 'GlobalProductDeleted', italianName: 'Prodotto tolto dal catalogo condiviso', actor: { userId: admin.id, role: 'admin' } },
    ]);
    expect((await admin.browser.request('DELETE', `/api/admin/global-products/${entry.id}`)).statusCode).toBe(404);
    expect((await put(`/api/admin/global-products/${entry.id}`, { featured: true })).statusCode).toBe(404);

    // The shop can still delete its product; another shop adding the barcode starts the entry again.
    expect((await first.owner.browser.request('DELETE', `/api/products/${first.productIds[0]}`)).statusCode).toBeLessThan(300);
    await openShop(t, admin.browser, { name: 'Vini Bassi', products: [{ name: 'Barolo DOCG 2019', price: 35, barcode }] });
    const [again] = (await byBarcode()).json();
    expect(again).toMatchObject({ id: entry.id, name: 'Barolo DOCG 2019', storeCount: 1, status: 'active', featured: false });
  });
});
