import { useTheme } from '@mui/material/styles';
import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { AdminLayout } from './AdminLayout';
import { AnalyticsPage } from '../features/analytics/admin/AnalyticsPage';
import { createAuthProvider } from './authProvider';
import { DataManagementPage } from '../features/data-management/admin/DataManagementPage';
import { contactSubmissions } from '../features/contact/admin';
import { collaborationRequests, collaborators, packageUnlocks } from '../features/collaborators/admin';
import { collaborationSessions } from '../features/collaboration-sessions/admin';
import { assignments } from '../features/assignments/admin';
import { reports } from '../features/reports/admin';
import { reviews } from '../features/reviews/admin';
import { tasks } from '../features/tasks/admin';
import { complaints } from '../features/complaints/admin';
import { CollaborationManagementPage } from '../features/complaints/admin/CollaborationManagementPage';
import { creditMovements, credits } from '../features/credits/admin';
import { payments } from '../features/payments/admin';
import { PaymentSettingsPage } from '../features/payments/admin/PaymentSettingsPage';
import { EmailManagementPage } from '../features/email/admin/EmailManagementPage';
import { dataProvider } from './dataProvider';
import { globalProducts } from '../features/global-products/admin';
import { i18nProvider } from './i18n/i18nProvider';
import { MobileApiSettingsPage } from '../features/site-settings/admin/MobileApiSettingsPage';
import { orders } from '../features/orders/admin';
import { packages } from '../features/packages/admin';
import { products } from '../features/products/admin';
import { searchVocabulary } from '../features/search/admin';
import { GoogleMapsSettingsPage } from '../features/site-settings/admin/GoogleMapsSettingsPage';
import { OpenAiSettingsPage } from '../features/site-settings/admin/OpenAiSettingsPage';
import { SiteSettingsPage } from '../features/site-settings/admin/SiteSettingsPage';
import { SiteQueryClientContext } from './siteQueryClient';
import { stores } from '../features/stores/admin';
import { users } from '../features/users/admin';

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
        <Resource name="packages" {...packages} />
        <Resource name="contact-submissions" {...contactSubmissions} />
        <Resource name="payments" {...payments} />
        <Resource name="credits" {...credits} />
        <Resource name="credit-movements" {...creditMovements} />
        <Resource name="collaborators" {...collaborators} />
        <Resource name="collaboration-requests" {...collaborationRequests} />
        <Resource name="package-unlocks" {...packageUnlocks} />
        <Resource name="collaboration-sessions" {...collaborationSessions} />
        <Resource name="assignments" {...assignments} />
        <Resource name="reports" {...reports} />
        <Resource name="tasks" {...tasks} />
        <Resource name="complaints" {...complaints} />
        <Resource name="reviews" {...reviews} />
        <Resource name="search-vocabulary" {...searchVocabulary} />
        <CustomRoutes>
          <Route path="/site-settings" element={<SiteSettingsPage />} />
          <Route path="/google-maps-settings" element={<GoogleMapsSettingsPage />} />
          <Route path="/openai-settings" element={<OpenAiSettingsPage />} />
          <Route path="/mobile-api-settings" element={<MobileApiSettingsPage />} />
          <Route path="/data-management" element={<DataManagementPage />} />
          <Route path="/analytics" element={<AnalyticsPage />} />
          <Route path="/email-management" element={<EmailManagementPage />} />
          <Route path="/payment-settings" element={<PaymentSettingsPage />} />
          {/* Spec §2's address of the collaboration management: the ways to collaborators, reports and complaints (issue [14]). */}
          <Route path="/collaboration-management" element={<CollaborationManagementPage />} />
        </CustomRoutes>
      </Admin>
    </SiteQueryClientContext.Provider>
  );
}
