import type pg from 'pg';
import type { GlobalProductEvent } from './global-products.js';
import type { ProductEvent, ProductFields } from './products.js';
import type { StoreEvent } from '../stores/store.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { byEventType, inRuns, type Projection } from '../../platform/projections/projection.js';
import { OMNIBUS_LOOKBACK_DAYS } from './consumer-law.js';

const idOf = (prefix: string, streamId: string): string => streamId.slice(prefix.length);

const columns: Record<Exclude<keyof ProductFields, 'stockQuantity'>, string> = {
  name: 'name',
  description: 'description',
  priceCents: 'price_cents',
  imageUrl: 'image_url',
  images: 'images',
  defaultImageIndex: 'default_image_index',
  pdfUrl: 'pdf_url',
  category: 'category',
  sku: 'sku',
  barcode: 'barcode',
  status: 'status',
  featured: 'featured',
  onSale: 'on_sale',
};

type Created = Extract<ProductEvent, { type: 'ProductCreated' }>;

/** Many products arrive together (a catalogue import, a rebuild): one INSERT for a run of them. */
async function insertProducts(events: RecordedEvent[], tx: pg.ClientBase): Promise<void> {
  const rows = events.map((e) => ({ ...(e.data as Created['data']), at: e.metadata.at }));
  const f = (pick: (r: (typeof rows)[number]) => unknown) => rows.map(pick);
  await tx.query(
    `INSERT INTO products (id, store_id, global_product_id, name, description, price_cents, stock_quantity, image_url, images,
       default_image_index, pdf_url, category, sku, barcode, status, featured, on_sale, latitude, longitude, store_active,
       created_at, updated_at, price_since)
     SELECT r.id, r.store_id, r.global_id, r.name, r.description, r.price, r.stock, r.image_url, r.images,
       r.default_image_index, r.pdf_url, r.category, r.sku, r.barcode, r.status, r.featured, r.on_sale,
       s.latitude, s.longitude, s.active, r.at, r.at, r.at
     FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::bigint[], $7::int[], $8::text[],
       $9::jsonb[], $10::int[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::bool[], $17::bool[],
       $18::timestamptz[])
       AS r (id, store_id, global_id, name, description, price, stock, image_url, images, default_image_index, pdf_url,
         category, sku, barcode, status, featured, on_sale, at)
     JOIN product_stores s ON s.store_id = r.store_id
     ON CONFLICT (id) DO NOTHING`,
    [
      f((r) => r.productId),
      f((r) => r.storeId),
      f((r) => r.globalProductId),
      f((r) => r.fields.name),
      f((r) => r.fields.description),
      f((r) => r.fields.priceCents),
      f((r) => r.fields.stockQuantity),
      f((r) => r.fields.imageUrl),
      f((r) => JSON.stringify(r.fields.images)),
      f((r) => r.fields.defaultImageIndex),
      f((r) => r.fields.pdfUrl),
      f((r) => r.fields.category),
      f((r) => r.fields.sku),
      f((r) => r.fields.barcode),
      f((r) => r.fields.status),
      f((r) => r.fields.featured),
      f((r) => r.fields.onSale),
      f((r) => r.at),
    ],
  );
  // Each product's first price, in force from its creation.
  await tx.query(
    `INSERT INTO product_prices (product_id, price_cents, valid_from)
     SELECT r.id, r.price, r.at FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[]) AS r (id, price, at)
     ON CONFLICT (product_id) WHERE valid_until IS NULL DO NOTHING`,
    [f((r) => r.productId), f((r) => r.fields.priceCents), f((r) => r.at)],
  );
  await addWords(
    rows.map((r) => r.productId),
    tx,
  );
}

/**
 * A new price: the one in force ends, the new one begins, and the product keeps the lowest price
 * in force in the 30 days before it (art. 17-bis), read while the old one is still open. The same
 * price said again changes nothing.
 */
async function priceChanged(productId: string, priceCents: number, at: string, tx: pg.ClientBase): Promise<void> {
  await tx.query(
    `WITH closed AS (
       UPDATE product_prices SET valid_until = $3 WHERE product_id = $1 AND valid_until IS NULL AND price_cents <> $2 RETURNING product_id
     ), opened AS (
       INSERT INTO product_prices (product_id, price_cents, valid_from) SELECT product_id, $2, $3 FROM closed
     )
     UPDATE products SET price_since = $3, lowest_price_30d_cents = (
       SELECT min(h.price_cents) FROM product_prices h
       WHERE h.product_id = $1 AND h.valid_from < $3 AND (h.valid_until IS NULL OR h.valid_until > $3::timestamptz - make_interval(days => $4))
     )
     WHERE id = $1 AND EXISTS (SELECT 1 FROM closed)`,
    [productId, priceCents, at, OMNIBUS_LOOKBACK_DAYS],
  );
}

/**
 * The words of these products join the dictionary the search corrects a query's typos against
 * (migration 026, src/modules/search/search-words.ts).
 */
async function addWords(productIds: string[], tx: pg.ClientBase): Promise<void> {
  await tx.query(
    `INSERT INTO product_words (word, lexeme)
     SELECT DISTINCT ON (w.word) w.word, w.lexeme
     FROM products p, search_words_of(p.name || ' ' || coalesce(p.category, '') || ' ' || p.description) w
     WHERE p.id = ANY($1::uuid[])
     ORDER BY w.word
     ON CONFLICT (word) DO NOTHING`,
    [productIds],
  );
}

