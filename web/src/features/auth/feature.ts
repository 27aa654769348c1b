import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const authFeature: Feature = {
  name: 'auth',
  public: [{ path: '/auth', page: lazy(() => import('./AuthPage')) }],
};
