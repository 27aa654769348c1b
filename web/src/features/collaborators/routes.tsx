import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const ProfilePage = lazy(() => import('./CollaboratorProfilePage'));

export const collaboratorsRoutes: FeatureRoutes = {
  area: [
    { path: '/collaborator/register', page: ProfilePage },
    { path: '/collaborator/profile', page: ProfilePage, menu: { collaborator: { place: 80, label: 'Profilo', icon: 'profile' } } },
  ],
  backOffice: [{ place: 35, to: '/admin/collaboration-management', label: 'Collaboratori', icon: 'collaborations' }],
};
