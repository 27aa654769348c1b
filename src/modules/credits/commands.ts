import { handleCommand, loadState, type CommandResult } from '../../platform/commands/handle-command.js';
import type { CommandContext } from '../../platform/domain/context.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import { creditsDecider, creditsStreamId, type CreditsCommand, type CreditsEvent, type CreditsState } from './ledger.js';

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
