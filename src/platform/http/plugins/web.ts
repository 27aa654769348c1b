import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { SiteSettings } from '../../../modules/settings/site-settings.js';
import { publicSiteSettingsSources, readPublicSiteSettings } from '../../../modules/settings/site-settings-projection.js';
import { ReadCache } from '../read-cache.js';

/** Where `vite build` puts the web app (web/vite.config.ts). */
export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'dist', 'web');

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page's head with what the admin set in the site settings, for browsers and search engines
 * alike (no script needed): title, description, keywords, the theme colour and the favicon; and
 * the public settings themselves (what GET /api/site-settings answers), so the first paint has the
 * admin's colours and name, and the first search its map centre and radius.
 */
export function headWithSettings(head: string, settings: SiteSettings): string {
  const title = settings.metaTitle.trim() || settings.siteName;
  const description = settings.metaDescription.trim() || settings.siteDescription;
  const extra = [
    settings.metaKeywords.trim() ? `<meta name="keywords" content="${escapeHtml(settings.metaKeywords.trim())}" />` : '',
    settings.favicon ? `<link rel="icon" href="${escapeHtml(settings.favicon)}" />` : '',
    // As JSON a script cannot end early: "<" is escaped wherever it sits.
    `<script id="site-settings" type="application/json">${JSON.stringify(settings).replace(/</g, '\\u003c')}</script>`,
  ].join('');
  // Replaced by functions: a "$" the admin typed is no replacement pattern.
  let page = head
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(description)}" />`)
    .replace(/<meta name="theme-color" content="[^"]*"\s*\/?>/, () => `<meta name="theme-color" content="${escapeHtml(settings.primaryColor)}" />`);
  if (settings.favicon) page = page.replace(/<link rel="icon"[^>]*>/, '');
  return page + extra;
}

/**
 * Serves the built web app from the same origin as the API; any other GET that is not under
 * /api answers index.html so that the browser's router shows the page (or its own 404), its head
 * made from the site settings (headWithSettings).
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
  const [head, tail] = readFileSync(path.join(root, 'index.html'), 'utf8').split('</head>') as [string, string];
  const pages = new ReadCache(app.deps.projections, publicSiteSettingsSources, 1);
  app.get('/*', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
    const page = await pages.text('page', async () => `${headWithSettings(head, await readPublicSiteSettings(app.deps.pool))}</head>${tail}`);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });
}
