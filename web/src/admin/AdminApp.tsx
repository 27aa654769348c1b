import { useTheme } from '@mui/material/styles';
import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ComponentType } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { AdminLayout, AdminMenuContext } from './AdminLayout';
import { assembleAdmin, type AssembledAdmin } from './assemble';
import { createAuthProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProviderOf } from './i18n/i18nProvider';
import { italianMessages } from './i18n/it';
import { SiteQueryClientContext } from './siteQueryClient';
import { useSiteName } from '../features/site-settings/api';
import type { Feature, FeatureAdmin } from '../app/feature';
import { HistoryResourcesContext } from './history/HistoryTab';

/**
 * The back office at /admin/* (design §5): react-admin on the admin API, in Italian, inside the
 * site's router and in the site's theme (app/theme.ts in the site settings' colours, provided by
 * App). Its resources, screens, menu and messages are the features' (assemble.ts). Loaded only
 * when an admin path is opened.
 */
export function AdminApp({ admin }: { admin: AssembledAdmin }) {
  const siteQueryClient = useQueryClient();
  const site = useSiteName();
  const siteTheme = useTheme();
  const authProvider = useMemo(() => createAuthProvider(siteQueryClient), [siteQueryClient]);
  const i18nProvider = useMemo(() => i18nProviderOf(admin.messages), [admin.messages]);
  // Admin lists are read fresh on every visit; spec §9 still holds: no retries, no refetch on focus.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } }));
  return (
    <SiteQueryClientContext.Provider value={siteQueryClient}>
      <AdminMenuContext.Provider value={admin.menu}>
        <HistoryResourcesContext.Provider value={admin.history}>
          <Admin
            basename="/admin"
            title={`${site} · Amministrazione`}
            dataProvider={dataProvider}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            queryClient={queryClient}
            theme={siteTheme}
            darkTheme={null}
            layout={AdminLayout}
            loginPage={false}
            requireAuth
            disableTelemetry
          >
            {admin.resources.map(({ place: _place, ...resource }) => (
              <Resource key={resource.name} {...resource} />
            ))}
            <CustomRoutes>
              {admin.pages.map(({ path, page: Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
            </CustomRoutes>
          </Admin>
        </HistoryResourcesContext.Provider>
      </AdminMenuContext.Provider>
    </SiteQueryClientContext.Provider>
  );
}

/** The back office of the features of `list` and their loaded parts (parts.ts), as the router's lazy page. */
export function adminAppOf(list: readonly Feature<string>[], parts: readonly (FeatureAdmin | undefined)[]): ComponentType {
  const admin = assembleAdmin(list, parts, italianMessages);
  return function AssembledAdminApp() {
    return <AdminApp admin={admin} />;
  };
}
