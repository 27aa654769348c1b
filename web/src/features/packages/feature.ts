import EuroIcon from '@mui/icons-material/Euro';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const packagesFeature: Feature<'package'> = {
  name: 'packages',
  area: [{ path: '/shopkeeper/packages', page: lazy(() => import('./PackagesPage')), menu: { shopkeeper: { place: 75, label: 'Pacchetti', icon: EuroIcon } } }],
  backOffice: [{ place: 45, to: '/admin/packages', label: 'Pacchetti', icon: Inventory2Icon }],
  history: { package: 'packages' },
};
