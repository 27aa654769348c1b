import DashboardIcon from '@mui/icons-material/Dashboard';
import { lazy, type ComponentType } from 'react';
import { dashboardPath } from '../../app/paths';
import type { Feature } from '../../app/feature';
import type { Role } from '../../lib/types';

const dashboards: Record<Role, ComponentType> = {
  admin: lazy(() => import('./admin/AdminDashboard')),
  shopkeeper: lazy(() => import('./shopkeeper/ShopkeeperDashboard')),
  collaborator: lazy(() => import('./collaborator/CollaboratorDashboard')),
  customer: lazy(() => import('./customer/CustomerDashboard')),
};

/* Each role's dashboard, first in its menu. */
export const dashboardFeature: Feature = {
  name: 'dashboard',
  area: (Object.keys(dashboards) as Role[]).map((role) => ({
    path: dashboardPath(role),
    page: dashboards[role],
    menu: { [role]: { place: 10, label: 'Dashboard', icon: DashboardIcon } },
  })),
};
