import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateGoogleMapsSettings } from './commands.js';
import { settingsApi, type GoogleMapsSettingsRecord } from './contract.js';
import { withMaskedKey } from '../../platform/domain/secrets.js';
import { readGoogleMapsSettings } from './queries.js';
import { serveSettingsRecord } from '../../platform/http/settings-record.js';

/** Google Maps settings (spec §3): one record with id "current", its key never shown whole. */
export const googleMapsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  serveSettingsRecord(
    app,
    { get: settingsApi.googleMaps, update: settingsApi.updateGoogleMaps },
    {
      read: async (): Promise<GoogleMapsSettingsRecord> => ({ id: 'current', ...withMaskedKey(await readGoogleMapsSettings(app.deps.db)) }),
      change: (form, context) => updateGoogleMapsSettings(app.deps, form, context),
    },
  );
};
