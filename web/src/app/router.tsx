import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { features } from '../features';
import type { FeaturePage } from './feature';
import { FullPageSpinner, Protected } from './guards';
import { PublicLayout } from './layouts/PublicLayout';

/* Everything but the home page loads on demand, so the first load stays small. */
const DashboardFrame = lazy(() => import('./layouts/DashboardFrame'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
/*
 * react-admin and its screens: a chunk of their own, and each listed feature's back office
 * (admin/parts.ts), fetched together only on /admin/*.
 */
const AdminApp = lazy(async () => {
  const [{ adminAppOf }, parts] = await Promise.all([import('../admin/AdminApp'), import('../admin/parts').then(({ loadAdminParts }) => loadAdminParts(features))]);
  return { default: adminAppOf(features, parts) };
});

const page = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;

const publicFrame = (
  <PublicLayout>
    <Outlet />
  </PublicLayout>
);

/** Each feature's pages of one kind; a framed page waits for its chunk inside its frame. */
const pages = (kind: 'public' | 'standalone' | 'area', wrap: (node: ReactNode) => ReactNode): RouteObject[] =>
  features.flatMap((feature) => feature[kind] ?? []).map(({ path, page: Page }: FeaturePage) => ({ path, element: wrap(<Page />) }));

export const router = createBrowserRouter([
  { element: publicFrame, children: pages('public', page) },
  ...pages('standalone', page),
  // The back office has react-admin's own frame; the guard sends others to /auth or their dashboard.
  {
    path: '/admin/*',
    element: page(
      <Protected>
        <AdminApp />
      </Protected>,
    ),
  },
  {
    // Any protected area path: logged-out users go to /auth, wrong roles to their dashboard.
    element: page(<DashboardFrame />),
    children: [
      ...pages('area', (node) => node),
      { path: '/shopkeeper/*', element: page(<NotFoundPage />) },
      { path: '/collaborator/*', element: page(<NotFoundPage />) },
      { path: '/customer/*', element: page(<NotFoundPage />) },
    ],
  },
  { path: '*', element: page(<NotFoundPage />) },
]);
