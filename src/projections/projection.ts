import type pg from 'pg';
import type { DomainEvent } from '../domain/shared/decider.js';
import type { RecordedEvent } from '../eventstore/types.js';

/** A read model built from the log (design §1): it owns its tables and can be rebuilt from zero. */
export interface Projection {
  name: string;
  /** Raise it when the tables or the logic change: a new version rebuilds from the start. */
  version: number;
  /** Tables this projection owns, emptied before a rebuild. */
  tables: string[];
  /** Applies a batch inside the runner's transaction; the checkpoint commits with it. */
  apply(events: RecordedEvent[], tx: pg.ClientBase): Promise<void>;
}

const handledTypes = Symbol('handled event types');

/**
 * The only event types a projection reads, when its `apply` comes from byEventType; null when it
 * may read any. The runner passes a batch with none of them by moving the checkpoint alone.
 */
export function eventTypesOf(projection: Projection): ReadonlySet<string> | null {
  return (projection.apply as { [handledTypes]?: ReadonlySet<string> })[handledTypes] ?? null;
}

type Handlers<E extends DomainEvent> = {
  [K in E['type']]?: (event: RecordedEvent<K, Extract<E, { type: K }>['data']>, tx: pg.ClientBase) => Promise<unknown>;
};

/** Builds `apply` from one handler per event type of the union `E`; other events pass by. */
export function byEventType<E extends DomainEvent>(handlers: Handlers<E>): Projection['apply'] {
  const table = handlers as Record<string, ((event: RecordedEvent, tx: pg.ClientBase) => Promise<unknown>) | undefined>;
  const apply: Projection['apply'] = async (events, tx) => {
    for (const event of events) {
      const handle = table[event.type];
      if (handle) await handle(event, tx);
    }
  };
  return Object.assign(apply, { [handledTypes]: new Set(Object.keys(handlers)) as ReadonlySet<string> });
}
