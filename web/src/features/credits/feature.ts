import EuroIcon from '@mui/icons-material/Euro';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

const CreditsPage = lazy(() => import('./CreditsPage'));

export const creditsFeature: Feature = {
  name: 'credits',
  area: [
    { path: '/shopkeeper/credits', page: CreditsPage, menu: { shopkeeper: { place: 76, label: 'Crediti AI', icon: EuroIcon } } },
    { path: '/collaborator/credits', page: CreditsPage, menu: { collaborator: { place: 76, label: 'Crediti AI', icon: EuroIcon } } },
  ],
  backOffice: [{ place: 53, to: '/admin/credits', label: 'Crediti AI', icon: EuroIcon }],
};
