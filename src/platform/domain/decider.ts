/** A domain event as deciders see it: a type and its data, before the store gives it an id. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** Pure business logic of one aggregate (design §1): no I/O, time and ids come with the command. */
export interface Decider<C, E extends DomainEvent, S> {
  initialState: S;
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
}

export function fold<E extends DomainEvent, S>(decider: Pick<Decider<unknown, E, S>, 'evolve' | 'initialState'>, events: E[]): S {
  return events.reduce(decider.evolve, decider.initialState);
}
