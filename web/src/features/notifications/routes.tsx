import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const NotificationsPage = lazy(() => import('./NotificationsPage'));

export const notificationsRoutes: FeatureRoutes = {
  area: [
    { path: '/customer/notifications', page: NotificationsPage },
    // The customer's notifications live in their area; every other role reads theirs here.
    { path: '/notifications', page: NotificationsPage },
  ],
  menus: {
    customer: [{ place: 60, to: '/customer/notifications', label: 'Notifiche', icon: 'notifications' }],
  },
};
