import { lazy, Suspense } from 'react';
import { useSiteSettings } from './api';
import { useAuth } from '../../app/auth';

// The notice's MUI Alert loads only while maintenance is on: the home page's first load stays in budget.
const MaintenanceNotice = lazy(() => import('./MaintenanceNotice'));

/** While the admin has the site in maintenance, every page says so: writes are refused with 503. */
export function MaintenanceBanner() {
  const { data } = useSiteSettings();
  const { user } = useAuth();
  if (!data?.maintenanceMode) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceNotice admin={user?.role === 'admin'} />
    </Suspense>
  );
}
