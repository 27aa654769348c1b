import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

/** GET /api/site-settings (docs/api-settings.md): what every visitor may read. */
export interface PublicSiteSettings {
  siteName: string;
  siteDescription: string;
  logo: string | null;
  favicon: string | null;
  useLogoImage: boolean;
  primaryColor: string;
  secondaryColor: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  footerText: string;
  contactEmail: string;
  socialLinks: Record<string, string>;
  maintenanceMode: boolean;
  allowRegistration: boolean;
}

export const siteSettingsQueryKey = ['/api/site-settings'] as const;

/**
 * The settings the server wrote into the page (src/http/plugins/web.ts), so the first paint has
 * the right colours; undefined under Vite's dev server, where they are fetched instead.
 */
export function embeddedSiteSettings(): PublicSiteSettings | undefined {
  const text = document.getElementById('site-settings')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PublicSiteSettings;
  } catch {
    return undefined;
  }
}

export const useSiteSettings = () => useQuery<PublicSiteSettings | null>({ queryKey: siteSettingsQueryKey });

/** The site's name as the admin set it (site settings), "Vicino" until they load. */
export function useSiteName(): string {
  const { data } = useSiteSettings();
  return data?.siteName?.trim() || 'Vicino';
}

/**
 * Names the browser tab after the page, followed by the site's name; `null` for the home page,
 * which takes the search engines' title of the site settings (metaTitle) or the site's name.
 */
export function usePageTitle(title: string | null): void {
  const { data } = useSiteSettings();
  const siteName = useSiteName();
  const home = data?.metaTitle?.trim() || siteName;
  useEffect(() => {
    document.title = title === null ? home : `${title} — ${siteName}`;
  }, [title, siteName, home]);
}
