import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { favoritesDecider, favoritesStreamId, type FavoritesCommand } from './favorites.js';
import { favoritesProjection } from './projection.js';

const spec = useProjection(favoritesProjection);
const log = new EventLog();
const favorites = (userId: string, command: FavoritesCommand) => log.decide(favoritesStreamId(userId), favoritesDecider(userId), command);

describe('favorites projection', () => {
  it('keeps a row per favourite shop of each user, from when it was added, until it is removed', async () => {
    const [u1, u2, s1, s2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const added = [
      ...favorites(u1, { type: 'AddFavorite', storeId: s1 }),
      ...favorites(u1, { type: 'AddFavorite', storeId: s2 }),
      ...favorites(u2, { type: 'AddFavorite', storeId: s1 }),
    ];
    await spec.apply(added);
    const rows = () => spec.rows('SELECT user_id, store_id, created_at FROM favorites ORDER BY created_at');
    expect(await rows()).toEqual(added.map((e) => ({ user_id: e.data.userId, store_id: e.data.storeId, created_at: new Date(e.metadata.at) })));
    await spec.apply(favorites(u1, { type: 'RemoveFavorite', storeId: s1 }));
    expect(await rows()).toEqual([
      { user_id: u1, store_id: s2, created_at: new Date(added[1]!.metadata.at) },
      { user_id: u2, store_id: s1, created_at: new Date(added[2]!.metadata.at) },
    ]);
    const again = favorites(u1, { type: 'AddFavorite', storeId: s1 });
    await spec.apply(again);
    expect(await spec.rows('SELECT created_at FROM favorites WHERE user_id = $1 AND store_id = $2', [u1, s1])).toEqual([{ created_at: new Date(again[0]!.metadata.at) }]);
  });
});
