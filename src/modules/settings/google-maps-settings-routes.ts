import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { googleMapsSettingsDecider, googleMapsSettingsStreamId } from './google-maps-settings.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { keyChanges, withMaskedKey } from '../../platform/domain/secrets.js';
import { readGoogleMapsSettings } from './google-maps-settings-projection.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { googleMapsSettingsInput } from './schemas.js';

/** Google Maps settings (spec §3): one record with id "current", its key never shown whole. */
export const googleMapsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const current = async (request: Parameters<typeof requireRole>[0]) => {
    requireRole(request, 'admin');
    return { id: 'current', ...withMaskedKey(await readGoogleMapsSettings(app.deps.pool)) };
  };

  app.get('/api/admin/google-maps-settings/current', current);

  app.put('/api/admin/google-maps-settings/current', { schema: { body: googleMapsSettingsInput } }, async (request) => {
    requireRole(request, 'admin');
    const { position } = await handleCommand(
      app.deps.store,
      googleMapsSettingsStreamId,
      googleMapsSettingsDecider,
      { type: 'UpdateGoogleMapsSettings', changes: keyChanges(request.body) },
      commandContext(request),
    );
    await request.settle(position);
    return current(request);
  });
};
