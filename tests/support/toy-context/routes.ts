import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandContext } from '../../../src/platform/http/command-context.js';
import { countTally } from './commands.js';
import { toyApi } from './contract.js';
import { tallyOf } from './queries.js';

/** Counting on a tally, and reading it. */
export const tallyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { store, pool } = app.deps;

  app.route({
    ...toyApi.count,
    handler: async (request) => {
      await request.settle(await countTally(store, request.params.id, request.body.by, commandContext(request)));
      return tallyOf(pool, request.params.id);
    },
  });

  app.route({ ...toyApi.show, handler: async (request) => tallyOf(pool, request.params.id) });
};
