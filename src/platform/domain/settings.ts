import type { Decider, DomainEvent } from './decider.js';

/** The fields of `changes` whose value differs from `state`: a settings event records only those. */
export function changedFields<S extends object>(state: S, changes: Partial<S>): Partial<S> {
  return Object.fromEntries(Object.entries(changes).filter(([key, value]) => value !== undefined && JSON.stringify(state[key as keyof S]) !== JSON.stringify(value))) as Partial<S>;
}

/**
 * The decider of a settings record (site, maps, OpenAI, e-mail…): an update records only the
 * fields it changes, under one event type, and a record with no change records nothing. `check`
 * refuses (throws a DomainError) what the request asks or what the record would then be.
 */
export function settingsDecider<S extends object, C extends string, E extends string>(options: {
  command: C;
  event: E;
  defaults: S;
  check?: (asked: Partial<S>, next: S, state: S) => void;
}): Decider<{ type: C; changes: Partial<S> }, DomainEvent<E, { changes: Partial<S> }>, S> {
  const { event, defaults, check } = options;
  return {
    initialState: defaults,
    decide(command, state) {
      const changes = changedFields(state, command.changes);
      check?.(command.changes, { ...state, ...changes }, state);
      return Object.keys(changes).length ? [{ type: event, data: { changes } }] : [];
    },
    evolve(state, recorded) {
      return recorded.type === event ? { ...state, ...recorded.data.changes } : state;
    },
  };
}
