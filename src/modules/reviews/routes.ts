import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Paging } from '../../platform/http/paging.js';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { answerPage } from '../../platform/http/read-paging.js';
import { orderSubject, replyToReview, sessionSubject, submitReview } from './commands.js';
import { reviewsApi, type Review } from './contract.js';
import { publicReviewsOf, receivedBy, reviewAnswer, reviewsResource, toWriteFor, writtenBy } from './queries.js';

/** Issue [14]: reviews both ways after a collaboration session, customers' reviews of shops, their public pages. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, store } = app.deps;
  const deps = { store, db };
  const writers = ['shopkeeper', 'collaborator', 'customer'] as const;
  /** A shop's or a collaborator's public reviews now, with how many there are in X-Total-Count. */
  const publicReviews = async (about: { type: 'store' | 'collaborator'; id: string }, paging: Paging, reply: FastifyReply) => {
    const answer = await publicReviewsOf(db, about, new Date(), paging);
    reply.header('X-Total-Count', String(answer.count));
    return answer;
  };

  app.route({
    ...reviewsApi.toWrite,
    config: { roles: writers },
    handler: async (request) => toWriteFor(db, requireRole(request, ...writers), new Date()),
  });

  app.route({
    ...reviewsApi.reviewSession,
    config: { roles: ['shopkeeper', 'collaborator'] },
    handler: async (request, reply) => {
      const user = requireRole(request, 'shopkeeper', 'collaborator');
      const found = await sessionSubject(store, request.params.sessionId, user);
      const { id, position } = await submitReview(deps, found, user, request.body, commandContext(request));
      await request.settle(position);
      return reply.status(201).send(await reviewAnswer(db, user, id, new Date()));
    },
  });

  app.route({
    ...reviewsApi.reviewOrder,
    config: { roles: ['customer'] },
    handler: async (request, reply) => {
      const user = requireRole(request, 'customer');
      const found = await orderSubject(store, request.params.orderId, user);
      const content = {
        ...request.body,
        quality: null,
        punctuality: null,
        communication: null,
        professionalism: null,
        wouldRecommend: null,
        wouldWorkAgain: true,
        positivePoints: '',
        improvementAreas: '',
      };
      const { id, position } = await submitReview(deps, found, user, content, commandContext(request));
      await request.settle(position);
      return reply.status(201).send(await reviewAnswer(db, user, id, new Date()));
    },
  });

  app.route({
    ...reviewsApi.received,
    config: { roles: ['shopkeeper', 'collaborator'] },
    handler: async (request, reply) => {
      return answerPage(reply, await receivedBy(db, requireRole(request, 'shopkeeper', 'collaborator'), new Date(), request.query));
    },
  });

  app.route({
    ...reviewsApi.written,
    config: { roles: writers },
    handler: async (request, reply) => {
      return answerPage(reply, await writtenBy(db, requireRole(request, ...writers), new Date(), request.query));
    },
  });

  app.route({
    ...reviewsApi.reply,
    config: { roles: ['shopkeeper'] },
    handler: async (request) => {
      const user = requireRole(request, 'shopkeeper');
      // Only a review of the shop seen by its shopkeeper: anything else is not found.
      await reviewAnswer(db, user, request.params.id, new Date());
      await request.settle(await replyToReview(deps, request.params.id, user.id, request.body.reply, commandContext(request)));
      return reviewAnswer(db, user, request.params.id, new Date());
    },
  });

  app.route({
    ...reviewsApi.store,
    handler: async (request, reply) => publicReviews({ type: 'store', id: request.params.storeId }, request.query, reply),
  });

  app.route({
    ...reviewsApi.collaborator,
    handler: async (request, reply) => publicReviews({ type: 'collaborator', id: request.params.collaboratorId }, request.query, reply),
  });

  app.route({
    ...reviewsApi.adminList,
    handler: async (request, reply) => (await answerList(db, reply, reviewsResource, request.query)) as Review[],
  });
  app.route({ ...reviewsApi.adminGet, handler: async (request) => findOne<Review>(db, reviewsResource, request.params.id) });
};
