import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/*
 * react-admin keeps its own query client; the site's (session user, site settings and theme)
 * stays reachable here, so that what the admin changes shows at once in the rest of the app.
 */
export const SiteQueryClientContext = createContext<QueryClient | null>(null);

export function useSiteQueryClient(): QueryClient {
  const client = useContext(SiteQueryClientContext);
  if (!client) throw new Error('useSiteQueryClient must be used within AdminApp');
  return client;
}
