import { AsyncLocalStorage } from 'node:async_hooks';
import type { NewEvent } from './types.js';

/*
 * The event types appended within one piece of work (an HTTP request): its answer waits only for
 * the read models that apply them (ProjectionHost.readersOf), which are the ones its write
 * changed, and not for the others (issue [6]: one read model stopped at an event must not hold
 * every writer). Both adapters note what they appended.
 */
const appended = new AsyncLocalStorage<Set<string>>();

/** Runs `work` noting the types of the events it appends (read them with appendedTypes()). */
export function trackAppendedTypes<T>(work: () => T): T {
  return appended.run(new Set(), work);
}

/** The types appended so far in this piece of work; undefined outside trackAppendedTypes. */
export function appendedTypes(): ReadonlySet<string> | undefined {
  return appended.getStore();
}

export function noteAppended(events: readonly Pick<NewEvent, 'type'>[]): void {
  const types = appended.getStore();
  if (types) for (const event of events) types.add(event.type);
}
