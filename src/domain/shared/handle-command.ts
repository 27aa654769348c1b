import { randomUUID } from 'node:crypto';
import { WrongExpectedVersion } from '../../eventstore/errors.js';
import type { EventStore, Position } from '../../eventstore/types.js';
import type { CommandContext } from './context.js';
import { metadataOf } from './context.js';
import type { Decider, DomainEvent } from './decider.js';
import { DomainError } from './errors.js';

export interface CommandResult<E, S> {
  events: E[];
  state: S;
  /** Where the last new event sits in the log; null when the command changed nothing. */
  position: Position | null;
}

export interface HandleOptions<S = unknown> {
  /** How many times to decide again after a concurrent change (default 5). */
  attempts?: number;
  /**
   * Ids for the new events, derived from the command (e.g. from an idempotency key): the same
   * command appended twice is then stored once, whichever process sends it. `state` is the one
   * the events were decided on.
   */
  eventIds?: (index: number, state: S) => string;
  /**
   * Keep this aggregate's folded state in memory under this name, and read only the events
   * appended since (for long streams such as a popular product's stock). The deciders' evolve
   * must not mutate the state it is given.
   */
  cacheAs?: string;
  /**
   * The stream as the caller has just read it (loadState): the first decision is made on it
   * without reading again. A change since is caught by the expected revision, then read.
   */
  loaded?: { state: S; revision: number };
}

/** Folded states of long streams: a committed prefix never changes, so only the rest is read. */
const folded = new Map<string, { revision: number; state: unknown }>();
const foldedLimit = 20_000;

/** The aggregate's state and revision (-1: no stream yet), from the cache when it is kept there. */
export async function loadState<E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<unknown, E, S>,
  cacheAs?: string,
): Promise<{ state: S; revision: number }> {
  const key = cacheAs && `${cacheAs}|${streamId}`;
  const cached = key ? folded.get(key) : undefined;
  const from = cached ? cached.revision + 1 : 0;
  const events = await store.readStream(streamId, from > 0 ? { fromRevision: from } : {});
  let state = (cached ? cached.state : decider.initialState) as S;
  for (const event of events) state = decider.evolve(state, event as unknown as E);
  const revision = events.length ? events[events.length - 1]!.revision : cached ? cached.revision : -1;
  if (key && revision >= 0) {
    folded.delete(key);
    folded.set(key, { revision, state });
    if (folded.size > foldedLimit) folded.delete(folded.keys().next().value!);
  }
  return { state, revision };
}

/**
 * Read the stream, fold, decide, append with the expected revision; on a concurrent change
 * re-read and decide again (bounded), so two writers never overwrite each other.
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  ctx: CommandContext,
  { attempts = 5, eventIds, cacheAs, loaded }: HandleOptions<S> = {},
): Promise<CommandResult<E, S>> {
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = attempt === 1 && loaded ? loaded : await loadState(store, streamId, decider as Decider<unknown, E, S>, cacheAs);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, position: null };
    const metadata = metadataOf(ctx);
    try {
      const result = await store.appendToStream(
        streamId,
        events.map((e, i) => ({ id: eventIds ? eventIds(i, state) : randomUUID(), type: e.type, data: e.data, metadata })),
        { expectedRevision: revision >= 0 ? revision : 'no_stream' },
      );
      if (!eventIds || result.alreadyStored === false) return { events, state: events.reduce(decider.evolve, state), position: result.position };
      // Derived ids, and the store answered that they were there already (or cannot tell): a twin
      // request stored the same events first, decided with other details (a random pickup code).
      // The stream says what was kept.
      const stored = await loadState(store, streamId, decider as Decider<unknown, E, S>, cacheAs);
      return { events, state: stored.state, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      if (attempt >= attempts) {
        throw new DomainError('I dati sono stati modificati da un’altra richiesta: riprova.', 409);
      }
    }
  }
}
