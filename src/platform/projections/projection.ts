import type pg from 'pg';
import type { DomainEvent } from '../domain/decider.js';
import type { RecordedEvent } from '../eventstore/types.js';

/** A read model built from the log (design §1): it owns its tables and can be rebuilt from zero. */
export interface Projection {
  name: string;
  /** Its name in Italian, as the back office's data management and dashboard show it («Ordini»). */
  title: string;
  /** Raise it when the tables or the logic change: a new version rebuilds from the start. */
  version: number;
  /** Tables this projection owns, emptied before a rebuild. */
  tables: string[];
  /**
   * false: a log that follows the writes (e.g. of every event of some kind), which no write's
   * answer waits for; its rows arrive a moment after. Default: a read model writes wait for.
   */
  awaited?: boolean;
  /**
   * Event types it reads only to keep what its later events need (rows no reader shows): a write
   * of these alone does not wait for it. E.g. the shops' ledger notes a payment's terms when it is
   * created, and shows it only once paid.
   */
  unseen?: readonly string[];
  /**
   * What a batch it applied announces beside its checkpoint, for the processes that act on some of
   * its changes only (startReadModelWorker): each topic is heard as the read model `name/topic`
   * at the batch's position. The payments' read model announces `settled` when a payment was paid,
   * failed, cancelled or refunded, so that the processes activating purchases do not look at every
   * payment opened by a checkout.
   */
  topics?: (events: readonly RecordedEvent[]) => readonly string[];
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

/**
 * Marks an `apply` written by hand (one that folds a whole batch) with the only event types it
 * reads, so the runner passes batches without them as it does for byEventType.
 */
export function reading(types: readonly string[], apply: Projection['apply']): Projection['apply'] {
  return Object.assign(apply, { [handledTypes]: new Set(types) });
}

/** An event of type K of the union E, as the log recorded it. */
export type Recorded<E extends DomainEvent, K extends E['type']> = RecordedEvent<K, Extract<E, { type: K }>['data']>;
type OneHandler = (event: RecordedEvent, tx: pg.ClientBase) => Promise<unknown>;
/** A handler of runs (inRuns). */
interface Run<Ev> {
  readonly run: (events: Ev[], tx: pg.ClientBase) => Promise<unknown>;
}

/**
 * A handler for a run of events of one type that follow each other among those the projection
 * reads: one statement for the run instead of one per event (under load, a batch holds many
 * orders). The events of the run come in log order.
 */
export function inRuns<Ev>(run: (events: Ev[], tx: pg.ClientBase) => Promise<unknown>): Run<Ev> {
  return { run };
}

type Handlers<E extends DomainEvent> = {
  [K in E['type']]?: ((event: Recorded<E, K>, tx: pg.ClientBase) => Promise<unknown>) | Run<Recorded<E, K>>;
};

/**
 * Builds `apply` from one handler per event type of the union `E` (an event at a time, or a run
 * of them with inRuns); other events pass by.
 */
export function byEventType<E extends DomainEvent>(handlers: Handlers<E>): Projection['apply'] {
  const table = handlers as Record<string, OneHandler | Run<RecordedEvent> | undefined>;
  const apply: Projection['apply'] = async (events, tx) => {
    const handled = events.filter((e) => table[e.type]);
    for (let i = 0; i < handled.length; ) {
      const event = handled[i]!;
      const handle = table[event.type]!;
      if (typeof handle === 'function') {
        await handle(event, tx);
        i++;
        continue;
      }
      let end = i + 1;
      while (end < handled.length && handled[end]!.type === event.type) end++;
      await handle.run(handled.slice(i, end), tx);
      i = end;
    }
  };
  return reading(Object.keys(handlers), apply);
}
