import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openAiSettingsDecider, openAiSettingsStreamId } from '../../domain/openai-settings/decider.js';
import { handleCommand } from '../../domain/shared/handle-command.js';
import { keyChanges, withMaskedKey } from '../../domain/shared/secrets.js';
import { readOpenAiSettings } from '../../projections/openai-settings.js';
import { commandContext } from '../command-context.js';
import { requireRole } from '../plugins/session.js';
import { openAiSettingsInput } from '../schemas/settings.js';

/** OpenAI settings: one record with id "current", its key never shown whole. */
export const openAiSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const current = async (request: Parameters<typeof requireRole>[0]) => {
    requireRole(request, 'admin');
    return { id: 'current', ...withMaskedKey(await readOpenAiSettings(app.deps.pool)) };
  };

  app.get('/api/admin/openai-settings/current', current);

  app.put('/api/admin/openai-settings/current', { schema: { body: openAiSettingsInput } }, async (request) => {
    requireRole(request, 'admin');
    const { position } = await handleCommand(
      app.deps.store,
      openAiSettingsStreamId,
      openAiSettingsDecider,
      { type: 'UpdateOpenAiSettings', changes: keyChanges(request.body) },
      commandContext(request),
    );
    await request.settle(position);
    return current(request);
  });
};
