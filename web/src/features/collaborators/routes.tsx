import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const ProfilePage = lazy(() => import('./CollaboratorProfilePage'));
const CoverageAreaPage = lazy(() => import('./CoverageAreaPage'));
const StoresMapPage = lazy(() => import('./StoresMapPage'));

export const collaboratorsRoutes: FeatureRoutes = {
  area: [
    { path: '/collaborator/register', page: ProfilePage },
    { path: '/collaborator/profile', page: ProfilePage, menu: { collaborator: { place: 80, label: 'Profilo', icon: 'profile' } } },
    { path: '/collaborator/stores-map', page: StoresMapPage, menu: { collaborator: { place: 40, label: 'Mappa negozi', icon: 'map' } } },
    { path: '/collaborator/coverage-area', page: CoverageAreaPage, menu: { collaborator: { place: 50, label: 'Area di copertura', icon: 'area' } } },
  ],
  backOffice: [
    { place: 35, to: '/admin/collaboration-management', label: 'Collaboratori', icon: 'collaborations' },
    { place: 36, to: '/admin/collaboration-requests', label: 'Collaborazioni', icon: 'tasks' },
    { place: 37, to: '/admin/package-unlocks', label: 'Sblocchi pacchetti', icon: 'key' },
  ],
};
