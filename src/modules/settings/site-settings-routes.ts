import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateSiteSettings } from './commands.js';
import { settingsApi } from './contract.js';
import { readPublicSiteSettings, readSiteSettings } from './queries.js';
import { serveSettingsRecord } from '../../platform/http/settings-record.js';

/**
 * Site settings (spec §3): read by everyone (the web's theme, logo, maintenance banner, and the
 * maps' defaults from the Google Maps settings), changed by
 * admins as one record with id "current" (ra-data-simple-rest's getOne/update).
 */
export const siteSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.route({
    ...settingsApi.logoUrl,
    handler: async () => {
      const settings = await readSiteSettings(db);
      // The picture only when the admin chose it over the name written out (useLogoImage).
      return { logoUrl: settings.useLogoImage && settings.logo ? settings.logo : null };
    },
  });

  app.route({
    ...settingsApi.site,
    handler: async () => readPublicSiteSettings(db),
  });

  serveSettingsRecord(
    app,
    { get: settingsApi.adminSite, update: settingsApi.updateSite },
    {
      read: async () => ({ id: 'current' as const, ...(await readSiteSettings(db)) }),
      change: (changes, context) => updateSiteSettings(app.deps, changes, context),
    },
  );
};
