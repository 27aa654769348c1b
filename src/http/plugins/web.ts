import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where `vite build` puts the web app (web/vite.config.ts). */
export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'dist', 'web');

/**
 * Serves the built web app from the same origin as the API; any other GET that is not under
 * /api answers index.html so that the browser's router shows the page (or its own 404).
 */
export async function registerWeb(app: FastifyInstance, root = webRoot): Promise<void> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: run `npm run build`');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // scripts/build-web.ts writes .br and .gz beside each asset.
    preCompressed: true,
    // Hashed assets never change; index.html must always be asked again.
    setHeaders: (reply, file) => {
      reply.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
