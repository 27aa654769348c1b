import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const storesRoutes: FeatureRoutes = {
  public: [{ path: '/stores/:slug', page: lazy(() => import('./customer/StorePage')) }],
  area: [
    { path: '/shopkeeper/store', page: lazy(() => import('./shop/StoreWizardPage')), menu: { shopkeeper: { place: 20, label: 'Il mio negozio', icon: 'store' } } },
    {
      path: '/shopkeeper/store/settings',
      page: lazy(() => import('./shop/StoreSettingsPage')),
      menu: { shopkeeper: { place: 60, label: 'Impostazioni negozio', icon: 'settings' } },
    },
  ],
  backOffice: [{ place: 30, to: '/admin/stores', label: 'Negozi', icon: 'store' }],
};
