import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const dashboardRoutes: FeatureRoutes = {
  area: [
    { path: '/dashboard/admin', page: lazy(() => import('./admin/AdminDashboard')) },
    { path: '/dashboard/shopkeeper', page: lazy(() => import('./shopkeeper/ShopkeeperDashboard')) },
    { path: '/dashboard/collaborator', page: lazy(() => import('./collaborator/CollaboratorDashboard')) },
    { path: '/dashboard/customer', page: lazy(() => import('./customer/CustomerDashboard')) },
  ],
  menus: {
    admin: [{ place: 10, to: '/dashboard/admin', label: 'Dashboard', icon: 'dashboard' }],
    shopkeeper: [{ place: 10, to: '/dashboard/shopkeeper', label: 'Dashboard', icon: 'dashboard' }],
    collaborator: [{ place: 10, to: '/dashboard/collaborator', label: 'Dashboard', icon: 'dashboard' }],
    customer: [{ place: 10, to: '/dashboard/customer', label: 'Dashboard', icon: 'dashboard' }],
  },
};
