import { escapeHtml } from '../../platform/domain/html.js';
import type { PageHead } from '../../platform/http/plugins/web.js';
import type { SiteSettings } from './site-settings.js';
import { publicSiteSettingsSources, readPublicSiteSettings } from './queries.js';

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

/** The web app's page head, made from the public site settings. */
export const siteSettingsHead: PageHead = {
  readModels: publicSiteSettingsSources,
  render: async (head, db) => headWithSettings(head, await readPublicSiteSettings(db)),
};
