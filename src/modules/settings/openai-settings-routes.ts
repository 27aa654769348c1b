import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openAiSettingsDecider, openAiSettingsStreamId } from './openai-settings.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { keyChanges, withMaskedKey } from '../../platform/domain/secrets.js';
import { readOpenAiSettings } from './openai-settings-projection.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { openAiSettingsInput } from './schemas.js';

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
