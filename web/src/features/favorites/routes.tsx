import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const favoritesRoutes: FeatureRoutes = {
  area: [{ path: '/customer/favorites', page: lazy(() => import('./FavoritesPage')) }],
  menus: {
    customer: [{ place: 40, to: '/customer/favorites', label: 'Preferiti', icon: 'favorites' }],
  },
};
