import HandshakeIcon from '@mui/icons-material/Handshake';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

const CollaborationsPage = lazy(() => import('./shop/CollaborationsPage'));
const RequestsPage = lazy(() => import('./collaborator/RequestsPage'));

export const collaborationRequestsFeature: Feature = {
  name: 'collaboration-requests',
  area: [
    { path: '/shopkeeper/collaborations', page: CollaborationsPage, menu: { shopkeeper: { place: 80, label: 'Collaborazioni', icon: HandshakeIcon } } },
    { path: '/collaborator/requests', page: RequestsPage, menu: { collaborator: { place: 15, label: 'Richieste', icon: NotificationsIcon } } },
  ],
};
