import type { Decider, DomainEvent } from '../../../src/platform/domain/decider.js';
import { DomainError } from '../../../src/platform/domain/errors.js';

/*
 * The toy context of tests/toy-context.int.test.ts: a tally counted up to ten, nothing more. It is
 * made as a module of src/modules is (a decider, a contract, commands, a projection with its own
 * migration, queries, routes, the manifest) to show that such a folder and one line are enough.
 */

export const tallyStreamId = (id: string): string => `toy-tally-${id}`;

export type TallyCommand = { type: 'CountTally'; by: number };
export type TallyEvent = DomainEvent<'ToyTallyCounted', { tallyId: string; by: number }>;

/** The most a tally may count. */
export const tallyLimit = 10;

/** A tally: counts up by what it is told, never beyond `tallyLimit`. */
export function tallyDecider(tallyId: string): Decider<TallyCommand, TallyEvent, number> {
  return {
    initialState: 0,
    decide(command, total) {
      if (total + command.by > tallyLimit) throw new DomainError(`Il contatore arriva al massimo a ${tallyLimit}.`, 'rule');
      return [{ type: 'ToyTallyCounted', data: { tallyId, by: command.by } }];
    },
    evolve: (total, event) => total + event.data.by,
  };
}
