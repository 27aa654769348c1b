import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeProduct, createProduct } from './commands.js';
import { catalogApi } from './contract.js';
import { activeCategories, findProduct, findProductWithStore, sharedProductByBarcode } from './queries.js';
import { DomainError } from '../../platform/domain/errors.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { actsFor, shopActor } from '../collaboration-sessions/acting.js';

/** Catalogue: a shopkeeper's products, the shared catalogue by barcode, the categories. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  /** The product as its change left it. */
  const changed = async (id: string) => {
    const row = await findProduct(db, id);
    if (!row) throw new DomainError('Prodotto non trovato.', 'not-found');
    return row;
  };

  app.route({
    ...catalogApi.create,
    handler: async (request, reply) => {
      // The shopkeeper, or a collaborator in an active session of the shop (its events name the session).
      const actor = await shopActor(request, app.deps, 'products');
      const { productId, position } = await createProduct(app.deps.store, { storeId: actor.storeId, fields: request.body }, actor.ctx);
      await request.settle(position);
      return reply.status(201).send((await findProduct(db, productId)) ?? { id: productId });
    },
  });

  app.route({
    ...catalogApi.update,
    handler: async (request) => {
      const actor = await shopActor(request, app.deps, 'products');
      const { id } = request.params;
      await request.settle(await changeProduct(app.deps.store, id, actor.storeId, { type: 'UpdateProduct', changes: request.body }, actor.ctx));
      return changed(id);
    },
  });

  app.route({
    ...catalogApi.adjustStock,
    handler: async (request) => {
      const actor = await shopActor(request, app.deps, 'products');
      const { id } = request.params;
      await request.settle(await changeProduct(app.deps.store, id, actor.storeId, { type: 'AdjustStock', ...request.body }, actor.ctx));
      return changed(id);
    },
  });

  app.route({
    ...catalogApi.remove,
    handler: async (request, reply) => {
      const actor = await shopActor(request, app.deps, 'products');
      await request.settle(await changeProduct(app.deps.store, request.params.id, actor.storeId, { type: 'DeleteProduct' }, actor.ctx));
      return reply.status(204).send();
    },
  });

  app.route({
    ...catalogApi.show,
    handler: async (request) => {
      const found = await findProductWithStore(db, request.params.id);
      const owner = found && (request.user?.id === found.ownerId || request.user?.role === 'admin' || (await actsFor(app.deps, request.user, found.product.storeId, 'products')));
      if (!found || (!owner && !found.visible)) throw new DomainError('Prodotto non trovato.', 'not-found');
      return found.product;
    },
  });

  app.route({
    ...catalogApi.byBarcode,
    handler: async (request) => {
      requireRole(request, 'shopkeeper', 'admin');
      const shared = await sharedProductByBarcode(db, request.params.code);
      if (!shared) throw new DomainError('Nessun prodotto con questo codice nel catalogo condiviso.', 'not-found');
      return shared;
    },
  });

  app.route({
    ...catalogApi.categories,
    handler: async () => [...(await activeCategories(db))],
  });
};
