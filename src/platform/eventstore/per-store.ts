import type { EventStore } from './types.js';

/**
 * What a process keeps about the streams of one event store (folded states, queues, calls under
 * way): a fresh one for each store. A stream's id and revision only mean something in its own
 * store, and one process may serve several (the tests' apps, each on its own database, or two
 * databases copied from one seed, whose streams share ids).
 */
export function perStore<T>(make: () => T): (store: EventStore) => T {
  const kept = new WeakMap<EventStore, T>();
  return (store) => {
    let value = kept.get(store);
    if (value === undefined) {
      value = make();
      kept.set(store, value);
    }
    return value;
  };
}
