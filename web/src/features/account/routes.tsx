import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const AccountSettingsPage = lazy(() => import('./AccountSettingsPage'));

export const accountRoutes: FeatureRoutes = {
  area: [
    { path: '/shopkeeper/settings', page: AccountSettingsPage },
    { path: '/customer/settings', page: AccountSettingsPage },
    { path: '/customer/profile', page: lazy(() => import('./ProfilePage')) },
  ],
  menus: {
    shopkeeper: [{ place: 90, to: '/shopkeeper/settings', label: 'Impostazioni account', icon: 'profile' }],
    customer: [
      { place: 70, to: '/customer/profile', label: 'Profilo', icon: 'profile' },
      { place: 80, to: '/customer/settings', label: 'Impostazioni', icon: 'settings' },
    ],
  },
};
