import { handleCommand, loadState, type CommandResult } from '../../platform/commands/handle-command.js';
import type { CommandContext } from '../../platform/domain/context.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import { randomUUID } from 'node:crypto';
import { derivedId } from '../../platform/commands/ids.js';
import type { Pool } from '../../platform/db/pool.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { Position } from '../../platform/eventstore/types.js';
import { creditsDecider, creditsExpireAt, creditsStreamId, type CreditsCommand, type CreditsEvent, type CreditsState } from './ledger.js';

/** Folded ledgers are kept in memory: a spend reads only what was appended since, not a year of spends. */
const ledgerCache = 'credits';

/** A user's credits as their own ledger holds them now (not a read model that may lag a spend just made). */
export async function ledgerOf(store: EventStore, userId: string): Promise<CreditsState> {
  return (await loadState(store, creditsStreamId(userId), creditsDecider, ledgerCache)).state;
}

/** The commands waiting for one ledger in this process, the last one's promise (settled or not). */
const queues = new Map<string, Promise<unknown>>();

/**
 * Changes a user's credits. Commands on one ledger run one after the other in this process: a
 * thousand spends at once on one balance then each decide on the balance the previous one left,
 * instead of all reading the same revision and all but one retrying. Another process changing the
 * same ledger meanwhile is still caught by the expected revision (handleCommand reads again and
 * decides again), so the balance never goes below zero and an id already used changes nothing.
 */
export function changeCredits(store: EventStore, userId: string, command: CreditsCommand, ctx: CommandContext): Promise<CommandResult<CreditsEvent, CreditsState>> {
  const streamId = creditsStreamId(userId);
  const run = (queues.get(streamId) ?? Promise.resolve()).then(() =>
    handleCommand(store, streamId, creditsDecider, command, ctx, { cacheAs: ledgerCache, attempts: 20 }),
  );
  const settled = run.catch(() => undefined);
  queues.set(streamId, settled);
  void settled.then(() => {
    if (queues.get(streamId) === settled) queues.delete(streamId);
  });
  return run;
}

/** Who holds credits: the shops' owners and their collaborators. */
const creditHolders = ['shopkeeper', 'collaborator'];

/**
 * The admin's correction of a user's credits, with the reason the user reads: added credits are a
 * lot of their own for 12 months; taken ones come from the lots that expire first (never more than
 * there is). With the request's Idempotency-Key, the same correction sent again is made once.
 */
export async function adjustCredits(
  { store, pool }: { store: EventStore; pool: Pool },
  input: { userId: string; credits: number; reason: string; idempotencyKey: string | null },
  ctx: CommandContext,
): Promise<Position | null> {
  const { rows } = await pool.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [input.userId]);
  if (!rows[0]) throw new DomainError('Utente non trovato.', 'not-found');
  if (!creditHolders.includes(rows[0].role)) throw new DomainError('I crediti AI sono dei negozianti e dei collaboratori: questo utente non può averne.', 'rule');
  const id = input.idempotencyKey ? derivedId('credits-adjustment', input.userId, input.idempotencyKey) : randomUUID();
  const command: CreditsCommand =
    input.credits > 0
      ? { type: 'AddCredits', lotId: id, credits: input.credits, expiresAt: creditsExpireAt(ctx.now), source: { kind: 'adjustment', reason: input.reason } }
      : { type: 'RemoveCredits', adjustmentId: id, credits: -input.credits, reason: input.reason, now: ctx.now };
  return (await changeCredits(store, input.userId, command, ctx)).position;
}
