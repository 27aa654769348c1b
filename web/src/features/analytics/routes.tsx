import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const analyticsRoutes: FeatureRoutes = {
  area: [{ path: '/shopkeeper/analytics', page: lazy(() => import('./shop/ShopAnalyticsPage')) }],
  menus: {
    shopkeeper: [{ place: 70, to: '/shopkeeper/analytics', label: 'Statistiche', icon: 'analytics' }],
  },
};
