import { Box, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { dashboardPath, rolesForPath } from './access';
import { useAuth } from './auth';

export function FullPageSpinner() {
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }} role="status" aria-label="Caricamento">
      <CircularProgress color="secondary" />
    </Box>
  );
}

/** Spec §6: no user → /auth; a role the path does not admit → the user's own dashboard. */
export function Protected({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  const allowed = rolesForPath(pathname);
  if (allowed && !allowed.includes(user.role)) return <Navigate to={dashboardPath(user.role)} replace />;
  return <>{children}</>;
}
