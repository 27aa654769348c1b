import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateOpenAiSettings } from './commands.js';
import { settingsApi, type OpenAiSettingsRecord } from './contract.js';
import { withMaskedKey } from '../../platform/domain/secrets.js';
import { readOpenAiSettings } from './queries.js';
import { serveSettingsRecord } from '../../platform/http/settings-record.js';

/** OpenAI settings: one record with id "current", its key never shown whole. */
export const openAiSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  serveSettingsRecord(
    app,
    { get: settingsApi.openAi, update: settingsApi.updateOpenAi },
    {
      read: async (): Promise<OpenAiSettingsRecord> => ({ id: 'current', ...withMaskedKey(await readOpenAiSettings(app.deps.db)) }),
      change: (form, context) => updateOpenAiSettings(app.deps, form, context),
    },
  );
};
