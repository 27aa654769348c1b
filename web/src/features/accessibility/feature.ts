import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const accessibilityFeature: Feature = {
  name: 'accessibility',
  public: [{ path: '/accessibilita', page: lazy(() => import('./AccessibilityPage')) }],
};
