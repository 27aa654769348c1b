import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeStore, declareSeller, openStore, updateOwnStore } from './commands.js';
import { storesApi } from './contract.js';
import type { StoreCommand } from './store.js';
import { storeRating } from '../reviews/queries.js';
import { countView, findStore, findStoreByOwner, ownStore as ownStoreOf, publicSellerOf, publicStoreJson, sellerOf, visibleStore as visibleStoreOf } from './queries.js';
import { productsOfStore } from '../catalog/queries.js';
import { actsFor } from '../collaboration-sessions/acting.js';
import { DomainError } from '../../platform/domain/errors.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';

/** Stores: creation and settings for the owner, public pages, admin approval. */
export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  const ownStore = (ownerId: string) => ownStoreOf(db, ownerId);

  app.route({
    ...storesApi.create,
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper');
      const { storeId, position } = await openStore(app.deps, user.id, request.body, commandContext(request));
      await request.settle(position);
      const row = await findStoreByOwner(db, user.id);
      return reply.status(201).send(row ?? { id: storeId });
    },
  });

  app.route({
    ...storesApi.mine,
    handler: async (request) => ownStore(requireRole(request, 'shopkeeper').id),
  });

  app.route({
    ...storesApi.updateMine,
    handler: async (request) => {
      const user = requireRole(request, 'shopkeeper');
      await request.settle(await updateOwnStore(app.deps, user.id, request.body, commandContext(request)));
      return ownStore(user.id);
    },
  });

  const visibleStore = (request: FastifyRequest, idOrSlug: string) => visibleStoreOf(db, idOrSlug, request.user);

  app.route({
    ...storesApi.mySeller,
    handler: async (request) => ({ seller: await sellerOf(db, (await ownStore(requireRole(request, 'shopkeeper').id)).id) }),
  });
  app.route({
    ...storesApi.declareSeller,
    handler: async (request) => {
      const shop = await ownStore(requireRole(request, 'shopkeeper').id);
      const { sellerType, vatNumber } = request.body;
      await request.settle(await declareSeller(app.deps, shop.id, { sellerType, vatNumber: vatNumber || null }, commandContext(request)));
      return { seller: await sellerOf(db, shop.id) };
    },
  });

  app.route({
    ...storesApi.show,
    handler: async (request) => {
      const { row, privileged } = await visibleStore(request, request.params.idOrSlug);
      // The owner and admins looking are no visitors.
      if (!privileged) await countView(db, row.id);
      // Its customers' published reviews (issue [14]); null until the first.
      return { ...publicStoreJson(row), rating: await storeRating(app.deps.db, row.id), seller: publicSellerOf(await sellerOf(db, row.id)) };
    },
  });

  app.route({
    ...storesApi.products,
    handler: async (request) => {
      const { row, privileged } = await visibleStore(request, request.params.idOrSlug);
      // A collaborator in an active session of the shop manages its products as its owner does.
      const acting = !privileged && (await actsFor(app.deps, request.user, row.id, 'products'));
      return productsOfStore(db, row.id, { withInactive: privileged || acting });
    },
  });

  const adminAction =
    (command: (body: { reason?: string }) => Exclude<StoreCommand, { type: 'CreateStore' }>) => async (request: FastifyRequest & { params: { id: string }; body?: unknown }) => {
      requireRole(request, 'admin');
      const position = await changeStore(app.deps.store, request.params.id, command(request.body ?? {}), commandContext(request));
      await request.settle(position);
      const row = await findStore(db, request.params.id);
      if (!row) throw new DomainError('Negozio non trovato.', 'not-found');
      return row;
    };

  app.route({ ...storesApi.approve, handler: adminAction(() => ({ type: 'ApproveStore' })) });
  app.route({ ...storesApi.suspend, handler: adminAction((body) => ({ type: 'SuspendStore', reason: body.reason! })) });
  app.route({ ...storesApi.reactivate, handler: adminAction(() => ({ type: 'ReactivateStore' })) });
};
