import Inventory2Icon from '@mui/icons-material/Inventory2';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const searchFeature: Feature<'search-vocabulary'> = {
  name: 'search',
  public: [{ path: '/search', page: lazy(() => import('./SearchPage')) }],
  backOffice: [{ place: 42, to: '/admin/search-vocabulary', label: 'Vocabolario ricerca', icon: Inventory2Icon }],
  history: { 'search-vocabulary': 'search-vocabulary' },
};
