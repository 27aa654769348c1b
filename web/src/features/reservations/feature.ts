import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const reservationsFeature: Feature<'reservation'> = {
  name: 'reservations',
  area: [
    {
      path: '/shopkeeper/reservations',
      page: lazy(() => import('./shop/ShopReservationsPage')),
      menu: { shopkeeper: { place: 40, label: 'Prenotazioni', icon: TaskAltIcon } },
    },
    {
      path: '/customer/reservations',
      page: lazy(() => import('./customer/CustomerReservationsPage')),
      menu: { customer: { place: 50, label: 'Prenotazioni', icon: TaskAltIcon } },
    },
  ],
  history: { reservation: 'reservations' },
};
