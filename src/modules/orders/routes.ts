import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { commandContext } from '../../platform/http/command-context.js';
import { customerOnly, requireRole, requireUser, type SessionUser } from '../../platform/http/plugins/session.js';
import { answerReadPage } from '../../platform/http/read-paging.js';
import { checkout } from './checkout.js';
import { confirmWithdrawalReturn, moveOrder, payOrder, withdrawOrder, type OrderMove } from './commands.js';
import { appPayments } from '../payments/routes.js';
import { activeSessionOf, actsFor, shopActor } from '../collaboration-sessions/acting.js';
import { idempotencyKey, ordersApi } from './contract.js';
import { customerOrders, customerTotals, orderRow, orderView, shopOwner, shopTotals, sideOf, storeOrders } from './queries.js';

/** Spec §7 orders: checkout, the two lists, one order and its moves (docs/api-orders.md). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;
  const payments = appPayments(app);

  app.route({
    ...ordersApi.checkout,
    config: customerOnly,
    handler: async (request, reply) => {
      const user = requireRole(request, 'customer');
      const key = idempotencyKey.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw new DomainError(key.error.issues[0]!.message, 'invalid');
      const { orders, paymentUrl, position } = await checkout(
        {
          ...deps,
          payments,
          settle: (position) => request.settle(position),
          paymentNotOpened: (orderId, err) => request.log.warn({ err, orderId }, 'checkout: non è stato possibile aprire il pagamento dell’ordine'),
        },
        user.id,
        key.data,
        request.body,
        commandContext(request),
      );
      await request.settle(position);
      return reply.status(201).send({ orders, paymentUrl });
    },
  });

  app.route({
    ...ordersApi.pay,
    config: customerOnly,
    handler: async (request) => {
      const user = requireRole(request, 'customer');
      const { paymentUrl, position } = await payOrder({ ...deps, payments }, user.id, request.params.id, commandContext(request));
      await request.settle(position);
      return { paymentUrl };
    },
  });

  app.route({
    ...ordersApi.customerList,
    config: customerOnly,
    handler: async (request, reply) => {
      const user = requireRole(request, 'customer');
      return answerReadPage(db, reply, customerOrders(user.id, request.query), request.query);
    },
  });

  app.route({
    ...ordersApi.customerTotals,
    config: customerOnly,
    handler: async (request) => customerTotals(db, requireRole(request, 'customer').id),
  });

  /** The shop's owner, an admin, or a collaborator in an active session of the shop; anyone else is told the shop does not exist. */
  const shopFor = async (user: SessionUser, storeId: string): Promise<void> => {
    const owner = await shopOwner(db, storeId);
    if (owner !== null && (user.role === 'admin' || owner === user.id)) return;
    if (owner !== null && user.role === 'collaborator' && (await shopActorFor(user, storeId))) return;
    throw new DomainError('Negozio non trovato.', 'not-found');
  };
  /** A collaborator acting for the shop in an active session that allows the orders (its refusal says why). */
  const shopActorFor = async (user: SessionUser, storeId: string): Promise<boolean> => (await activeSessionOf(deps, user.id, new Date(), 'orders')).storeId === storeId;

  app.route({
    ...ordersApi.storeList,
    handler: async (request, reply) => {
      await shopFor(requireRole(request, 'shopkeeper', 'admin', 'collaborator'), request.params.storeId);
      return answerReadPage(db, reply, storeOrders(request.params.storeId, request.query), request.query);
    },
  });

  app.route({
    ...ordersApi.storeTotals,
    handler: async (request) => {
      await shopFor(requireRole(request, 'shopkeeper', 'admin', 'collaborator'), request.params.storeId);
      return shopTotals(db, request.params.storeId, new Date());
    },
  });

  app.route({
    ...ordersApi.get,
    handler: async (request) => {
      const user = requireUser(request);
      if (user.role === 'collaborator') {
        const order = await orderRow(db, request.params.id);
        // A collaborator in an active session of the shop reads its orders as the shop does.
        if (order && order.userId !== user.id && (await actsFor(deps, user, order.storeId, 'orders')))
          return orderView(db, { ...user, id: order.storeOwnerId, role: 'shopkeeper' }, order.id);
      }
      return orderView(db, user, request.params.id);
    },
  });

  const move = (action: OrderMove) =>
    app.route({
      ...ordersApi[action],
      handler: async (request) => {
        const user = requireUser(request);
        const order = await orderRow(db, request.params.id);
        if (!order) throw new DomainError('Ordine non trovato.', 'not-found');
        if (user.role === 'collaborator' && order.userId !== user.id) {
          // A collaborator in an active session of the shop moves its orders as the shop (the events name the session).
          const actor = await shopActor(request, deps, 'orders');
          if (actor.storeId !== order.storeId) throw new DomainError('Ordine non trovato.', 'not-found');
          const input: { reason?: string; pickupCode?: string } = request.body ?? {};
          await request.settle(await moveOrder(deps, order.id, action, { by: 'store', reason: input.reason, pickupCode: input.pickupCode }, actor.ctx));
          return orderView(db, { ...user, id: order.storeOwnerId, role: 'shopkeeper' }, order.id);
        }
        const side = sideOf(user, order);
        if (side === 'customer' && action !== 'cancel') throw new DomainError('Solo il negozio può far avanzare l’ordine.', 'forbidden');
        const input: { reason?: string; pickupCode?: string } = request.body ?? {};
        const by = side === 'customer' ? 'customer' : side === 'store' ? 'store' : 'admin';
        await request.settle(await moveOrder(deps, order.id, action, { by, reason: input.reason, pickupCode: input.pickupCode }, commandContext(request)));
        return orderView(db, user, order.id);
      },
    });

  // The right of withdrawal (withdrawal.ts): the customer withdraws from their own order; its shop (or an admin) confirms the goods came back.
  app.route({
    ...ordersApi.withdraw,
    handler: async (request) => {
      const user = requireUser(request);
      const order = await orderRow(db, request.params.id);
      if (!order || order.userId !== user.id) {
        if (order && sideOf(user, order) !== 'customer') throw new DomainError('Solo il cliente dell’ordine può esercitare il recesso.', 'forbidden');
        throw new DomainError('Ordine non trovato.', 'not-found');
      }
      await request.settle(await withdrawOrder(deps, user.id, order.id, request.body?.reason, commandContext(request)));
      return orderView(db, user, order.id);
    },
  });

  app.route({
    ...ordersApi.withdrawalReturned,
    handler: async (request) => {
      const user = requireUser(request);
      const order = await orderRow(db, request.params.id);
      if (!order) throw new DomainError('Ordine non trovato.', 'not-found');
      let ctx = commandContext(request);
      let reader = user;
      if (user.role === 'collaborator' && order.userId !== user.id) {
        // A collaborator in an active session of the shop takes the goods back as the shop.
        const actor = await shopActor(request, deps, 'orders');
        if (actor.storeId !== order.storeId) throw new DomainError('Ordine non trovato.', 'not-found');
        ctx = actor.ctx;
        reader = { ...user, id: order.storeOwnerId, role: 'shopkeeper' };
      } else if (sideOf(user, order) === 'customer') {
        throw new DomainError('Solo il negozio conferma che la merce è tornata.', 'forbidden');
      }
      await request.settle(await confirmWithdrawalReturn({ store: deps.store, providers: payments.providers }, order.id, ctx));
      return orderView(db, reader, order.id);
    },
  });

  move('accept');
  move('ready');
  move('ship');
  move('complete');
  move('cancel');
};
