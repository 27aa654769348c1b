import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeProduct, curateGlobalProduct, deleteGlobalProduct } from './commands.js';
import { anyOf, answerList, booleanFilter, findOne, listQuerystring, uuidFilter, type ListResource } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requiredText, uuidParam } from '../../platform/http/schemas.js';
import { productColumns, productJson, type ProductRow } from './routes.js';

const params = z.object({ id: uuidParam });
const statuses = ['active', 'inactive', 'pending'] as const;

/** Every store's products but deleted ones: docs/api-catalogue.md `Product` plus `storeName`. */
export const productsResource: ListResource = {
  name: 'products',
  from: 'products p',
  select: `${productColumns('p.')}, (SELECT s.name FROM stores s WHERE s.id = p.store_id) AS store_name`,
  always: 'NOT p.is_deleted',
  id: 'p.id',
  sortable: {
    id: 'p.id',
    name: 'lower(p.name)',
    price: 'p.price',
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
    status: anyOf(statuses, 'Stato', 'p.status'),
    storeId: uuidFilter('p.store_id'),
    globalProductId: uuidFilter('p.global_product_id'),
    featured: booleanFilter('p.featured'),
  },
  searchText: 'p.admin_text',
  notFound: 'Prodotto non trovato.',
};

/** The shared catalogue by barcode, with how much stores reuse each entry. */
export const globalProductsResource: ListResource = {
  name: 'global-products',
  from: 'global_products g',
  select: `g.id, g.name, g.description, g.base_price AS "basePrice", g.image_url AS "imageUrl", g.images, g.category, g.sku,
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
    status: anyOf(statuses, 'Stato', 'g.status'),
    featured: booleanFilter('g.featured'),
    isPopular: booleanFilter('g.is_popular'),
  },
  searchText: 'g.admin_text',
  notFound: 'Prodotto del catalogo condiviso non trovato.',
};

const productRecord = (row: ProductRow & { store_name: string | null }) => ({ ...productJson(row), storeName: row.store_name });

const status = z.enum(statuses, { error: 'Stato non valido: active, inactive o pending.' });
const featured = z.boolean({ error: 'In evidenza: vero o falso.' });

/** react-admin sends the whole record on PUT: only what an admin moderates is read. */
const productModeration = z.object({ status: status.optional(), featured: featured.optional() });

const globalCuration = z.object({
  name: requiredText('Nome').optional(),
  description: z.string({ error: 'Descrizione: deve essere un testo.' }).trim().max(5000, 'Descrizione: al massimo 5000 caratteri.').optional(),
  category: z.string({ error: 'Categoria: deve essere un testo.' }).trim().max(60, 'Categoria: al massimo 60 caratteri.').nullable().optional(),
  status: status.optional(),
  featured: featured.optional(),
  /** null gives popularity back to the stores' reuse. */
  isPopular: z.boolean({ error: 'Popolare: vero, falso o null.' }).nullable().optional(),
});

/** Admin lists of the catalogues, moderation of store products and curation of the shared catalogue, through their commands. */
export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, store } = app.deps;

  app.get('/api/admin/products', { schema: { querystring: listQuerystring } }, async (request, reply) =>
    answerList(db, reply, productsResource, request.query, productRecord),
  );
  app.get('/api/admin/products/:id', { schema: { params } }, async (request) =>
    productRecord(await findOne(db, productsResource, request.params.id)),
  );

  app.put('/api/admin/products/:id', { schema: { params, body: productModeration } }, async (request) => {
    const { id } = request.params;
    const current = await findOne<ProductRow>(db, productsResource, id);
    const { status, featured } = request.body;
    const position = await changeProduct(store, id, current.store_id, { type: 'UpdateProduct', changes: { status, featured } }, commandContext(request));
    await request.settle(position);
    return productRecord(await findOne(db, productsResource, id));
  });

  // ra-data-simple-rest's delete answers the record as it was; the product is soft-deleted (spec §3 isDeleted).
  app.delete('/api/admin/products/:id', { schema: { params } }, async (request) => {
    const { id } = request.params;
    const current = await findOne<ProductRow & { store_name: string | null }>(db, productsResource, id);
    await request.settle(await changeProduct(store, id, current.store_id, { type: 'DeleteProduct' }, commandContext(request)));
    return productRecord(current);
  });

  app.get('/api/admin/global-products', { schema: { querystring: listQuerystring } }, async (request, reply) =>
    answerList(db, reply, globalProductsResource, request.query),
  );
  app.get('/api/admin/global-products/:id', { schema: { params } }, async (request) =>
    findOne(db, globalProductsResource, request.params.id),
  );

  app.put('/api/admin/global-products/:id', { schema: { params, body: globalCuration } }, async (request) => {
    const { id } = request.params;
    const current = await findOne<{ isPopular: boolean }>(db, globalProductsResource, id);
    const { isPopular, ...changes } = request.body;
    // The record shows the popularity in force: sent back unchanged, it stays automatic.
    const popularity = isPopular === undefined || isPopular === current.isPopular ? {} : { isPopular };
    await request.settle(await curateGlobalProduct(store, id, { ...changes, ...popularity }, commandContext(request)));
    return findOne(db, globalProductsResource, id);
  });

  // Answers the entry as it was; soft-deleted (spec §3 isDeleted), it leaves the list and the barcode lookup.
  app.delete('/api/admin/global-products/:id', { schema: { params } }, async (request) => {
    const { id } = request.params;
    const current = await findOne(db, globalProductsResource, id);
    await request.settle(await deleteGlobalProduct(store, id, commandContext(request)));
    return current;
  });
};
