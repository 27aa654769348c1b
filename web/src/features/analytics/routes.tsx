import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const analyticsRoutes: FeatureRoutes = {
  area: [
    {
      path: '/shopkeeper/analytics',
      page: lazy(() => import('./shop/ShopAnalyticsPage')),
      menu: { shopkeeper: { place: 70, label: 'Statistiche', icon: 'analytics' } },
    },
  ],
};
