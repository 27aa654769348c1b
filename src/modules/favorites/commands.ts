import { handleCommand } from '../../platform/commands/handle-command.js';
import type { ReadDb } from '../../platform/db/read.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { favoritesDecider, favoritesStreamId } from './favorites.js';
import { isActiveStore } from './queries.js';

export interface FavoritesDeps {
  store: EventStore;
  db: ReadDb;
}

/** Adds an open shop to the customer's favourites. */
export async function addFavorite({ store, db }: FavoritesDeps, userId: string, storeId: string, ctx: CommandContext): Promise<Position | null> {
  if (!(await isActiveStore(db, storeId))) throw new DomainError('Negozio non trovato.', 'not-found');
  const { position } = await handleCommand(store, favoritesStreamId(userId), favoritesDecider(userId), { type: 'AddFavorite', storeId }, ctx);
  return position;
}

/** Takes a shop off the customer's favourites (one that is not there: nothing changes). */
export async function removeFavorite({ store }: Pick<FavoritesDeps, 'store'>, userId: string, storeId: string, ctx: CommandContext): Promise<Position | null> {
  const { position } = await handleCommand(store, favoritesStreamId(userId), favoritesDecider(userId), { type: 'RemoveFavorite', storeId }, ctx);
  return position;
}
