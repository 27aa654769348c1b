import type { FeatureRoutes } from '../../app/feature';

export const creditsRoutes: FeatureRoutes = {
  backOffice: [{ place: 53, to: '/admin/credits', label: 'Crediti AI', icon: 'earnings' }],
};
