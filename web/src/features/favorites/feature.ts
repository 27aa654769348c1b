import FavoriteIcon from '@mui/icons-material/Favorite';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const favoritesFeature: Feature = {
  name: 'favorites',
  area: [{ path: '/customer/favorites', page: lazy(() => import('./FavoritesPage')), menu: { customer: { place: 40, label: 'Preferiti', icon: FavoriteIcon } } }],
};
