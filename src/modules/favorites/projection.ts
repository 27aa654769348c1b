import type { FavoritesEvent } from './favorites.js';
import { byEventType, type Projection } from '../../platform/projections/projection.js';

export const favoritesProjection: Projection = {
  name: 'favorites',
  title: 'Negozi preferiti',
  version: 1,
  tables: ['favorites'],
  apply: byEventType<FavoritesEvent>({
    FavoriteAdded: (event, tx) =>
      tx.query('INSERT INTO favorites (user_id, store_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [event.data.userId, event.data.storeId, event.metadata.at]),
    FavoriteRemoved: (event, tx) => tx.query('DELETE FROM favorites WHERE user_id = $1 AND store_id = $2', [event.data.userId, event.data.storeId]),
  }),
};
