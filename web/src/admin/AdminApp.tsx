import { useTheme } from '@mui/material/styles';
import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { AdminLayout } from './AdminLayout';
import { AnalyticsPage } from './analytics/AnalyticsPage';
import { createAuthProvider } from './authProvider';
import { DataManagementPage } from './data-management/DataManagementPage';
import { dataProvider } from './dataProvider';
import { globalProducts } from './global-products';
import { i18nProvider } from './i18n/i18nProvider';
import { MobileApiSettingsPage } from './mobile-api/MobileApiSettingsPage';
import { orders } from './orders';
import { products } from './products';
import { GoogleMapsSettingsPage } from './settings/GoogleMapsSettingsPage';
import { OpenAiSettingsPage } from './settings/OpenAiSettingsPage';
import { SiteSettingsPage } from './settings/SiteSettingsPage';
import { SiteQueryClientContext } from './siteQueryClient';
import { stores } from './stores';
import { users } from './users';

/**
 * The back office at /admin/* (design §5): react-admin on the admin API, in Italian, inside the
 * site's router and in the site's theme (app/theme.ts in the site settings' colours, provided by
 * App). Loaded only when an admin path is opened.
 */
export default function AdminApp() {
  const siteQueryClient = useQueryClient();
  const siteTheme = useTheme();
  const authProvider = useMemo(() => createAuthProvider(siteQueryClient), [siteQueryClient]);
  // Admin lists are read fresh on every visit; spec §9 still holds: no retries, no refetch on focus.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } }),
  );
  return (
    <SiteQueryClientContext.Provider value={siteQueryClient}>
      <Admin
        basename="/admin"
        title="Vicino · Amministrazione"
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
        <Resource name="users" {...users} />
        <Resource name="stores" {...stores} />
        <Resource name="products" {...products} />
        <Resource name="global-products" {...globalProducts} />
        <Resource name="orders" {...orders} />
        <CustomRoutes>
          <Route path="/site-settings" element={<SiteSettingsPage />} />
          <Route path="/google-maps-settings" element={<GoogleMapsSettingsPage />} />
          <Route path="/openai-settings" element={<OpenAiSettingsPage />} />
          <Route path="/mobile-api-settings" element={<MobileApiSettingsPage />} />
          <Route path="/data-management" element={<DataManagementPage />} />
          <Route path="/analytics" element={<AnalyticsPage />} />
        </CustomRoutes>
      </Admin>
    </SiteQueryClientContext.Provider>
  );
}
