import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const CreditsPage = lazy(() => import('./CreditsPage'));

export const creditsRoutes: FeatureRoutes = {
  area: [
    { path: '/shopkeeper/credits', page: CreditsPage, menu: { shopkeeper: { place: 76, label: 'Crediti AI', icon: 'earnings' } } },
    { path: '/collaborator/credits', page: CreditsPage, menu: { collaborator: { place: 76, label: 'Crediti AI', icon: 'earnings' } } },
  ],
  backOffice: [{ place: 53, to: '/admin/credits', label: 'Crediti AI', icon: 'earnings' }],
};
