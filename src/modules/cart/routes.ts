import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommandContext } from '../../platform/domain/context.js';
import type { Position } from '../../platform/eventstore/types.js';
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
  /** The customer's change to their cart, answered with the cart as it then is. */
  const changed = async (request: FastifyRequest, change: (userId: string, ctx: CommandContext) => Promise<Position | null>) => {
    const user = requireRole(request, 'customer');
    await request.settle(await change(user.id, commandContext(request)));
    return readCart(deps, user.id, await payments.onlineMethods());
  };

  app.route({
    ...cartApi.get,
    config: customerOnly,
    handler: async (request) => readCart(deps, requireRole(request, 'customer').id, await payments.onlineMethods()),
  });

  app.route({
    ...cartApi.addItem,
    config: customerOnly,
    handler: async (request, reply) => reply.status(201).send(await changed(request, (userId, ctx) => addToCart(deps, userId, request.body, ctx))),
  });

  app.route({
    ...cartApi.changeItem,
    config: customerOnly,
    handler: async (request) => changed(request, (userId, ctx) => changeCartItem(deps, userId, { itemId: request.params.id, quantity: request.body.quantity }, ctx)),
  });

  app.route({
    ...cartApi.removeItem,
    config: customerOnly,
    handler: async (request) => changed(request, (userId, ctx) => removeCartItem(deps, userId, request.params.id, ctx)),
  });

  app.route({
    ...cartApi.clear,
    config: customerOnly,
    handler: async (request) => changed(request, (userId, ctx) => clearCart(deps, userId, ctx)),
  });
};
