import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../platform/domain/errors.js';
import { readSiteSettings } from './queries.js';
import { ReadCache } from '../../platform/http/read-cache.js';

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signing in and out stay open, so an admin can come in to end the maintenance. */
const alwaysOpen = new Set(['/api/login', '/api/logout']);
const retryAfterSeconds = 300;

/**
 * Maintenance mode (site_settings.maintenanceMode): every write under /api by anyone but an admin
 * answers 503 with Retry-After; reads keep working. Runs after the session is read.
 */
export function registerMaintenanceMode(app: FastifyInstance): void {
  // The flag is asked on every write: kept until the site settings move on (ReadCache).
  const cache = new ReadCache(app.deps.projections, ['site-settings'], 1);
  app.addHook('preValidation', async (request, reply) => {
    if (!writes.has(request.method) || request.user?.role === 'admin') return;
    const url = request.url.split('?')[0]!;
    if (!url.startsWith('/api/') || alwaysOpen.has(url)) return;
    const on = JSON.parse(await cache.json('maintenance', async () => (await readSiteSettings(app.deps.db)).maintenanceMode)) as boolean;
    if (!on) return;
    reply.header('Retry-After', String(retryAfterSeconds));
    throw new DomainError('Il sito è in manutenzione: per ora puoi solo consultarlo. Riprova tra qualche minuto.', 'unavailable');
  });
}
