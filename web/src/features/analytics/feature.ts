import AnalyticsIcon from '@mui/icons-material/Analytics';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const analyticsFeature: Feature = {
  name: 'analytics',
  area: [
    {
      path: '/shopkeeper/analytics',
      page: lazy(() => import('./shop/ShopAnalyticsPage')),
      menu: { shopkeeper: { place: 70, label: 'Statistiche', icon: AnalyticsIcon } },
    },
  ],
};
