import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { commandContext } from '../../platform/http/command-context.js';
import { customerOnly, requireRole, requireUser } from '../../platform/http/plugins/session.js';
import { answerReadPage } from '../../platform/http/read-paging.js';
import { shopOwner } from '../orders/queries.js';
import { moveReservation, requestReservation, type ReservationMove } from './commands.js';
import { reservationsApi } from './contract.js';
import { reservationList, reservationRow, reservationView, sideOf, storeReservationCounts, view } from './queries.js';
import type { ReservationSide } from './reservation.js';

/** Reservations of products for pickup on a day (docs/api-orders.md, Reservations). */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;

  app.route({
    ...reservationsApi.request,
    config: customerOnly,
    handler: async (request, reply) => {
      const user = requireRole(request, 'customer');
      const { reservationId, position } = await requestReservation(deps, user.id, request.body, commandContext(request));
      await request.settle(position);
      return reply.status(201).send(await reservationView(db, user, reservationId));
    },
  });

  app.route({
    ...reservationsApi.customerList,
    config: customerOnly,
    handler: async (request, reply) => {
      const user = requireRole(request, 'customer');
      const rows = await answerReadPage(db, reply, reservationList('user', user.id, request.query), request.query);
      return rows.map((r) => view(r, 'customer'));
    },
  });

  /** The shop's owner, or an admin; anyone else is told the shop does not exist. */
  const shopSide = async (request: Parameters<typeof requireRole>[0], storeId: string): Promise<ReservationSide> => {
    const user = requireRole(request, 'shopkeeper', 'admin');
    const owner = await shopOwner(db, storeId);
    if (owner === null || (user.role !== 'admin' && owner !== user.id)) throw new DomainError('Negozio non trovato.', 'not-found');
    return user.role === 'admin' ? 'admin' : 'store';
  };

  app.route({
    ...reservationsApi.storeList,
    handler: async (request, reply) => {
      const side = await shopSide(request, request.params.storeId);
      const rows = await answerReadPage(db, reply, reservationList('store', request.params.storeId, request.query), request.query);
      return rows.map((r) => view(r, side));
    },
  });

  app.route({
    ...reservationsApi.storeTotals,
    handler: async (request) => {
      await shopSide(request, request.params.storeId);
      return storeReservationCounts(db, request.params.storeId);
    },
  });

  app.route({
    ...reservationsApi.get,
    handler: async (request) => reservationView(db, requireUser(request), request.params.id),
  });

  const move = (action: ReservationMove) =>
    app.route({
      ...reservationsApi[action],
      handler: async (request) => {
        const user = requireUser(request);
        const row = await reservationRow(db, request.params.id);
        if (!row) throw new DomainError('Prenotazione non trovata.', 'not-found');
        const side = sideOf(user, row);
        if (side === 'customer' && action !== 'cancel') throw new DomainError('Solo il negozio può far avanzare la prenotazione.', 'forbidden');
        const input: { reason?: string; shopkeeperNotes?: string } = request.body ?? {};
        const by = side === 'customer' ? 'customer' : 'store';
        await request.settle(await moveReservation(deps, row.id, action, { by, reason: input.reason, shopkeeperNotes: input.shopkeeperNotes }, commandContext(request)));
        return reservationView(db, user, row.id);
      },
    });

  move('confirm');
  move('ready');
  move('complete');
  move('cancel');
};
