import { randomUUID } from 'node:crypto';
import type { ReadDb } from '../../platform/db/read.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { claimUnique, releaseUnique, uniqueOwner } from '../../platform/commands/uniqueness.js';
import { storeDecider, storeStreamId, type PlanAllowance, type StoreCommand, type StoreProfile, type StoreStatus } from './store.js';
import { allowanceOf } from '../packages/allowance.js';
import type { Pool } from '../../platform/db/pool.js';
import { ownStore } from './queries.js';
import { slugify } from './slug.js';
import { sellerDecider, sellerStreamId, type SellerCommand, type SellerType } from './seller.js';
import type { CommandDeps } from '../../platform/module.js';

const streamExists =
  (store: EventStore) =>
  async (id: string): Promise<boolean> =>
    (await store.readStream(storeStreamId(id), { maxCount: 1 })).length > 0;

/**
 * Opens a shopkeeper's store (one per shopkeeper) under a readable slug that no other store has:
 * "bottega-di-gianni", then "bottega-di-gianni-2" and so on.
 */
export async function createStore(
  store: EventStore,
  input: { storeId: string; ownerId: string; profile: StoreProfile; allowance?: PlanAllowance },
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
    { type: 'CreateStore', storeId: input.storeId, ownerId: input.ownerId, slug, profile: input.profile, ...(input.allowance ? { allowance: input.allowance } : {}) },
    ctx,
  );
  return { slug, position };
}

/**
 * The store `ownerId` opened, as the log has it (the owner's claim, then the store itself): known
 * from the moment it is created, where the stores' read model has it a moment later. Null while
 * there is none, or while it is being created.
 */
export async function storeOfOwner(store: EventStore, ownerId: string): Promise<string | null> {
  const storeId = await uniqueOwner(store, 'store-owner', ownerId);
  return storeId && (await streamExists(store)(storeId)) ? storeId : null;
}

export async function changeStore(store: EventStore, storeId: string, command: Exclude<StoreCommand, { type: 'CreateStore' }>, ctx: CommandContext): Promise<Position | null> {
  return (await handleCommand(store, storeStreamId(storeId), storeDecider, command, ctx)).position;
}

export interface StoresDeps {
  store: EventStore;
  db: ReadDb;
  pool: Pool;
}

/**
 * A shopkeeper opens their store under a new id (spec §3: waiting for the admin's approval); the
 * options a plan allows are on only as far as their active plans allow.
 */
export async function openStore(
  { store, pool }: Pick<StoresDeps, 'store' | 'pool'>,
  ownerId: string,
  profile: StoreProfile,
  ctx: CommandContext,
): Promise<{ storeId: string; position: Position | null }> {
  const storeId = randomUUID();
  const allowance = await allowanceOf({ store, pool }, ownerId, ctx.now);
  const { position } = await createStore(store, { storeId, ownerId, profile, allowance }, ctx);
  return { storeId, position };
}

/**
 * The owner changes their store's settings, the options a plan allows only as far as their active
 * plans allow; a shopkeeper without a store is told to create it.
 */
export async function updateOwnStore({ store, db, pool }: StoresDeps, ownerId: string, changes: Partial<StoreProfile>, ctx: CommandContext): Promise<Position | null> {
  const row = await ownStore(db, ownerId);
  const allowance = await allowanceOf({ store, pool }, ownerId, ctx.now);
  return changeStore(store, row.id, { type: 'UpdateStore', changes, allowance }, ctx);
}

/** The store command that moves `from` to `to`; null when there is nothing to do. */
function statusCommand(from: StoreStatus, to: StoreStatus, reason: string | undefined): Exclude<StoreCommand, { type: 'CreateStore' | 'UpdateStore' }> | null {
  if (from === to) return null;
  if (to === 'pending') throw new DomainError('Un negozio approvato non torna in attesa: sospendilo.', 'rule');
  if (to === 'active') return from === 'pending' ? { type: 'ApproveStore' } : { type: 'ReactivateStore' };
  if (!reason) throw new DomainError('Indica il motivo della sospensione.', 'invalid', { reason: 'Motivo: campo obbligatorio per sospendere.' });
  return { type: 'SuspendStore', reason };
}

/** An admin moves a store from the status it has to another: approval, suspension (with a reason), reactivation. */
export async function changeStoreStatus(
  { store }: Pick<StoresDeps, 'store'>,
  storeId: string,
  change: { from: StoreStatus; to: StoreStatus; reason: string | undefined },
  ctx: CommandContext,
): Promise<Position | null> {
  const command = statusCommand(change.from, change.to, change.reason);
  return command ? changeStore(store, storeId, command, ctx) : null;
}

/** The shopkeeper declares who sells in their shop (issue [21]): a trader with its VAT number, or a private seller. */
export async function declareSeller(
  { store }: Pick<CommandDeps, 'store'>,
  storeId: string,
  input: { sellerType: SellerType; vatNumber: string | null },
  ctx: CommandContext,
): Promise<Position | null> {
  return (await handleCommand(store, sellerStreamId(storeId), sellerDecider, { type: 'DeclareSeller', storeId, ...input, now: ctx.now }, ctx)).position;
}

/** The admin confirms a shop's declaration, or refuses it with the reason. */
export async function checkSeller(
  { store }: Pick<CommandDeps, 'store'>,
  storeId: string,
  verdict: { verified: true } | { verified: false; reason: string },
  ctx: CommandContext,
): Promise<Position | null> {
  const command: SellerCommand = verdict.verified ? { type: 'VerifySeller', now: ctx.now } : { type: 'RefuseSeller', reason: verdict.reason, now: ctx.now };
  return (await handleCommand(store, sellerStreamId(storeId), sellerDecider, command, ctx)).position;
}
