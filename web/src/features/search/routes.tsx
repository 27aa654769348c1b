import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const searchRoutes: FeatureRoutes = {
  public: [{ path: '/search', page: lazy(() => import('./SearchPage')) }],
  backOffice: [{ place: 42, to: '/admin/search-vocabulary', label: 'Vocabolario della ricerca', icon: 'products' }],
};
