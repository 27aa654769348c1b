import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeProduct, createProduct } from './commands.js';
import type { ProductFields } from './products.js';
import { DomainError } from '../../platform/domain/errors.js';
import { findStoreByOwner } from '../stores/queries.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole, type SessionUser } from '../../platform/http/plugins/session.js';
import { newProductSchema, productChangesSchema, stockAdjustmentSchema } from './contract.js';
import { uuidParam } from '../../platform/http/schemas.js';

export interface ProductRow {
  id: string;
  store_id: string;
  name: string;
  description: string;
  price: number;
  stock_quantity: number;
  image_url: string | null;
  images: string[];
  default_image_index: number;
  pdf_url: string | null;
  category: string | null;
  sku: string | null;
  barcode: string | null;
  status: string;
  is_deleted: boolean;
  featured: boolean;
  on_sale: boolean;
  global_product_id: string | null;
  store_active: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The columns a `Product` answer needs: never the search vector, whose text is large. */
export const productColumns = (alias = '') =>
  ['id', 'store_id', 'name', 'description', 'price', 'stock_quantity', 'image_url', 'images', 'default_image_index', 'pdf_url',
    'category', 'sku', 'barcode', 'status', 'is_deleted', 'featured', 'on_sale', 'global_product_id', 'store_active', 'created_at', 'updated_at']
    .map((c) => `${alias}${c}`)
    .join(', ');

/** docs/api-catalogue.md `Product`. */
export function productJson(r: ProductRow) {
  return {
    id: r.id,
    storeId: r.store_id,
    name: r.name,
    description: r.description,
    price: r.price,
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
  };
}

const params = z.object({ id: uuidParam });

/** Catalogue: a shopkeeper's products, the shared catalogue by barcode, the categories. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, store } = app.deps;

  const ownStore = async (user: SessionUser): Promise<string> => {
    const row = await findStoreByOwner(app.deps.db, user.id);
    if (!row) throw new DomainError('Crea prima il tuo negozio: i prodotti appartengono a un negozio.', 'rule');
    return row.id;
  };
  const readProduct = async (id: string): Promise<ProductRow | null> =>
    (await pool.query<ProductRow>(`SELECT ${productColumns()} FROM products WHERE id = $1 AND NOT is_deleted`, [id])).rows[0] ?? null;

  app.post('/api/products', { schema: { body: newProductSchema } }, async (request, reply) => {
    const storeId = await ownStore(requireRole(request, 'shopkeeper'));
    const { productId, position } = await createProduct(store, { storeId, fields: request.body as ProductFields }, commandContext(request));
    await request.settle(position);
    const row = await readProduct(productId);
    return reply.status(201).send(row ? productJson(row) : { id: productId });
  });

  app.patch('/api/products/:id', { schema: { params, body: productChangesSchema } }, async (request) => {
    const storeId = await ownStore(requireRole(request, 'shopkeeper'));
    const position = await changeProduct(store, request.params.id, storeId, { type: 'UpdateProduct', changes: request.body }, commandContext(request));
    await request.settle(position);
    const row = await readProduct(request.params.id);
    if (!row) throw new DomainError('Prodotto non trovato.', 'not-found');
    return productJson(row);
  });

  app.post('/api/products/:id/stock', { schema: { params, body: stockAdjustmentSchema } }, async (request) => {
    const storeId = await ownStore(requireRole(request, 'shopkeeper'));
    const position = await changeProduct(store, request.params.id, storeId, { type: 'AdjustStock', ...request.body }, commandContext(request));
    await request.settle(position);
    const row = await readProduct(request.params.id);
    if (!row) throw new DomainError('Prodotto non trovato.', 'not-found');
    return productJson(row);
  });

  app.delete('/api/products/:id', { schema: { params } }, async (request, reply) => {
    const storeId = await ownStore(requireRole(request, 'shopkeeper'));
    const position = await changeProduct(store, request.params.id, storeId, { type: 'DeleteProduct' }, commandContext(request));
    await request.settle(position);
    return reply.status(204).send();
  });

  app.get('/api/products/:id', { schema: { params } }, async (request) => {
    const { rows } = await pool.query<ProductRow & { owner_id: string; store_name: string; store_slug: string; address: string; store_lat: number; store_lng: number }>(
      `SELECT ${productColumns('p.')}, s.owner_id, s.name AS store_name, s.slug AS store_slug, s.address, s.latitude AS store_lat, s.longitude AS store_lng
       FROM products p JOIN stores s ON s.id = p.store_id WHERE p.id = $1 AND NOT p.is_deleted`,
      [request.params.id],
    );
    const row = rows[0];
    const owner = row && (request.user?.id === row.owner_id || request.user?.role === 'admin');
    if (!row || (!owner && (row.status !== 'active' || !row.store_active))) throw new DomainError('Prodotto non trovato.', 'not-found');
    return {
      ...productJson(row),
      store: { id: row.store_id, name: row.store_name, slug: row.store_slug, address: row.address, latitude: row.store_lat, longitude: row.store_lng },
    };
  });

  app.get('/api/global-products/by-barcode/:code', { schema: { params: z.object({ code: z.string().trim().min(1).max(32) }) } }, async (request) => {
    requireRole(request, 'shopkeeper', 'admin');
    const { rows } = await pool.query(
      `SELECT id, name, description, base_price, image_url, images, category, sku, barcode, store_count, total_usage
       FROM global_products WHERE barcode = $1 AND NOT is_deleted AND status = 'active'`,
      [request.params.code],
    );
    const g = rows[0];
    if (!g) throw new DomainError('Nessun prodotto con questo codice nel catalogo condiviso.', 'not-found');
    return {
      id: g.id, name: g.name, description: g.description, basePrice: g.base_price, imageUrl: g.image_url, images: g.images,
      category: g.category, sku: g.sku, barcode: g.barcode, storeCount: g.store_count, totalUsage: g.total_usage,
    };
  });

  app.get('/api/categories', async () => {
    const { rows } = await pool.query(
      'SELECT id, name, slug, description, icon, color, sort_order AS "sortOrder" FROM categories WHERE is_active ORDER BY sort_order, name',
    );
    return rows;
  });
};
