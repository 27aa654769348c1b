import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { demoShops } from '../../seed.js';
import { storeDecider, storeStreamId, type StoreCommand } from '../stores/store.js';
import { globalProductDecider, globalProductStreamId, type GlobalProductCommand } from './global-products.js';
import { productDecider, productStreamId, type ProductCommand, type ProductFields } from './products.js';
import { productsProjection } from './products-projection.js';

const spec = useProjection(productsProjection);
const log = new EventLog();
const profile = demoShops[0]!.profile;
const fields: ProductFields = {
  name: 'Farina di farro',
  description: 'Macinata a pietra',
  priceCents: 320,
  stockQuantity: 10,
  imageUrl: null,
  images: ['/uploads/farina.jpg'],
  defaultImageIndex: 0,
  pdfUrl: null,
  category: 'alimentari',
  sku: 'FAR-1',
  barcode: '8001234567890',
  status: 'active',
  featured: false,
  onSale: false,
};

const store = (id: string, command: StoreCommand, options?: { at: string }) => log.decide(storeStreamId(id), storeDecider, command, options);
const product = (id: string, command: ProductCommand, options?: { at: string }) => log.decide(productStreamId(id), productDecider, command, options);
const globalProduct = (id: string, command: GlobalProductCommand) => log.decide(globalProductStreamId(id), globalProductDecider, command);

/** A store, pending, with a product of these fields. */
function shopWithProduct(changes: Partial<ProductFields> = {}) {
  const [storeId, productId] = [randomUUID(), randomUUID()];
  const events = [
    ...store(storeId, { type: 'CreateStore', storeId, ownerId: randomUUID(), slug: `s-${storeId}`, profile }),
    ...product(productId, { type: 'CreateProduct', productId, storeId, globalProductId: null, fields: { ...fields, ...changes } }),
  ];
  return { storeId, productId, events };
}

const row = async (id: string) =>
  (
    await spec.rows(
      `SELECT store_id, name, description, price_cents, stock_quantity, images, category, sku, barcode, status, is_deleted, global_product_id,
         latitude, longitude, store_active, created_at, updated_at FROM products WHERE id = $1`,
      [id],
    )
  )[0];

