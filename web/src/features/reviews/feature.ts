import RateReviewIcon from '@mui/icons-material/RateReview';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

const ReviewsPage = lazy(() => import('./ReviewsPage'));
const CollaboratorPublicPage = lazy(() => import('./CollaboratorPublicPage'));

const menuEntry = { label: 'Recensioni', icon: RateReviewIcon };

/** Issue [14]: reviews both ways after a session, customers' reviews of shops; a collaborator's public profile. */
export const reviewsFeature: Feature<'review'> = {
  name: 'reviews',
  area: [
    { path: '/shopkeeper/reviews', page: ReviewsPage, menu: { shopkeeper: { place: 87, ...menuEntry } } },
    { path: '/collaborator/reviews', page: ReviewsPage, menu: { collaborator: { place: 75, ...menuEntry } } },
    { path: '/customer/reviews', page: ReviewsPage, menu: { customer: { place: 45, ...menuEntry } } },
    { path: '/collaborators/:id', page: CollaboratorPublicPage },
  ],
  backOffice: [{ place: 37.4, to: '/admin/reviews', label: 'Recensioni', icon: RateReviewIcon }],
  history: { review: 'reviews' },
};
