import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandContext } from '../../platform/http/command-context.js';
import { customerOnly, requireRole } from '../../platform/http/plugins/session.js';
import { addToCart, changeCartItem, clearCart, removeCartItem } from './commands.js';
import { cartApi } from './contract.js';
import { readCart } from './queries.js';
import { appPayments } from '../payments/routes.js';

/** The customer's cart (docs/api-orders.md "Cart"): every write answers the cart as it now is. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // How each shop of the cart is paid depends on which providers the platform takes now.
  const payments = appPayments(app);

  app.route({
    ...cartApi.get,
    config: customerOnly,
    handler: async (request) => readCart(deps, requireRole(request, 'customer').id, await payments.onlineMethods()),
  });

  app.route({
    ...cartApi.addItem,
    config: customerOnly,
    handler: async (request, reply) => {
      const user = requireRole(request, 'customer');
      await request.settle(await addToCart(deps, user.id, request.body, commandContext(request)));
      return reply.status(201).send(await readCart(deps, user.id, await payments.onlineMethods()));
    },
  });

  app.route({
    ...cartApi.changeItem,
    config: customerOnly,
    handler: async (request) => {
      const user = requireRole(request, 'customer');
      await request.settle(await changeCartItem(deps, user.id, { itemId: request.params.id, quantity: request.body.quantity }, commandContext(request)));
      return readCart(deps, user.id, await payments.onlineMethods());
    },
  });

  app.route({
    ...cartApi.removeItem,
    config: customerOnly,
    handler: async (request) => {
      const user = requireRole(request, 'customer');
      await request.settle(await removeCartItem(deps, user.id, request.params.id, commandContext(request)));
      return readCart(deps, user.id, await payments.onlineMethods());
    },
  });

  app.route({
    ...cartApi.clear,
    config: customerOnly,
    handler: async (request) => {
      const user = requireRole(request, 'customer');
      await request.settle(await clearCart(deps, user.id, commandContext(request)));
      return readCart(deps, user.id, await payments.onlineMethods());
    },
  });
};