describe('products projection', () => {
  it('adds a product with its store position, hidden until the store is approved, and its words', async () => {
    const { storeId, productId, events } = shopWithProduct();
    await spec.apply(events);
    const at = new Date(events[1]!.metadata.at);
    expect(await row(productId)).toEqual({
      store_id: storeId,
      name: 'Farina di farro',
      description: 'Macinata a pietra',
      price_cents: 320,
      stock_quantity: 10,
      images: ['/uploads/farina.jpg'],
      category: 'alimentari',
      sku: 'FAR-1',
      barcode: '8001234567890',
      status: 'active',
      is_deleted: false,
      global_product_id: null,
      latitude: profile.latitude,
      longitude: profile.longitude,
      store_active: false,
      created_at: at,
      updated_at: at,
    });
    expect((await spec.rows<{ word: string }>('SELECT word FROM product_words')).map((w) => w.word)).toEqual(
      expect.arrayContaining(['farina', 'farro', 'macinata', 'pietra', 'alimentari']),
    );
    await spec.apply(store(storeId, { type: 'ApproveStore' }));
    expect(await row(productId)).toMatchObject({ store_active: true });
    await spec.apply(store(storeId, { type: 'SuspendStore', reason: 'Controlli' }));
    expect(await row(productId)).toMatchObject({ store_active: false });
    await spec.apply(store(storeId, { type: 'ReactivateStore' }));
    expect(await row(productId)).toMatchObject({ store_active: true });
    expect(await spec.rows('SELECT active FROM product_stores WHERE store_id = $1', [storeId])).toEqual([{ active: true }]);
  });

  it('follows the store when it moves, and only then', async () => {
    const { storeId, productId, events } = shopWithProduct();
    await spec.apply([
      ...events,
      ...store(storeId, { type: 'UpdateStore', changes: { phone: '+39 06 1111' } }),
      ...store(storeId, { type: 'UpdateStore', changes: { latitude: 41.9, longitude: 12.5 } }),
    ]);
    expect(await row(productId)).toMatchObject({ latitude: 41.9, longitude: 12.5 });
    await spec.apply(store(storeId, { type: 'UpdateStore', changes: { latitude: 41.95 } }));
    expect(await row(productId)).toMatchObject({ latitude: 41.95, longitude: 12.5 });
  });

  it('updates the fields changed and takes the new words; a deleted product stays, marked deleted', async () => {
    const { productId, events } = shopWithProduct();
    const updated = product(productId, { type: 'UpdateProduct', changes: { name: 'Farina di segale', priceCents: 350, images: [] } });
    await spec.apply([...events, ...updated]);
    expect(await row(productId)).toMatchObject({ name: 'Farina di segale', price_cents: 350, images: [], sku: 'FAR-1', updated_at: new Date(updated[0]!.metadata.at) });
    expect(await spec.rows("SELECT word FROM product_words WHERE word = 'segale'")).toEqual([{ word: 'segale' }]);
    const deleted = product(productId, { type: 'DeleteProduct' });
    await spec.apply(deleted);
    expect(await row(productId)).toMatchObject({ is_deleted: true, updated_at: new Date(deleted[0]!.metadata.at) });
  });

  it('keeps the stock of the last move, whatever the batches', async () => {
    const { productId, events } = shopWithProduct();
    const [a, b] = [randomUUID(), randomUUID()];
    const moves = [
      ...product(productId, { type: 'AdjustStock', delta: -2, reason: 'Vendita al banco' }),
      ...product(productId, { type: 'HoldStock', holdId: `order:${a}`, quantity: 3 }),
      ...product(productId, { type: 'HoldStock', holdId: `reservation:${b}`, quantity: 1 }),
      ...product(productId, { type: 'ReleaseStock', holdId: `order:${a}` }),
      ...product(productId, { type: 'AdjustStock', delta: 5, reason: 'Arrivo merce' }),
      ...product(productId, { type: 'HoldStock', holdId: `order:${b}`, quantity: 4 }),
    ];
    // 10 − 2 − 3 − 1 + 3 + 5 − 4
    await spec.apply([...events, ...moves]);
    expect(await row(productId)).toMatchObject({ stock_quantity: 8, updated_at: new Date(moves.at(-1)!.metadata.at) });
    await spec.reset();
    await spec.apply([...events, ...moves], { batchSize: 1 });
    expect(await row(productId)).toMatchObject({ stock_quantity: 8, updated_at: new Date(moves.at(-1)!.metadata.at) });
    await spec.reset();
    await spec.apply([...events, ...moves], { batchSize: 4 });
    expect(await row(productId)).toMatchObject({ stock_quantity: 8 });
  });

  it('links the product to the shared catalogue entry while it uses its barcode', async () => {
    const { storeId, productId, events } = shopWithProduct();
    const globalId = randomUUID();
    const created = globalProduct(globalId, {
      type: 'CreateGlobalProduct',
      id: globalId,
      originalStoreId: storeId,
      originalProductId: productId,
      addedBy: null,
      fields: { name: fields.name, description: '', basePriceCents: 320, imageUrl: null, images: [], category: null, sku: null, barcode: fields.barcode! },
    });
    await spec.apply([...events, ...created, ...globalProduct(globalId, { type: 'RecordGlobalProductUse', storeId, productId, priceCents: 320 })]);
    expect(await row(productId)).toMatchObject({ global_product_id: globalId });
    await spec.apply(globalProduct(globalId, { type: 'EndGlobalProductUse', productId }));
    expect(await row(productId)).toMatchObject({ global_product_id: null });
  });

  it('keeps each price with its days, and the lowest price of the 30 days before the one in force (Omnibus)', async () => {
    const day = (n: number) => new Date(Date.parse('2026-01-01T09:00:00Z') + n * 86_400_000).toISOString();
    const [storeId, productId] = [randomUUID(), randomUUID()];
    const price = (priceCents: number, at: string, onSale = false) => spec.apply(product(productId, { type: 'UpdateProduct', changes: { priceCents, onSale } }, { at }));
    const omnibus = async () =>
      (
        await spec.rows<{ price_cents: number; price_since: Date; lowest_price_30d_cents: number | null }>(
          'SELECT price_cents, price_since, lowest_price_30d_cents FROM products WHERE id = $1',
          [productId],
        )
      )[0]!;
    await spec.apply([
      ...store(storeId, { type: 'CreateStore', storeId, ownerId: randomUUID(), slug: `s-${storeId}`, profile }, { at: day(0) }),
      ...product(productId, { type: 'CreateProduct', productId, storeId, globalProductId: null, fields: { ...fields, priceCents: 1000 } }, { at: day(0) }),
    ]);
    expect(await omnibus()).toEqual({ price_cents: 1000, price_since: new Date(day(0)), lowest_price_30d_cents: null });
    await price(800, day(5));
    expect(await omnibus()).toEqual({ price_cents: 800, price_since: new Date(day(5)), lowest_price_30d_cents: 1000 });
    await price(1200, day(12));
    expect(await omnibus()).toEqual({ price_cents: 1200, price_since: new Date(day(12)), lowest_price_30d_cents: 800 });
    // The same price said again: the price in force goes on.
    await price(1200, day(20));
    expect(await omnibus()).toMatchObject({ price_since: new Date(day(12)) });
    // Day 40: the 30 days before reach back to day 10, when 8 € was still in force.
    await price(900, day(40), true);
    expect(await omnibus()).toEqual({ price_cents: 900, price_since: new Date(day(40)), lowest_price_30d_cents: 800 });
    // Day 90: only 9 € was in force in the 30 days before.
    await price(700, day(90), true);
    expect(await omnibus()).toEqual({ price_cents: 700, price_since: new Date(day(90)), lowest_price_30d_cents: 900 });
    expect(await spec.rows('SELECT price_cents, valid_from, valid_until FROM product_prices WHERE product_id = $1 ORDER BY valid_from', [productId])).toEqual([
      { price_cents: 1000, valid_from: new Date(day(0)), valid_until: new Date(day(5)) },
      { price_cents: 800, valid_from: new Date(day(5)), valid_until: new Date(day(12)) },
      { price_cents: 1200, valid_from: new Date(day(12)), valid_until: new Date(day(40)) },
      { price_cents: 900, valid_from: new Date(day(40)), valid_until: new Date(day(90)) },
      { price_cents: 700, valid_from: new Date(day(90)), valid_until: null },
    ]);
  });
});
