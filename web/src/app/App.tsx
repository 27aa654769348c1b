import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { embeddedSiteSettings, siteSettingsQueryKey, useSiteSettings } from '../features/site-settings/api';
import { MaintenanceBanner } from '../features/site-settings/MaintenanceBanner';
import { ToastHost } from '../components/toast/ToastHost';
import { CookieNotice } from '../features/privacy/CookieNotice';
import { AuthProvider, useAuth } from './auth';
import { router } from './router';
import { siteTheme } from './theme';

/** The notifications' live stream, with its code, only for a signed-in user (issue [23], bench:web). */
const LiveNotifications = lazy(() => import('./layouts/HeaderActions').then((m) => ({ default: m.LiveNotifications })));

function SignedInLive() {
  const { user } = useAuth();
  return user ? (
    <Suspense fallback={null}>
      <LiveNotifications />
    </Suspense>
  ) : null;
}

const queryClient = createQueryClient();
const embedded = embeddedSiteSettings();
if (embedded) queryClient.setQueryData(siteSettingsQueryKey, embedded);

/**
 * The theme in the site settings' colours (admins change them): from the page itself when the
 * server wrote them there, else the defaults until they load or when they cannot be read.
 */
function SiteTheme({ children }: { children: ReactNode }) {
  const { data } = useSiteSettings();
  const theme = useMemo(() => siteTheme(data), [data]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteTheme>
        <AuthProvider>
          <MaintenanceBanner />
          <RouterProvider router={router} />
          <SignedInLive />
          <CookieNotice />
          <ToastHost />
        </AuthProvider>
      </SiteTheme>
    </QueryClientProvider>
  );
}
