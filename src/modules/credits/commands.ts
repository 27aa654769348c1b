import { loadState } from '../../platform/commands/handle-command.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import { creditsDecider, creditsStreamId, type CreditsState } from './ledger.js';

/** A user's credits as their own ledger holds them now (not a read model that may lag a spend just made). */
export async function ledgerOf(store: EventStore, userId: string): Promise<CreditsState> {
  return (await loadState(store, creditsStreamId(userId), creditsDecider)).state;
}
