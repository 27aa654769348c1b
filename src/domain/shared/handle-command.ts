import { randomUUID } from 'node:crypto';
import { WrongExpectedVersion } from '../../eventstore/errors.js';
import type { EventStore, Position } from '../../eventstore/types.js';
import type { CommandContext } from './context.js';
import { metadataOf } from './context.js';
import type { Decider, DomainEvent } from './decider.js';
import { fold } from './decider.js';
import { DomainError } from './errors.js';

export interface CommandResult<E, S> {
  events: E[];
  state: S;
  /** Where the last new event sits in the log; null when the command changed nothing. */
  position: Position | null;
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
  attempts = 5,
): Promise<CommandResult<E, S>> {
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(streamId);
    const state = fold(decider, history as unknown as E[]);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, position: null };
    const metadata = metadataOf(ctx);
    try {
      const result = await store.appendToStream(
        streamId,
        events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
        { expectedRevision: history.length ? history[history.length - 1]!.revision : 'no_stream' },
      );
      return { events, state: events.reduce(decider.evolve, state), position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      if (attempt >= attempts) {
        throw new DomainError('I dati sono stati modificati da un’altra richiesta: riprova.', 409);
      }
    }
  }
}
