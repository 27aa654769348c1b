import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const packagesRoutes: FeatureRoutes = {
  area: [{ path: '/shopkeeper/packages', page: lazy(() => import('./PackagesPage')), menu: { shopkeeper: { place: 75, label: 'Pacchetti', icon: 'earnings' } } }],
  backOffice: [{ place: 45, to: '/admin/packages', label: 'Pacchetti', icon: 'products' }],
};
