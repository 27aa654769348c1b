import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { collaboratorNotRegistered } from './collaborator.js';
import { changeCollaborator, registerCollaborator } from './commands.js';
import { collaboratorsApi, type AdminCollaborator } from './contract.js';
import { cardOf, collaboratorRow, collaboratorsCoveringPage, collaboratorsResource, profileOf, shopPointOf, storesInCircle } from './queries.js';

/** Issue [12]: a collaborator's profile, the shops' view of who covers them, and the admin's approval. */
export const collaboratorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  const ownProfile = async (userId: string) => {
    const row = await collaboratorRow(db, userId);
    if (!row) throw new DomainError(collaboratorNotRegistered, 'not-found');
    return profileOf(row);
  };

  app.route({
    ...collaboratorsApi.register,
    config: { roles: ['collaborator'] },
    handler: async (request, reply) => {
      const user = requireRole(request, 'collaborator');
      await request.settle(await registerCollaborator(app.deps, user.id, request.body, commandContext(request)));
      return reply.status(201).send(await ownProfile(user.id));
    },
  });

  // The collaborator and the admins read it whole; a shopkeeper only an approved one, as a card.
  // Anyone else is refused; a shopkeeper asking for one not approved reads "not registered", as
  // if it did not exist: a pending or suspended profile is nobody's business but theirs.
  app.route({
    ...collaboratorsApi.ofUser,
    config: { roles: ['collaborator', 'shopkeeper', 'admin'] },
    handler: async (request) => {
      const user = requireRole(request, 'collaborator', 'shopkeeper', 'admin');
      const { userId } = request.params;
      if (user.role === 'collaborator' && user.id !== userId) throw new DomainError('Puoi vedere solo il tuo profilo da collaboratore.', 'forbidden');
      const row = await collaboratorRow(db, userId);
      if (!row || (user.role === 'shopkeeper' && row.approvalStatus !== 'approved')) throw new DomainError(collaboratorNotRegistered, 'not-found');
      return user.role === 'shopkeeper' ? cardOf(row) : profileOf(row);
    },
  });

  app.route({
    ...collaboratorsApi.change,
    config: { roles: ['collaborator'] },
    handler: async (request) => {
      const user = requireRole(request, 'collaborator');
      const ctx = commandContext(request);
      const { status, ...changes } = request.body;
      if (Object.keys(changes).length) await request.settle(await changeCollaborator(app.deps, user.id, { type: 'ChangeProfile', changes }, ctx));
      if (status) await request.settle(await changeCollaborator(app.deps, user.id, { type: 'SetStatus', status }, ctx));
      // Nothing sent still answers 404 to one never registered.
      return ownProfile(user.id);
    },
  });

  // The shops of the collaborator's own circle, or of the circle they are trying on the map.
  app.route({
    ...collaboratorsApi.myStores,
    config: { roles: ['collaborator'] },
    handler: async (request) => {
      const user = requireRole(request, 'collaborator');
      const row = await collaboratorRow(db, user.id);
      if (!row) throw new DomainError(collaboratorNotRegistered, 'not-found');
      const { latitude, longitude, radiusKm } = request.query;
      const area = latitude !== undefined && longitude !== undefined && radiusKm !== undefined ? { latitude, longitude, radiusKm } : row;
      return storesInCircle(db, area);
    },
  });

  app.route({
    ...collaboratorsApi.coveringMyShop,
    config: { roles: ['shopkeeper'] },
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper');
      const point = await shopPointOf(db, user.id);
      if (!point) throw new DomainError('Non hai ancora un negozio: aprilo per trovare i collaboratori della tua zona.', 'not-found');
      const { service, page, pageSize } = request.query;
      const { items, total } = await collaboratorsCoveringPage(db, point, { services: service ? [service] : [], paging: { page, pageSize } });
      reply.header('X-Total-Count', String(total));
      return items;
    },
  });

  const record = (id: string) => findOne<AdminCollaborator>(db, collaboratorsResource, id);
  app.route({
    ...collaboratorsApi.adminList,
    handler: async (request, reply) => (await answerList(db, reply, collaboratorsResource, request.query)) as AdminCollaborator[],
  });
  app.route({ ...collaboratorsApi.adminGet, handler: async (request) => record(request.params.id) });

  app.route({
    ...collaboratorsApi.approve,
    handler: async (request) => {
      await request.settle(
        await changeCollaborator(app.deps, request.params.id, { type: 'Approve', canActivateSessions: request.body.canActivateSessions }, commandContext(request)),
      );
      return record(request.params.id);
    },
  });
  app.route({
    ...collaboratorsApi.reject,
    handler: async (request) => {
      await request.settle(await changeCollaborator(app.deps, request.params.id, { type: 'Reject', reason: request.body.reason }, commandContext(request)));
      return record(request.params.id);
    },
  });
  app.route({
    ...collaboratorsApi.suspend,
    handler: async (request) => {
      await request.settle(await changeCollaborator(app.deps, request.params.id, { type: 'Suspend', reason: request.body.reason }, commandContext(request)));
      return record(request.params.id);
    },
  });
  app.route({
    ...collaboratorsApi.reactivate,
    handler: async (request) => {
      await request.settle(await changeCollaborator(app.deps, request.params.id, { type: 'Reactivate' }, commandContext(request)));
      return record(request.params.id);
    },
  });
};
