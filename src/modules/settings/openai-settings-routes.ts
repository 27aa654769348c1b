import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateOpenAiSettings } from './commands.js';
import { settingsApi, type OpenAiSettingsRecord } from './contract.js';
import { withMaskedKey } from '../../platform/domain/secrets.js';
import { readOpenAiSettings } from './queries.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';

/** OpenAI settings: one record with id "current", its key never shown whole. */
export const openAiSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const current = async (): Promise<OpenAiSettingsRecord> => ({ id: 'current', ...withMaskedKey(await readOpenAiSettings(app.deps.db)) });

  app.route({
    ...settingsApi.openAi,
    handler: async (request) => {
      requireRole(request, 'admin');
      return current();
    },
  });

  app.route({
    ...settingsApi.updateOpenAi,
    handler: async (request) => {
      requireRole(request, 'admin');
      await request.settle(await updateOpenAiSettings(app.deps, request.body, commandContext(request)));
      return current();
    },
  });
};
