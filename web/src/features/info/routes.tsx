import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const infoRoutes: FeatureRoutes = {
  public: [{ path: '/info/:slug', page: lazy(() => import('./InfoPage')) }],
};
