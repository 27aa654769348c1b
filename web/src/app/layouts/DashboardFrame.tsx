import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageSpinner, Protected } from '../guards';
import { DashboardLayout } from './DashboardLayout';

/** The protected areas' frame, loaded only when a dashboard is opened (keeps the home page light). */
export default function DashboardFrame() {
  return (
    <Protected>
      <DashboardLayout>
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </DashboardLayout>
    </Protected>
  );
}