type StockEvent = Extract<ProductEvent, { type: 'ProductStockAdjusted' | 'ProductStockHeld' | 'ProductStockReleased' }>;

/** The stock each product has after a run of stock changes: one statement, the last change of each wins. */
async function stockAfter(events: RecordedEvent<string, StockEvent['data']>[], tx: pg.ClientBase): Promise<void> {
  const changes = events.map((e, n) => ({ id: idOf('product-', e.streamId), stock: e.data.stockAfter, at: e.metadata.at, n }));
  await tx.query(
    `UPDATE products p SET stock_quantity = c.stock, updated_at = c.at
     FROM (SELECT DISTINCT ON (id) id, stock, at
           FROM jsonb_to_recordset($1::jsonb) AS c (id uuid, stock int, at timestamptz, n int)
           ORDER BY id, n DESC) c
     WHERE p.id = c.id AND p.id = ANY ($2::uuid[])`,
    // The ids as an array too, as the cart's projection does: the products are found through their
    // key, never by reading the whole table (a function's rows are planned as a hundred).
    [JSON.stringify(changes), [...new Set(changes.map((c) => c.id))]],
  );
}

async function applyOne(event: RecordedEvent, tx: pg.ClientBase): Promise<void> {
  const e = event as RecordedEvent & (ProductEvent | StoreEvent | GlobalProductEvent);
  const at = event.metadata.at;
  switch (e.type) {
    case 'StoreCreated':
      await tx.query('INSERT INTO product_stores (store_id, latitude, longitude) VALUES ($1, $2, $3) ON CONFLICT (store_id) DO NOTHING', [
        e.data.storeId,
        e.data.profile.latitude,
        e.data.profile.longitude,
      ]);
      return;
    case 'StoreUpdated': {
      const { latitude, longitude } = e.data.changes;
      if (latitude === undefined && longitude === undefined) return;
      const storeId = idOf('store-', e.streamId);
      await tx.query(`UPDATE product_stores SET latitude = coalesce($2, latitude), longitude = coalesce($3, longitude) WHERE store_id = $1`, [
        storeId,
        latitude ?? null,
        longitude ?? null,
      ]);
      await tx.query('UPDATE products p SET latitude = s.latitude, longitude = s.longitude FROM product_stores s WHERE s.store_id = $1 AND p.store_id = $1', [storeId]);
      return;
    }
    case 'StoreApproved':
    case 'StoreReactivated':
    case 'StoreSuspended': {
      const storeId = idOf('store-', e.streamId);
      const active = e.type !== 'StoreSuspended';
      await tx.query('UPDATE product_stores SET active = $2 WHERE store_id = $1', [storeId, active]);
      await tx.query('UPDATE products SET store_active = $2 WHERE store_id = $1', [storeId, active]);
      return;
    }
    case 'ProductUpdated': {
      const keys = (Object.keys(e.data.changes) as (keyof typeof columns)[]).filter((k) => k in columns);
      if (!keys.length) return;
      const values = keys.map((k) => (k === 'images' ? JSON.stringify(e.data.changes[k]) : e.data.changes[k]));
      await tx.query(`UPDATE products SET ${keys.map((k, i) => `${columns[k]} = $${i + 3}`).join(', ')}, updated_at = $2 WHERE id = $1`, [
        idOf('product-', e.streamId),
        at,
        ...values,
      ]);
      if (keys.some((k) => k === 'name' || k === 'category' || k === 'description')) await addWords([idOf('product-', e.streamId)], tx);
      if (e.data.changes.priceCents !== undefined) await priceChanged(idOf('product-', e.streamId), e.data.changes.priceCents, at, tx);
      return;
    }
    // The link to the shared catalogue follows the barcode: it lives in the global product's stream.
    case 'GlobalProductUsed':
      await tx.query('UPDATE products SET global_product_id = $2 WHERE id = $1', [e.data.productId, idOf('global-product-', e.streamId)]);
      return;
    case 'GlobalProductUseEnded':
      await tx.query('UPDATE products SET global_product_id = NULL WHERE id = $1 AND global_product_id = $2', [e.data.productId, idOf('global-product-', e.streamId)]);
      return;
    case 'ProductDeleted':
      await tx.query('UPDATE products SET is_deleted = true, updated_at = $2 WHERE id = $1', [idOf('product-', e.streamId), at]);
      return;
    default:
      return;
  }
}

/**
 * The `products` read model the catalogue pages and the nearby search read: each product with
 * its store's position and visibility (kept in its own `product_stores`), the words they hold
 * (`product_words`), which the search corrects typos against, and each product's prices over time
 * (`product_prices`), for the Omnibus rule's reference price.
 */
export const productsProjection: Projection = {
  name: 'products',
  title: 'Prodotti',
  // 2: prices in cents (price_cents). 3: each product's prices over time, and the lowest of the 30 days before its price.
  version: 3,
  tables: ['products', 'product_stores', 'product_words', 'product_prices'],
  apply: byEventType<ProductEvent | StoreEvent | GlobalProductEvent>({
    ProductCreated: inRuns(insertProducts),
    ProductUpdated: applyOne,
    ProductDeleted: applyOne,
    ProductStockAdjusted: inRuns(stockAfter),
    ProductStockHeld: inRuns(stockAfter),
    ProductStockReleased: inRuns(stockAfter),
    StoreCreated: applyOne,
    StoreUpdated: applyOne,
    StoreApproved: applyOne,
    StoreReactivated: applyOne,
    StoreSuspended: applyOne,
    GlobalProductUsed: applyOne,
    GlobalProductUseEnded: applyOne,
  }),
};
