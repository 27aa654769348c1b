import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopActor } from '../collaboration-sessions/acting.js';
import { answerList, findOne } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { DomainError } from '../../platform/domain/errors.js';
import { ledgerOf } from '../credits/commands.js';
import { balanceAt } from '../credits/ledger.js';
import { whyAiUnavailable } from '../settings/openai-settings.js';
import { readOpenAiSettings } from '../settings/queries.js';
import { callAiFunction, changeAiFunctionCost, createAiFunctionCost, deleteAiFunctionCost } from './commands.js';
import { aiApi, aiCallKey, type AiFunctionCost, type AiFunctions } from './contract.js';
import { DEFAULT_AI_FUNCTION_COST } from './function-cost.js';
import { aiFunctionDescriptions, aiFunctionNames, type AiFunctionName } from './functions.js';
import { aiFunctionCostsResource, functionCosts } from './queries.js';

const callsByName = {
  'product-description': aiApi.productDescription,
  'shop-description': aiApi.shopDescription,
  'product-category': aiApi.productCategory,
  'review-reply': aiApi.reviewReply,
  'price-suggestion': aiApi.priceSuggestion,
} satisfies Record<AiFunctionName, unknown>;

/** Issue [11]: the AI functions for shopkeepers and collaborators, and the admin's table of their costs. */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, store } = app.deps;
  /** The collaborator's context: acting for the shop when an active session allows AI, on their own account otherwise. */
  const sessionContext = async (request: FastifyRequest) => {
    try {
      return (await shopActor(request, app.deps, 'ai')).ctx;
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'forbidden') return commandContext(request);
      throw err;
    }
  };

  app.route({
    ...aiApi.functions,
    handler: async (request): Promise<AiFunctions> => {
      const user = requireRole(request, 'shopkeeper', 'collaborator');
      const [rows, settings, ledger] = await Promise.all([functionCosts(db), readOpenAiSettings(db), ledgerOf(store, user.id)]);
      const cost = new Map(rows.map((row) => [row.functionName, row]));
      const unavailableReason = whyAiUnavailable(settings);
      return {
        available: unavailableReason === null,
        unavailableReason,
        balance: balanceAt(ledger, new Date()),
        functions: aiFunctionNames.map((functionName) => ({
          functionName,
          creditsCost: cost.get(functionName)?.creditsCost ?? DEFAULT_AI_FUNCTION_COST,
          description: cost.get(functionName)?.description || aiFunctionDescriptions[functionName],
        })),
      };
    },
  });

  for (const functionName of aiFunctionNames) {
    // One handler for the five: each call validates its own body (the contract's), read here as the function's input.
    app.route({
      ...(callsByName[functionName] as typeof aiApi.productDescription),
      handler: async (request) => {
        const user = requireRole(request, 'shopkeeper', 'collaborator');
        const key = aiCallKey.safeParse(request.headers['idempotency-key']);
        if (!key.success) throw new DomainError(key.error.issues[0]!.message, 'invalid');
        // A collaborator in an active session that allows AI works for the shop: the call and its credits name the session.
        const ctx = user.role === 'collaborator' ? await sessionContext(request) : commandContext(request);
        const { outcome, position } = await callAiFunction(app.deps, { userId: user.id, functionName, input: request.body, idempotencyKey: key.data }, ctx);
        // The credits' history shows the charge or the release by the time the answer arrives.
        await request.settle(position);
        if (outcome instanceof DomainError) throw outcome;
        return outcome;
      },
    });
  }

  const cost = (id: string) => findOne<AiFunctionCost>(db, aiFunctionCostsResource, id);
  app.route({
    ...aiApi.costs,
    handler: async (request, reply) => (await answerList(db, reply, aiFunctionCostsResource, request.query)) as AiFunctionCost[],
  });
  app.route({ ...aiApi.cost, handler: async (request) => cost(request.params.id) });
  app.route({
    ...aiApi.createCost,
    handler: async (request, reply) => {
      const { id, position } = await createAiFunctionCost(app.deps, request.body, commandContext(request));
      await request.settle(position);
      return reply.status(201).send(await cost(id));
    },
  });
  app.route({
    ...aiApi.updateCost,
    handler: async (request) => {
      const { id } = await cost(request.params.id);
      await request.settle(await changeAiFunctionCost(app.deps, id, request.body, commandContext(request)));
      return cost(id);
    },
  });
  app.route({
    ...aiApi.deleteCost,
    handler: async (request) => {
      const current = await cost(request.params.id);
      await request.settle(await deleteAiFunctionCost(app.deps, current.id, commandContext(request)));
      return current;
    },
  });
};
