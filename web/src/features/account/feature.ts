import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

const AccountSettingsPage = lazy(() => import('./AccountSettingsPage'));

export const accountFeature: Feature = {
  name: 'account',
  area: [
    { path: '/shopkeeper/settings', page: AccountSettingsPage, menu: { shopkeeper: { place: 90, label: 'Impostazioni account', icon: PersonIcon } } },
    { path: '/customer/settings', page: AccountSettingsPage, menu: { customer: { place: 80, label: 'Impostazioni', icon: SettingsIcon } } },
    { path: '/customer/profile', page: lazy(() => import('./ProfilePage')), menu: { customer: { place: 70, label: 'Profilo', icon: PersonIcon } } },
  ],
};
