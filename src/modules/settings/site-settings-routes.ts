import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateSiteSettings } from './commands.js';
import { settingsApi } from './contract.js';
import { readPublicSiteSettings, readSiteSettings } from './queries.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';

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

  app.route({
    ...settingsApi.adminSite,
    handler: async (request) => {
      requireRole(request, 'admin');
      return { id: 'current' as const, ...(await readSiteSettings(db)) };
    },
  });

  app.route({
    ...settingsApi.updateSite,
    handler: async (request) => {
      requireRole(request, 'admin');
      await request.settle(await updateSiteSettings(app.deps, request.body, commandContext(request)));
      return { id: 'current' as const, ...(await readSiteSettings(db)) };
    },
  });
};
