import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const contactRoutes: FeatureRoutes = {
  public: [{ path: '/contatti', page: lazy(() => import('./ContactPage')) }],
  backOffice: [{ place: 55, to: '/admin/contact-submissions', label: 'Messaggi di contatto', icon: 'notifications' }],
};
