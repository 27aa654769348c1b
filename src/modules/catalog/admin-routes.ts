import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeProduct, curateGlobalProduct, deleteGlobalProduct } from './commands.js';
import { catalogApi, productStatuses, type AdminProduct, type GlobalProduct } from './contract.js';
import { productColumns, productJson, type ProductRow } from './queries.js';
import { anyOf, answerList, booleanFilter, findOne, uuidFilter, type ListResource } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';

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

type ProductRecordRow = ProductRow & { store_name: string | null };
const productRecord = (row: ProductRecordRow): AdminProduct => ({ ...productJson(row), storeName: row.store_name });


/** Admin lists of the catalogues, moderation of store products and curation of the shared catalogue, through their commands. */
export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, store } = app.deps;
  const product = async (id: string) => findOne<ProductRecordRow>(db, productsResource, id);
  const globalProduct = async (id: string) => findOne<GlobalProduct>(db, globalProductsResource, id);

  app.route({
    ...catalogApi.adminProducts,
    handler: async (request, reply) => (await answerList(db, reply, productsResource, request.query, productRecord)) as AdminProduct[],
  });

  app.route({
    ...catalogApi.adminProduct,
    handler: async (request) => productRecord(await product(request.params.id)),
  });

  app.route({
    ...catalogApi.moderateProduct,
    handler: async (request) => {
      const { id } = request.params;
      const current = await product(id);
      const { status, featured } = request.body;
      const position = await changeProduct(store, id, current.store_id, { type: 'UpdateProduct', changes: { status, featured } }, commandContext(request));
      await request.settle(position);
      return productRecord(await product(id));
    },
  });

  // ra-data-simple-rest's delete answers the record as it was; the product is soft-deleted (spec §3 isDeleted).
  app.route({
    ...catalogApi.deleteProduct,
    handler: async (request) => {
      const { id } = request.params;
      const current = await product(id);
      await request.settle(await changeProduct(store, id, current.store_id, { type: 'DeleteProduct' }, commandContext(request)));
      return productRecord(current);
    },
  });

  app.route({
    ...catalogApi.adminGlobalProducts,
    handler: async (request, reply) => (await answerList(db, reply, globalProductsResource, request.query)) as GlobalProduct[],
  });

  app.route({
    ...catalogApi.adminGlobalProduct,
    handler: async (request) => globalProduct(request.params.id),
  });

  app.route({
    ...catalogApi.curateGlobalProduct,
    handler: async (request) => {
      const { id } = request.params;
      const current = await globalProduct(id);
      const { isPopular, ...changes } = request.body;
      // The record shows the popularity in force: sent back unchanged, it stays automatic.
      const popularity = isPopular === undefined || isPopular === current.isPopular ? {} : { isPopular };
      await request.settle(await curateGlobalProduct(store, id, { ...changes, ...popularity }, commandContext(request)));
      return globalProduct(id);
    },
  });

  // Answers the entry as it was; soft-deleted (spec §3 isDeleted), it leaves the list and the barcode lookup.
  app.route({
    ...catalogApi.deleteGlobalProduct,
    handler: async (request) => {
      const { id } = request.params;
      const current = await globalProduct(id);
      await request.settle(await deleteGlobalProduct(store, id, commandContext(request)));
      return current;
    },
  });
};
