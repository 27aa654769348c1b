import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const componentsDemoFeature: Feature = {
  name: 'components-demo',
  standalone: [{ path: '/components-demo', page: lazy(() => import('./ComponentsDemoPage')) }],
};
