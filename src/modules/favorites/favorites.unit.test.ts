import { describe, it } from 'vitest';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { favoritesDecider, type FavoritesEvent } from './favorites.js';

const spec = deciderSpec(favoritesDecider('u1'));
const added: FavoritesEvent = { type: 'FavoriteAdded', data: { userId: 'u1', storeId: 's1' } };
const removed: FavoritesEvent = { type: 'FavoriteRemoved', data: { userId: 'u1', storeId: 's1' } };

describe('favorites decider', () => {
  it('adds a shop once', () => {
    spec.given([]).when({ type: 'AddFavorite', storeId: 's1' }).then([added]);
    spec.given([added]).when({ type: 'AddFavorite', storeId: 's1' }).thenNothing();
    spec
      .given([added])
      .when({ type: 'AddFavorite', storeId: 's2' })
      .then([{ type: 'FavoriteAdded', data: { userId: 'u1', storeId: 's2' } }]);
  });

  it('removes a favourite shop once, and nothing that is not one', () => {
    spec.given([added]).when({ type: 'RemoveFavorite', storeId: 's1' }).then([removed]);
    spec.given([added, removed]).when({ type: 'RemoveFavorite', storeId: 's1' }).thenNothing();
    spec.given([]).when({ type: 'RemoveFavorite', storeId: 's1' }).thenNothing();
    spec.given([added, removed]).when({ type: 'AddFavorite', storeId: 's1' }).then([added]);
  });
});
