import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { anyOf, booleanFilter, uuidFilter, type ListResource } from '../../platform/http/admin-rest.js';
import { centsRow } from '../../platform/http/money.js';
import { formatCents } from '../../platform/domain/money.js';
import { perishableCategories } from './consumer-law.js';
import { category, productStatuses, sharedProduct, type Category, type Product, type ProductWithStore, type SharedProduct } from './contract.js';

/** The columns a `Product` answer needs, of the products aliased `p`: never the search vector, whose text is large. */
export const productColumns = sql.fragment`p.id, p.store_id, p.name, p.description, p.price_cents, p.stock_quantity, p.image_url, p.images, p.default_image_index, p.pdf_url, p.category, p.sku, p.barcode, p.status, p.is_deleted, p.featured, p.on_sale, p.global_product_id, p.store_active, p.created_at, p.updated_at, p.price_since, p.lowest_price_30d_cents`;

/** A products row as `productColumns` reads it. */
export const productRow = z.object({
  id: column.uuid,
  store_id: column.uuid,
  name: z.string(),
  description: z.string(),
  price_cents: z.number(),
  stock_quantity: z.number(),
  image_url: z.string().nullable(),
  images: z.array(z.string()),
  default_image_index: z.number(),
  pdf_url: z.string().nullable(),
  category: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  status: z.enum(productStatuses),
  is_deleted: z.boolean(),
  featured: z.boolean(),
  on_sale: z.boolean(),
  global_product_id: column.uuid.nullable(),
  store_active: z.boolean(),
  created_at: column.time,
  updated_at: column.time,
  price_since: column.time.nullable(),
  lowest_price_30d_cents: z.number().nullable(),
});

/** A products row, its times as ISO text (the read side's client, the admin list kit included). */
export type ProductRow = z.infer<typeof productRow>;

/** docs/api-catalogue.md `Product`. */
export function productJson(r: ProductRow): Product {
  return {
    id: r.id,
    storeId: r.store_id,
    name: r.name,
    description: r.description,
    price: r.price_cents,
    stockQuantity: r.stock_quantity,
    imageUrl: r.image_url ?? r.images[r.default_image_index] ?? r.images[0] ?? null,
    images: r.images,
    defaultImageIndex: r.default_image_index,
    pdfUrl: r.pdf_url,
    category: r.category,
    sku: r.sku,
    barcode: r.barcode,
    status: r.status,
    featured: r.featured,
    onSale: r.on_sale,
    globalProductId: r.global_product_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    priceSince: r.price_since ?? r.created_at,
    lowestPrice30Days: r.lowest_price_30d_cents,
  };
}

/** A store's products, featured and newest first; only the active ones unless `withInactive` (its owner, an admin). */
export async function productsOfStore(db: ReadDb, storeId: string, { withInactive }: { withInactive: boolean }): Promise<Product[]> {
  const rows = await db.any(sql.type(productRow)`
    SELECT ${productColumns} FROM products p WHERE p.store_id = ${storeId} AND NOT p.is_deleted ${withInactive ? sql.fragment`` : sql.fragment`AND p.status = 'active'`}
    ORDER BY p.featured DESC, p.created_at DESC`);
  return rows.map(productJson);
}

/** A product not deleted, whatever its status. */
export async function findProduct(db: ReadDb, id: string): Promise<Product | null> {
  const row = await db.maybeOne(sql.type(productRow)`SELECT ${productColumns} FROM products p WHERE p.id = ${id} AND NOT p.is_deleted`);
  return row && productJson(row);
}

const productWithStoreRow = productRow.extend({
  owner_id: column.uuid,
  store_name: z.string(),
  store_slug: z.string(),
  address: z.string(),
  store_lat: z.number(),
  store_lng: z.number(),
});

/** A product not deleted with its shop, and who owns the shop (who may see it inactive). */
export async function findProductWithStore(db: ReadDb, id: string): Promise<{ product: ProductWithStore; ownerId: string; visible: boolean } | null> {
  const row = await db.maybeOne(sql.type(productWithStoreRow)`
    SELECT ${productColumns}, s.owner_id, s.name AS store_name, s.slug AS store_slug, s.address, s.latitude AS store_lat, s.longitude AS store_lng
    FROM products p JOIN stores s ON s.id = p.store_id WHERE p.id = ${id} AND NOT p.is_deleted`);
  if (!row) return null;
  return {
    product: {
      ...productJson(row),
      store: { id: row.store_id, name: row.store_name, slug: row.store_slug, address: row.address, latitude: row.store_lat, longitude: row.store_lng },
    },
    ownerId: row.owner_id,
    // What everyone may see: an active product of an active store.
    visible: row.status === 'active' && row.store_active,
  };
}

/** Its base price as the cents the table holds. */
const sharedProductRow = centsRow(sharedProduct);

