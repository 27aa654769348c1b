import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../api/query-client';
import { Toaster } from '../components/toast/Toaster';
import { AuthProvider } from './auth';
import { LiveNotifications } from './layouts/HeaderActions';
import { router } from './router';
import { buildTheme, defaultColors } from './theme';

const queryClient = createQueryClient();

/** The theme in the site settings' colours (admins change them), the defaults until they load. */
function SiteTheme({ children }: { children: ReactNode }) {
  const { data } = useQuery<{ primaryColor: string; secondaryColor: string } | null>({ queryKey: ['/api/site-settings'] });
  const theme = useMemo(
    () => buildTheme(data ? { primary: data.primaryColor, secondary: data.secondaryColor } : defaultColors),
    [data],
  );
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
          <RouterProvider router={router} />
          <LiveNotifications />
          <Toaster />
        </AuthProvider>
      </SiteTheme>
    </QueryClientProvider>
  );
}
