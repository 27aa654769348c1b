import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addOwnProduct, changeOwnProduct } from './commands.js';
import { catalogApi } from './contract.js';
import type { ProductFields } from './products.js';
import { activeCategories, findProduct, findProductWithStore, sharedProductByBarcode } from './queries.js';
import { DomainError } from '../../platform/domain/errors.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';

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
      const user = requireRole(request, 'shopkeeper');
      const { productId, position } = await addOwnProduct(app.deps, user.id, request.body as ProductFields, commandContext(request));
      await request.settle(position);
      return reply.status(201).send((await findProduct(db, productId)) ?? { id: productId });
    },
  });

  app.route({
    ...catalogApi.update,
    handler: async (request) => {
      const user = requireRole(request, 'shopkeeper');
      const { id } = request.params;
      await request.settle(await changeOwnProduct(app.deps, user.id, id, { type: 'UpdateProduct', changes: request.body }, commandContext(request)));
      return changed(id);
    },
  });

  app.route({
    ...catalogApi.adjustStock,
    handler: async (request) => {
      const user = requireRole(request, 'shopkeeper');
      const { id } = request.params;
      await request.settle(await changeOwnProduct(app.deps, user.id, id, { type: 'AdjustStock', ...request.body }, commandContext(request)));
      return changed(id);
    },
  });

  app.route({
    ...catalogApi.remove,
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper');
      await request.settle(await changeOwnProduct(app.deps, user.id, request.params.id, { type: 'DeleteProduct' }, commandContext(request)));
      return reply.status(204).send();
    },
  });

  app.route({
    ...catalogApi.show,
    handler: async (request) => {
      const found = await findProductWithStore(db, request.params.id);
      const owner = found && (request.user?.id === found.ownerId || request.user?.role === 'admin');
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
