import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const componentsDemoRoutes: FeatureRoutes = {
  standalone: [{ path: '/components-demo', page: lazy(() => import('./ComponentsDemoPage')) }],
};
