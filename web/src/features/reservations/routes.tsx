import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const reservationsRoutes: FeatureRoutes = {
  area: [
    { path: '/shopkeeper/reservations', page: lazy(() => import('./shop/ShopReservationsPage')) },
    { path: '/customer/reservations', page: lazy(() => import('./customer/CustomerReservationsPage')) },
  ],
  menus: {
    shopkeeper: [{ place: 40, to: '/shopkeeper/reservations', label: 'Prenotazioni', icon: 'tasks' }],
    customer: [{ place: 50, to: '/customer/reservations', label: 'Prenotazioni', icon: 'tasks' }],
  },
};
