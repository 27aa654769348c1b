import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const ReviewsPage = lazy(() => import('./ReviewsPage'));
const CollaboratorPublicPage = lazy(() => import('./CollaboratorPublicPage'));

const menuEntry = { label: 'Recensioni', icon: 'reviews' as const };

/** Issue [14]: reviews both ways after a session, customers' reviews of shops; a collaborator's public profile. */
export const reviewsRoutes: FeatureRoutes = {
  area: [
    { path: '/shopkeeper/reviews', page: ReviewsPage, menu: { shopkeeper: { place: 87, ...menuEntry } } },
    { path: '/collaborator/reviews', page: ReviewsPage, menu: { collaborator: { place: 75, ...menuEntry } } },
    { path: '/customer/reviews', page: ReviewsPage, menu: { customer: { place: 45, ...menuEntry } } },
    { path: '/collaborators/:id', page: CollaboratorPublicPage },
  ],
  backOffice: [{ place: 37.4, to: '/admin/reviews', label: 'Recensioni', icon: 'reviews' }],
};
