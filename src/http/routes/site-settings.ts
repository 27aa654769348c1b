import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { handleCommand } from '../../domain/shared/handle-command.js';
import { siteSettingsDecider, siteSettingsSchema, siteSettingsStreamId } from '../../domain/site-settings/decider.js';
import { readSiteSettings } from '../../projections/site-settings.js';
import { commandContext } from '../command-context.js';
import { requireRole } from '../plugins/session.js';

/** Site settings (spec §3): the public logo and look, and the admin's changes as commands. */
export const siteSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/site-settings/logo-url', async () => {
    const settings = await readSiteSettings(app.deps.pool);
    return { logoUrl: settings.useLogoImage || settings.logo ? settings.logo : null };
  });

  app.get('/api/site-settings', async () => readSiteSettings(app.deps.pool));

  app.get('/api/admin/site-settings', async (request) => {
    requireRole(request, 'admin');
    return { id: 1, ...(await readSiteSettings(app.deps.pool)) };
  });

  const update = async (request: Parameters<typeof requireRole>[0] & { body: unknown }) => {
    requireRole(request, 'admin');
    const changes = siteSettingsSchema.partial().parse(request.body);
    const { position } = await handleCommand(
      app.deps.store,
      siteSettingsStreamId,
      siteSettingsDecider,
      { type: 'UpdateSiteSettings', changes },
      commandContext(request),
    );
    await app.settle(position);
    return { id: 1, ...(await readSiteSettings(app.deps.pool)) };
  };
  app.patch('/api/admin/site-settings', { schema: { body: siteSettingsSchema.partial() } }, update);
  app.put('/api/admin/site-settings/:id', { schema: { body: siteSettingsSchema.partial() } }, update);
};
