import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const reservationsRoutes: FeatureRoutes = {
  area: [
    {
      path: '/shopkeeper/reservations',
      page: lazy(() => import('./shop/ShopReservationsPage')),
      menu: { shopkeeper: { place: 40, label: 'Prenotazioni', icon: 'tasks' } },
    },
    {
      path: '/customer/reservations',
      page: lazy(() => import('./customer/CustomerReservationsPage')),
      menu: { customer: { place: 50, label: 'Prenotazioni', icon: 'tasks' } },
    },
  ],
};
