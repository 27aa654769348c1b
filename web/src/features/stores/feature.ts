import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const storesFeature: Feature<'store'> = {
  name: 'stores',
  public: [{ path: '/stores/:slug', page: lazy(() => import('./customer/StorePage')) }],
  area: [
    { path: '/shopkeeper/store', page: lazy(() => import('./shop/StoreWizardPage')), menu: { shopkeeper: { place: 20, label: 'Il mio negozio', icon: StorefrontIcon } } },
    {
      path: '/shopkeeper/store/settings',
      page: lazy(() => import('./shop/StoreSettingsPage')),
      menu: { shopkeeper: { place: 60, label: 'Impostazioni negozio', icon: SettingsIcon } },
    },
  ],
  backOffice: [{ place: 30, to: '/admin/stores', label: 'Negozi', icon: StorefrontIcon }],
  history: { store: 'stores' },
};
