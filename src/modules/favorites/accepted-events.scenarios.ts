import { made, scenario, worldIds } from '../../platform/testing/accepted-events.js';
import { favoritesDecider, favoritesStreamId, type FavoritesCommand } from './favorites.js';

export const scenarios = [
  scenario<FavoritesCommand>(
    'favorites',
    favoritesStreamId(worldIds.customer),
    made(favoritesDecider, worldIds.customer),
    [],
    [
      { type: 'AddFavorite', storeId: worldIds.store },
      { type: 'RemoveFavorite', storeId: worldIds.store },
    ],
  ),
];
