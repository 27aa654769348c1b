import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ReadDb } from '../../db/read.js';
import { ReadCache } from '../read-cache.js';

/** What the page's head gains on the way out, and the read models it is made from (kept until they move). */
export interface PageHead {
  readModels: string[];
  render(head: string, db: ReadDb): Promise<string>;
}

/** Where `vite build` puts the web app (web/vite.config.ts). */
export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'dist', 'web');

/**
 * Serves the built web app from the same origin as the API; any other GET that is not under
 * /api answers index.html so that the browser's router shows the page (or its own 404), its head
 * completed by `pageHead` (the site settings' title, colours…).
 */
export async function registerWeb(app: FastifyInstance, root = webRoot, pageHead?: PageHead): Promise<void> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'interfaccia web non costruita: esegui `npm run build`');
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
  const [head, tail] = readFileSync(path.join(root, 'index.html'), 'utf8').split('</head>') as [string, string];
  const pages = new ReadCache(app.deps.projections, pageHead?.readModels ?? [], 1);
  app.get('/*', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
    const page = await pages.text('page', async () => `${pageHead ? await pageHead.render(head, app.deps.db) : head}</head>${tail}`);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });
}
