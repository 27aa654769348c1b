import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const NotificationsPage = lazy(() => import('./NotificationsPage'));

export const notificationsRoutes: FeatureRoutes = {
  area: [
    { path: '/customer/notifications', page: NotificationsPage, menu: { customer: { place: 60, label: 'Notifiche', icon: 'notifications' } } },
    // The customer's notifications live in their area; every other role reads theirs here.
    { path: '/notifications', page: NotificationsPage },
  ],
};
