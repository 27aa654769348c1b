import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const AccountSettingsPage = lazy(() => import('./AccountSettingsPage'));

export const accountRoutes: FeatureRoutes = {
  area: [
    { path: '/shopkeeper/settings', page: AccountSettingsPage, menu: { shopkeeper: { place: 90, label: 'Impostazioni account', icon: 'profile' } } },
    { path: '/customer/settings', page: AccountSettingsPage, menu: { customer: { place: 80, label: 'Impostazioni', icon: 'settings' } } },
    { path: '/customer/profile', page: lazy(() => import('./ProfilePage')), menu: { customer: { place: 70, label: 'Profilo', icon: 'profile' } } },
  ],
};
