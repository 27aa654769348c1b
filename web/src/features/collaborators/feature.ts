import HandshakeIcon from '@mui/icons-material/Handshake';
import KeyIcon from '@mui/icons-material/Key';
import MapIcon from '@mui/icons-material/Map';
import PersonIcon from '@mui/icons-material/Person';
import ShareLocationIcon from '@mui/icons-material/ShareLocation';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

const ProfilePage = lazy(() => import('./CollaboratorProfilePage'));
const CoverageAreaPage = lazy(() => import('./CoverageAreaPage'));
const StoresMapPage = lazy(() => import('./StoresMapPage'));

export const collaboratorsFeature: Feature<'collaborator' | 'collaboration-request' | 'package-unlock'> = {
  name: 'collaborators',
  area: [
    { path: '/collaborator/register', page: ProfilePage },
    { path: '/collaborator/profile', page: ProfilePage, menu: { collaborator: { place: 80, label: 'Profilo', icon: PersonIcon } } },
    { path: '/collaborator/stores-map', page: StoresMapPage, menu: { collaborator: { place: 40, label: 'Mappa negozi', icon: MapIcon } } },
    { path: '/collaborator/coverage-area', page: CoverageAreaPage, menu: { collaborator: { place: 50, label: 'Area di copertura', icon: ShareLocationIcon } } },
  ],
  // The area a collaborator covers is theirs alone, though a shopkeeper may open the collaborator's other pages.
  access: [{ path: /^\/collaborator\/coverage-area/, roles: ['collaborator'] }],
  backOffice: [
    { place: 35, to: '/admin/collaboration-management', label: 'Collaboratori', icon: HandshakeIcon },
    { place: 36, to: '/admin/collaboration-requests', label: 'Collaborazioni', icon: TaskAltIcon },
    { place: 37, to: '/admin/package-unlocks', label: 'Sblocchi pacchetti', icon: KeyIcon },
  ],
  history: { collaborator: 'collaborators', 'collaboration-request': 'collaboration-requests', 'package-unlock': 'package-unlocks' },
};
