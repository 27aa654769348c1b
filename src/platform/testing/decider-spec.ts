import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import { fold, type Decider, type DomainEvent } from '../domain/decider.js';
import { DomainError } from '../domain/errors.js';

/**
 * What a refusal must be, each check on its own:
 * - a string: the exact message;
 * - a RegExp: the message matches it;
 * - an error class: the error is one of it;
 * - `{ message?, kind?, errors? }`: a DomainError with these (errors compared whole);
 * - a function of the error: true when it is the expected one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any error class, whatever its constructor takes
type ErrorClass = abstract new (...args: any[]) => Error;

export type ErrorCheck = string | RegExp | ErrorClass | { message?: string; kind?: DomainError['kind']; errors?: Record<string, string> } | ((error: Error) => boolean);

export interface DeciderThen<E extends DomainEvent> {
  /** The decider decides exactly these events, in this order. */
  then(expected: E[]): void;
  /** The decider decides nothing: the command is accepted and changes nothing. */
  thenNothing(): void;
  /** The decider refuses, with an error that passes every check given (any error when none is). */
  thenThrows(...checks: ErrorCheck[]): void;
}

export interface DeciderGiven<C, E extends DomainEvent> {
  when(command: C): DeciderThen<E>;
}

export interface DeciderSpec<C, E extends DomainEvent, S> {
  /** The aggregate's history: the state the command meets is these events folded. */
  given(events: E[]): DeciderGiven<C, E>;
  /**
   * A state no history reaches today (e.g. an order paid online before payments exist): prefer
   * `given`, which also tests that `evolve` leads there.
   */
  givenState(state: S): DeciderGiven<C, E>;
}

const isErrorClass = (check: unknown): check is abstract new (...args: never[]) => Error => typeof check === 'function' && (check === Error || check.prototype instanceof Error);

/** Why `error` fails `check`, or null when it passes. */
function mismatch(error: Error, check: ErrorCheck): string | null {
  if (typeof check === 'string') return error.message === check ? null : `expected the message ${JSON.stringify(check)}, got ${JSON.stringify(error.message)}`;
  if (check instanceof RegExp) return check.test(error.message) ? null : `expected a message matching ${check}, got ${JSON.stringify(error.message)}`;
  const got = `${error.name}: ${JSON.stringify(error.message)}`;
  if (isErrorClass(check)) return error instanceof check ? null : `expected a ${check.name}, got ${got}`;
  if (typeof check === 'function') return check(error) ? null : `the error ${got} does not pass ${check.toString()}`;
  if (!(error instanceof DomainError)) return `expected a DomainError, got ${got}`;
  for (const key of ['message', 'kind', 'errors'] as const) {
    if (key in check && !isDeepStrictEqual(check[key], error[key])) {
      return `expected ${key} ${JSON.stringify(check[key])}, got ${JSON.stringify(error[key])} (message ${JSON.stringify(error.message)})`;
    }
  }
  return null;
}

/**
 * Given/when/then for a decider (design §1: pure, so its tests need no database): the history,
 * the command, and the events it decides or the refusal it answers.
 *
 *   const spec = deciderSpec(orderDecider);
 *   spec.given([placed]).when({ type: 'AcceptOrder', by: 'shopkeeper' }).then([accepted]);
 *   spec.given([]).when(accept).thenThrows(DomainError, { kind: 'not-found' });
 */
export function deciderSpec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>): DeciderSpec<C, E, S> {
  const from = (state: () => S): DeciderGiven<C, E> => ({
    when(command) {
      // Folded here, outside thenThrows' catch: a history evolve cannot fold is no refusal.
      const before = state();
      const decide = () => decider.decide(command, before);
      return {
        then(expected) {
          expect(decide()).toEqual(expected);
        },
        thenNothing() {
          expect(decide()).toEqual([]);
        },
        thenThrows(...checks) {
          let decided: E[];
          try {
            decided = decide();
          } catch (thrown) {
            if (!(thrown instanceof Error)) throw new Error(`expected an Error to be thrown, got ${String(thrown)}`);
            const failures = checks.map((check) => mismatch(thrown, check)).filter((m) => m !== null);
            if (failures.length) throw new Error(`the decider refused, but not as expected: ${failures.join('; ')}`, { cause: thrown });
            return;
          }
          throw new Error(`expected the decider to refuse, it decided ${JSON.stringify(decided)}`);
        },
      };
    },
  });
  return {
    given: (events) => from(() => fold(decider, events)),
    givenState: (state) => from(() => state),
  };
}
