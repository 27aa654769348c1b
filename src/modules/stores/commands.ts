import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { claimUnique, releaseUnique } from '../../platform/commands/uniqueness.js';
import { storeDecider, storeStreamId, type StoreCommand, type StoreProfile } from './decider.js';
import { slugify } from './slug.js';

const streamExists = (store: EventStore) => async (id: string): Promise<boolean> =>
  (await store.readStream(storeStreamId(id), { maxCount: 1 })).length > 0;

/**
 * Opens a shopkeeper's store (one per shopkeeper) under a readable slug that no other store has:
 * "bottega-di-gianni", then "bottega-di-gianni-2" and so on.
 */
export async function createStore(
  store: EventStore,
  input: { storeId: string; ownerId: string; profile: StoreProfile },
  ctx: CommandContext,
): Promise<{ slug: string; position: Position | null }> {
  const exists = streamExists(store);
  if (!(await claimUnique(store, 'store-owner', input.ownerId, input.storeId, ctx, exists))) {
    throw new DomainError('Hai già un negozio: puoi gestirne uno per account.', 'conflict');
  }
  const base = slugify(input.profile.name);
  let slug = base;
  for (let n = 2; !(await claimUnique(store, 'slug', slug, input.storeId, ctx, exists)); n++) {
    if (n > 200) {
      await releaseUnique(store, 'store-owner', input.ownerId, input.storeId, ctx);
      throw new DomainError('Non è stato possibile creare un indirizzo per il negozio: cambia il nome.', 'conflict');
    }
    slug = `${base}-${n}`;
  }
  const { position } = await handleCommand(
    store,
    storeStreamId(input.storeId),
    storeDecider,
    { type: 'CreateStore', storeId: input.storeId, ownerId: input.ownerId, slug, profile: input.profile },
    ctx,
  );
  return { slug, position };
}

export async function changeStore(
  store: EventStore,
  storeId: string,
  command: Exclude<StoreCommand, { type: 'CreateStore' }>,
  ctx: CommandContext,
): Promise<Position | null> {
  return (await handleCommand(store, storeStreamId(storeId), storeDecider, command, ctx)).position;
}
