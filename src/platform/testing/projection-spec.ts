import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { fold, type Decider, type DomainEvent } from '../domain/decider.js';
import { inTransaction } from '../db/pool.js';
import { makePosition } from '../eventstore/position.js';
import type { EventMetadata, RecordedEvent } from '../eventstore/types.js';
import { eventTypesOf, type Projection } from '../projections/projection.js';

/** Who and when, for the events of one record() or decide(); the rest is made up. */
export interface RecordOptions {
  /** The time of the events; else the log's clock, one second on for each event. */
  at?: Date | string;
  actorUserId?: string | null;
  actorRole?: string | null;
  /** A collaborator acting for a shop in a session (issue [13]). */
  onBehalfOf?: EventMetadata['onBehalfOf'];
}

/**
 * A log in memory that records events as the event store does (ids, streams with their
 * revisions, positions in log order, metadata), for read model tests: what they apply is what a
 * projection reads in production, without an event store.
 */
export class EventLog {
  private readonly streams = new Map<string, DomainEvent[]>();
  private count = 0;
  private clock: number;

  /** `start`: the time of the first event. */
  constructor(start: Date | string = '2026-06-10T08:00:00.000Z') {
    this.clock = new Date(start).getTime();
  }

  /** Appends `events` to `streamId`, as one command would. */
  record<E extends DomainEvent>(streamId: string, events: E[], options: RecordOptions = {}): RecordedEvent<E['type'], E['data']>[] {
    const stream = this.streams.get(streamId) ?? [];
    this.streams.set(streamId, stream);
    return events.map((event) => {
      const at = options.at === undefined ? new Date((this.clock += 1000)) : new Date(options.at);
      const metadata: EventMetadata = {
        actorUserId: options.actorUserId ?? null,
        actorRole: options.actorRole ?? null,
        correlationId: randomUUID(),
        causationId: null,
        at: at.toISOString(),
        ...(options.onBehalfOf ? { onBehalfOf: options.onBehalfOf } : {}),
      };
      stream.push(event);
      return {
        id: randomUUID(),
        streamId,
        revision: stream.length - 1,
        position: makePosition(1, ++this.count),
        type: event.type,
        data: event.data,
        metadata,
      };
    });
  }

  /**
   * What `decider` decides on `command` given what `streamId` holds here, recorded: the events
   * a test applies then have the shapes the deciders give them.
   */
  decide<C, E extends DomainEvent, S>(streamId: string, decider: Decider<C, E, S>, command: C, options?: RecordOptions): RecordedEvent<E['type'], E['data']>[] {
    const history = (this.streams.get(streamId) ?? []) as E[];
    return this.record(streamId, decider.decide(command, fold(decider, history)), options);
  }
}

/**
 * Applies `events` to `projection` the way its runner does (src/platform/projections/runner.ts):
 * in batches of `batchSize` in log order, each batch in a transaction of its own, and a batch
 * without any type the projection reads passed by without calling it.
 */
export async function applyLikeTheRunner(pool: pg.Pool, projection: Projection, events: RecordedEvent[], { batchSize = 1000 }: { batchSize?: number } = {}): Promise<void> {
  const types = eventTypesOf(projection);
  for (let from = 0; from < events.length; from += batchSize) {
    const batch = events.slice(from, from + batchSize);
    if (types && !batch.some((e) => types.has(e.type))) continue;
    await inTransaction(pool, async (client) => {
      await client.query('SET LOCAL synchronous_commit = off');
      await projection.apply(batch, client);
    });
  }
}

/** A read model under test: events in, rows out. */
export interface ProjectionSpec {
  readonly projection: Projection;
  /** The read model's database, for the module's own read functions. */
  readonly pool: pg.Pool;
  /** Applies recorded events like the runner does (applyLikeTheRunner); all in one batch unless told. */
  apply(events: RecordedEvent[], options?: { batchSize?: number }): Promise<void>;
  /** The rows of a query on the read model's database. */
  rows<R extends Record<string, unknown> = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Empties the projection's tables, as a rebuild from the start does. */
  reset(): Promise<void>;
}

/** A spec of `projection` on the database `pool()` gives (a test's own, made before its tests run). */
export function projectionSpec(projection: Projection, pool: () => pg.Pool): ProjectionSpec {
  return {
    projection,
    get pool() {
      return pool();
    },
    apply: (events, options) => applyLikeTheRunner(pool(), projection, events, options),
    async rows<R extends Record<string, unknown>>(sql: string, params: unknown[] = []) {
      return (await pool().query<R>(sql, params)).rows;
    },
    async reset() {
      if (projection.tables.length) await pool().query(`TRUNCATE ${projection.tables.join(', ')}`);
    },
  };
}
