import type { Decider, DomainEvent } from '../../platform/domain/decider.js';

export const favoritesStreamId = (userId: string): string => `favorites-${userId}`;

export type FavoritesCommand = { type: 'AddFavorite'; storeId: string } | { type: 'RemoveFavorite'; storeId: string };
export type FavoritesEvent = DomainEvent<'FavoriteAdded', { userId: string; storeId: string }> | DomainEvent<'FavoriteRemoved', { userId: string; storeId: string }>;

/** A customer's favourite shops: adding twice or removing what is not there changes nothing. */
export function favoritesDecider(userId: string): Decider<FavoritesCommand, FavoritesEvent, Set<string>> {
  return {
    initialState: new Set(),
    decide(command, state) {
      if (command.type === 'AddFavorite') return state.has(command.storeId) ? [] : [{ type: 'FavoriteAdded', data: { userId, storeId: command.storeId } }];
      return state.has(command.storeId) ? [{ type: 'FavoriteRemoved', data: { userId, storeId: command.storeId } }] : [];
    },
    evolve(state, event) {
      const next = new Set(state);
      if (event.type === 'FavoriteAdded') next.add(event.data.storeId);
      else next.delete(event.data.storeId);
      return next;
    },
  };
}
