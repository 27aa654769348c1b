import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const favoritesRoutes: FeatureRoutes = {
  area: [{ path: '/customer/favorites', page: lazy(() => import('./FavoritesPage')), menu: { customer: { place: 40, label: 'Preferiti', icon: 'favorites' } } }],
};
