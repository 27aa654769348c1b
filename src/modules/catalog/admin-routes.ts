import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeProduct, curateGlobalProduct, deleteGlobalProduct } from './commands.js';
import { catalogApi, type AdminProduct, type AdminProductSale, type GlobalProduct } from './contract.js';
import { globalProductsResource, productJson, productSalesResource, productsResource, saleWithoutReduction, type ProductRow } from './queries.js';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';

type ProductRecordRow = ProductRow & { store_name: string | null };
const productRecord = (row: ProductRecordRow): AdminProduct => ({ ...productJson(row), storeName: row.store_name });
const saleRecord = (row: ProductRecordRow): AdminProductSale => ({ ...productRecord(row), reason: saleWithoutReduction(row) });

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
    ...catalogApi.adminProductSales,
    handler: async (request, reply) => (await answerList(db, reply, productSalesResource, request.query, saleRecord)) as AdminProductSale[],
  });

  app.route({
    ...catalogApi.adminProductSale,
    handler: async (request) => saleRecord(await findOne<ProductRecordRow>(db, productSalesResource, request.params.id)),
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
