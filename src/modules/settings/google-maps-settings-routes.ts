import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateGoogleMapsSettings } from './commands.js';
import { settingsApi, type GoogleMapsSettingsRecord } from './contract.js';
import { withMaskedKey } from '../../platform/domain/secrets.js';
import { readGoogleMapsSettings } from './queries.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';

/** Google Maps settings (spec §3): one record with id "current", its key never shown whole. */
export const googleMapsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const current = async (): Promise<GoogleMapsSettingsRecord> => ({ id: 'current', ...withMaskedKey(await readGoogleMapsSettings(app.deps.db)) });

  app.route({
    ...settingsApi.googleMaps,
    handler: async (request) => {
      requireRole(request, 'admin');
      return current();
    },
  });

  app.route({
    ...settingsApi.updateGoogleMaps,
    handler: async (request) => {
      requireRole(request, 'admin');
      await request.settle(await updateGoogleMapsSettings(app.deps, request.body, commandContext(request)));
      return current();
    },
  });
};
