import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const authRoutes: FeatureRoutes = {
  public: [{ path: '/auth', page: lazy(() => import('./AuthPage')) }],
};