/** The active shared catalogue entry of a barcode. */
export async function sharedProductByBarcode(db: ReadDb, barcode: string): Promise<SharedProduct | null> {
  return db.maybeOne(sql.type(sharedProductRow)`
    SELECT id, name, description, base_price_cents AS "basePrice", image_url AS "imageUrl", images, category, sku, barcode,
      store_count AS "storeCount", total_usage AS "totalUsage"
    FROM global_products WHERE barcode = ${barcode} AND NOT is_deleted AND status = 'active'`);
}

/** The active categories, in their order. */
export async function activeCategories(db: ReadDb): Promise<readonly Category[]> {
  return db.any(sql.type(category)`
    SELECT id, name, slug, description, icon, color, sort_order AS "sortOrder" FROM categories WHERE is_active ORDER BY sort_order, name`);
}

/** Every store's products but deleted ones: docs/api-catalogue.md `Product` plus `storeName`. */
export const productsResource: ListResource = {
  name: 'products',
  from: 'products p',
  select: `${productColumns.sql}, (SELECT s.name FROM stores s WHERE s.id = p.store_id) AS store_name`,
  always: 'NOT p.is_deleted',
  id: 'p.id',
  sortable: {
    id: 'p.id',
    name: 'lower(p.name)',
    price: 'p.price_cents',
    stockQuantity: 'p.stock_quantity',
    category: 'p.category',
    status: 'p.status',
    featured: 'p.featured',
    storeId: 'p.store_id',
    createdAt: 'p.created_at',
    updatedAt: 'p.updated_at',
  },
  defaultOrder: 'p.created_at DESC',
  filters: {
    status: anyOf(productStatuses, 'Stato', 'p.status'),
    storeId: uuidFilter('p.store_id'),
    globalProductId: uuidFilter('p.global_product_id'),
    featured: booleanFilter('p.featured'),
  },
  searchText: 'p.admin_text',
  notFound: 'Prodotto non trovato.',
};

/** Constant SQL: a product of the products aliased `p` is exempt from the Omnibus rule (perishable, by its category). */
const omnibusExempt = `coalesce(p.category = ANY ('{${perishableCategories.join(',')}}'::text[]), false)`;

/**
 * The products announced on sale without a real reduction (art. 17-bis): on sale, not exempt, and
 * priced no lower than the lowest price of the 30 days before their price began (none at all: no
 * other price in those days). Newest prices first.
 */
export const productSalesResource: ListResource = {
  ...productsResource,
  name: 'product-sales',
  always: `NOT p.is_deleted AND p.on_sale AND NOT ${omnibusExempt} AND (p.lowest_price_30d_cents IS NULL OR p.price_cents >= p.lowest_price_30d_cents)`,
  sortable: { ...productsResource.sortable, priceSince: 'p.price_since', lowestPrice30Days: 'p.lowest_price_30d_cents' },
  defaultOrder: 'p.price_since DESC',
  notFound: 'Offerta non trovata: il prodotto non è in offerta senza un ribasso reale.',
};

/** Why a sale in `productSalesResource` is not a real reduction, in words. */
export function saleWithoutReduction(row: ProductRow): string {
  const lowest = row.lowest_price_30d_cents;
  if (lowest === null) return 'Nei 30 giorni prima del prezzo attuale non c’era un altro prezzo: nessun ribasso.';
  if (row.price_cents === lowest) return `Il prezzo è uguale al più basso dei 30 giorni precedenti (${formatCents(lowest)}).`;
  return `Il prezzo è più alto del più basso dei 30 giorni precedenti (${formatCents(lowest)}).`;
}

/** The shared catalogue by barcode, with how much stores reuse each entry. */
export const globalProductsResource: ListResource = {
  name: 'global-products',
  from: 'global_products g',
  select: `g.id, g.name, g.description, g.base_price_cents AS "basePrice", g.image_url AS "imageUrl", g.images, g.category, g.sku,
    g.barcode, g.original_store_id AS "originalStoreId", g.original_product_id AS "originalProductId", g.added_by AS "addedBy",
    g.status, g.featured, g.store_count AS "storeCount", g.total_usage AS "totalUsage", g.last_used AS "lastUsed",
    g.popularity_score AS "popularityScore", g.is_popular AS "isPopular", g.created_at AS "createdAt"`,
  always: 'NOT g.is_deleted',
  id: 'g.id',
  sortable: {
    id: 'g.id',
    name: 'lower(g.name)',
    barcode: 'g.barcode',
    category: 'g.category',
    status: 'g.status',
    featured: 'g.featured',
    storeCount: 'g.store_count',
    totalUsage: 'g.total_usage',
    popularityScore: 'g.popularity_score',
    lastUsed: 'g.last_used',
    createdAt: 'g.created_at',
  },
  defaultOrder: 'g.created_at DESC',
  filters: {
    status: anyOf(productStatuses, 'Stato', 'g.status'),
    featured: booleanFilter('g.featured'),
    isPopular: booleanFilter('g.is_popular'),
  },
  searchText: 'g.admin_text',
  notFound: 'Prodotto del catalogo condiviso non trovato.',
};
