import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const storesRoutes: FeatureRoutes = {
  public: [{ path: '/stores/:slug', page: lazy(() => import('./customer/StorePage')) }],
  area: [
    { path: '/shopkeeper/store', page: lazy(() => import('./shop/StoreWizardPage')) },
    { path: '/shopkeeper/store/settings', page: lazy(() => import('./shop/StoreSettingsPage')) },
  ],
  menus: {
    admin: [{ place: 30, to: '/admin/stores', label: 'Negozi', icon: 'store' }],
    shopkeeper: [
      { place: 20, to: '/shopkeeper/store', label: 'Il mio negozio', icon: 'store' },
      { place: 60, to: '/shopkeeper/store/settings', label: 'Impostazioni negozio', icon: 'settings' },
    ],
  },
};
