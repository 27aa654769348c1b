import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const infoFeature: Feature = {
  name: 'info',
  public: [{ path: '/info/:slug', page: lazy(() => import('./InfoPage')) }],
};
