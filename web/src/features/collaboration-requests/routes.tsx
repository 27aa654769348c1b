import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const CollaborationsPage = lazy(() => import('./shop/CollaborationsPage'));
const RequestsPage = lazy(() => import('./collaborator/RequestsPage'));

export const collaborationRequestsRoutes: FeatureRoutes = {
  area: [
    { path: '/shopkeeper/collaborations', page: CollaborationsPage, menu: { shopkeeper: { place: 80, label: 'Collaborazioni', icon: 'collaborations' } } },
    { path: '/collaborator/requests', page: RequestsPage, menu: { collaborator: { place: 15, label: 'Richieste', icon: 'notifications' } } },
  ],
};
