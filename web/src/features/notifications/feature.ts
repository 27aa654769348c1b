import NotificationsIcon from '@mui/icons-material/Notifications';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

const NotificationsPage = lazy(() => import('./NotificationsPage'));

export const notificationsFeature: Feature = {
  name: 'notifications',
  area: [
    { path: '/customer/notifications', page: NotificationsPage, menu: { customer: { place: 60, label: 'Notifiche', icon: NotificationsIcon } } },
    // The customer's notifications live in their area; every other role reads theirs here.
    { path: '/notifications', page: NotificationsPage },
  ],
};
