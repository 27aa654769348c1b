import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { siteSettingsDecider, siteSettingsStreamId } from './site-settings.js';
import { readPublicSiteSettings, readSiteSettings } from './site-settings-projection.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { siteSettingsInput } from './schemas.js';

/**
 * Site settings (spec §3): read by everyone (the web's theme, logo, maintenance banner, and the
 * maps' defaults from the Google Maps settings), changed by
 * admins as one record with id "current" (ra-data-simple-rest's getOne/update).
 */
export const siteSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/site-settings/logo-url', async () => {
    const settings = await readSiteSettings(app.deps.pool);
    // The picture only when the admin chose it over the name written out (useLogoImage).
    return { logoUrl: settings.useLogoImage && settings.logo ? settings.logo : null };
  });

  app.get('/api/site-settings', async () => readPublicSiteSettings(app.deps.pool));

  app.get('/api/admin/site-settings/current', async (request) => {
    requireRole(request, 'admin');
    return { id: 'current', ...(await readSiteSettings(app.deps.pool)) };
  });

  app.put('/api/admin/site-settings/current', { schema: { body: siteSettingsInput } }, async (request) => {
    requireRole(request, 'admin');
    const { position } = await handleCommand(
      app.deps.store,
      siteSettingsStreamId,
      siteSettingsDecider,
      { type: 'UpdateSiteSettings', changes: request.body },
      commandContext(request),
    );
    await request.settle(position);
    return { id: 'current', ...(await readSiteSettings(app.deps.pool)) };
  });
};
