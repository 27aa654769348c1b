import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PublicMapSettings, PublicSiteSettings } from '@contracts/settings';
import { apiGet } from '../../lib/client';

/** The non-secret Google Maps settings (docs/api-settings.md): what the search and every map follow. */
export type MapSettings = PublicMapSettings;

/** Spec §9 defaults, until the settings load or when they cannot be read. */
export const defaultMapSettings: MapSettings = {
  defaultSearchRadius: 10,
  defaultMapZoom: 12,
  defaultLatitude: 41.9028,
  defaultLongitude: 12.4964,
  useClusteringForMarkers: true,
  restrictToBoundary: true,
  boundaryCountry: 'IT',
  directionsApp: 'openstreetmap',
};

/** GET /api/site-settings (docs/api-settings.md): what every visitor may read. */
export type { PublicSiteSettings };

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

/** The public site settings; the query names its own fetch, so the back office (react-admin's query client has no default one) reads them too. */
export const useSiteSettings = () => useQuery<PublicSiteSettings | null>({ queryKey: siteSettingsQueryKey, queryFn: () => apiGet<PublicSiteSettings>(siteSettingsQueryKey[0]) });

/**
 * The admin's map settings. The query names its own fetch: the back office's maps read it through
 * react-admin's query client, which has no default one.
 */
export function useMapSettings(): MapSettings {
  const { data } = useQuery<PublicSiteSettings | null>({ queryKey: siteSettingsQueryKey, queryFn: () => apiGet<PublicSiteSettings>(siteSettingsQueryKey[0]) });
  return data?.maps ?? defaultMapSettings;
}

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
