import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type ExpectedRevision as DeleteExpectedRevision,
  type JSONType,
  type Position as EsdbPosition,
  type ReadAllOptions as EsdbReadAllOptions,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { StreamDeleted, WrongExpectedVersion } from './errors.js';
import { comparePositions, makePosition, positionParts, START } from './position.js';
import { runSubscription } from './subscription.js';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from './types.js';

/** Size of the pages read backwards from the head of $all (the latest events, the head's position). */
const HEAD_PAGE = 100;
const COUNT_PAGE = 1000;

function esdbPosition(position: Position): EsdbPosition {
  const [commit, prepare] = positionParts(position);
  return { commit, prepare };
}

function positionOf(event: { position?: EsdbPosition }): Position {
  if (!event.position) throw new Error('EventStoreDB sent no log position: version 22.6 or later is required');
  return makePosition(event.position.commit, event.position.prepare);
}

/** Streams and event types starting with `$` are EventStoreDB's own (metadata, stats, links). */
function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function toRecorded(event: EsdbRecordedEvent): RecordedEvent {
  // We only ever write JSON metadata, which the client hands back parsed.
  const metadata: unknown = event.metadata;
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: positionOf(event),
    type: event.type,
    data: event.data,
    metadata: metadata as EventMetadata,
  };
}

function actualRevision(error: WrongExpectedVersionError): number {
  const actual = error.actualVersion;
  return actual === NO_STREAM || actual < 0n ? -1 : Number(actual);
}

function appendRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

function deleteRevision(expected: ExpectedRevision): DeleteExpectedRevision {
  // The client has no stream_exists for deletes; the server already refuses to delete a stream that never existed.
  if (expected === 'any' || expected === 'stream_exists') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return BigInt(expected);
}

/**
 * Wakes a subscription's read loop when EventStoreDB has committed something after its position.
 * The loop still reads through `readAll` and polls when idle, so a dropped live subscription only
 * delays delivery.
 */
class LiveWake {
  position: Position = START;
  private live: AllStreamSubscription | null = null;
  private pending = false;
  private notify: (() => void) | null = null;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly idlePollMs: number,
  ) {}

  async wait(signal: AbortSignal): Promise<void> {
    this.live ??= this.open();
    if (!this.pending) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          this.notify = null;
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, this.idlePollMs);
        this.notify = done;
        signal.addEventListener('abort', done, { once: true });
      });
    }
    this.pending = false;
  }

  private open(): AllStreamSubscription {
    // From the loop's own position, so nothing committed between its last read and now goes unnoticed.
    const live = this.client.subscribeToAll({ fromPosition: esdbPosition(this.position), filter: excludeSystemEvents() });
    live.on('data', () => {
      this.pending = true;
      this.notify?.();
    });
    live.on('error', () => {
      if (this.live === live) this.live = null;
    });
    return live;
  }

  async close(): Promise<void> {
    const live = this.live;
    this.live = null;
    await live?.unsubscribe().catch(() => {});
  }
}

/** The EventStoreDB adapter (design §1): the client's errors and positions become ours. */
export class EsdbEventStore implements EventStore {
  readonly kind = 'esdb' as const;
  private readonly client: EventStoreDBClient;

  constructor(
    connectionString: string,
    private readonly idlePollMs = 1000,
  ) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async appendToStream(streamId: string, events: NewEvent[], { expectedRevision = 'any' }: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata })),
        { expectedRevision: appendRevision(expectedRevision) },
      );
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position: positionOf(result) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedVersion(streamId, expectedRevision, actualRevision(error));
      }
      if (error instanceof StreamDeletedError) {
        // A soft-deleted stream answers stream_exists with "deleted"; to readers it does not exist.
        if (expectedRevision === 'stream_exists') throw new WrongExpectedVersion(streamId, expectedRevision, -1);
        throw new StreamDeleted(streamId);
      }
      throw error;
    }
  }

  async readStream(streamId: string, { direction = 'forwards', fromRevision, maxCount }: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = direction === 'backwards';
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: fromRevision === undefined ? (backwards ? END : ESDB_START) : BigInt(fromRevision),
        maxCount,
      });
      for await (const { event } of read) {
        if (event) events.push(toRecorded(event));
      }
    } catch (error) {
      // The server reports an unknown or soft-deleted stream as not found, a tombstoned one as deleted.
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return [];
      throw error;
    }
    return events;
  }

  async readStreams(reads: { streamId: string; fromRevision?: number }[]): Promise<RecordedEvent[][]> {
    // The client multiplexes its calls on one connection: side by side costs one wait, not many.
    return Promise.all(reads.map(({ streamId, fromRevision }) => this.readStream(streamId, { fromRevision })));
  }

  async readAll({ from = START, until, types, maxCount = 1000 }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    const wanted = types ? new Set(types) : null;
    let cursor = from;
    while (events.length < maxCount) {
      // One more than needed: a read of $all includes the event at its starting position.
      const pageSize = Math.max(maxCount - events.length, wanted ? COUNT_PAGE : 0) + 1;
      const page = await this.readAllPage({ fromPosition: esdbPosition(cursor), maxCount: pageSize });
      for (const event of page) {
        const position = positionOf(event);
        if (until !== undefined && comparePositions(position, until) > 0) return events;
        if (comparePositions(position, cursor) <= 0 || isSystemEvent(event) || (wanted && !wanted.has(event.type))) continue;
        events.push(toRecorded(event));
        if (events.length === maxCount) return events;
      }
      if (page.length < pageSize) break;
      cursor = positionOf(page[page.length - 1]!);
    }
    return events;
  }

  private async readAllPage(options: EsdbReadAllOptions): Promise<AllStreamRecordedEvent[]> {
    const page: AllStreamRecordedEvent[] = [];
    for await (const { event } of this.client.readAll(options)) {
      if (event) page.push(event);
    }
    return page;
  }

  subscribeToAll(handler: (events: RecordedEvent[]) => Promise<void>, options: SubscribeOptions = {}): Subscription {
    const wake = new LiveWake(this.client, this.idlePollMs);
    const loop = runSubscription({
      from: options.from ?? START,
      read: (from) => {
        wake.position = from;
        return this.readAll({ from, maxCount: options.batchSize ?? 500 });
      },
      handler,
      waitForMore: (signal) => wake.wait(signal),
    });
    const done = loop.done.finally(() => wake.close());
    // The caller reads `done`; this keeps an unobserved failure from crashing the process.
    done.catch(() => {});
    return {
      done,
      async stop() {
        await loop.stop();
        await done.catch(() => {});
      },
    };
  }

  async deleteStream(streamId: string, { expectedRevision = 'any' }: { expectedRevision?: ExpectedRevision } = {}): Promise<void> {
    try {
      await this.client.deleteStream(streamId, { expectedRevision: deleteRevision(expectedRevision) });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = actualRevision(error);
        // Refused for want of any stream: nothing to delete, which the PostgreSQL adapter reports as StreamDeleted.
        if (actual === -1 && (expectedRevision === 'any' || expectedRevision === 'no_stream')) throw new StreamDeleted(streamId);
        throw new WrongExpectedVersion(streamId, expectedRevision, actual);
      }
      if (error instanceof StreamDeletedError) throw new StreamDeleted(streamId);
      throw error;
    }
  }

  async readLatest({ maxCount, exceptTypes = [] }: { maxCount: number; exceptTypes?: string[] }): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    const skipped = new Set(exceptTypes);
    let from: EsdbReadAllOptions['fromPosition'] = END;
    let oldest: Position | null = null;
    for (;;) {
      const page = await this.readAllPage({ direction: BACKWARDS, fromPosition: from, maxCount: HEAD_PAGE });
      for (const event of page) {
        const position = positionOf(event);
        // Whether a page read backwards starts with the event at its position or before it, each is taken once.
        if (oldest && comparePositions(position, oldest) >= 0) continue;
        oldest = position;
        if (isSystemEvent(event) || skipped.has(event.type)) continue;
        events.push(toRecorded(event));
        if (events.length === maxCount) return events;
      }
      if (page.length < HEAD_PAGE) return events;
      from = page[page.length - 1]!.position;
    }
  }

  async headPosition(): Promise<Position> {
    return (await this.readLatest({ maxCount: 1 }))[0]?.position ?? START;
  }

  async countAfter(position: Position, cap = 1_000_000): Promise<number> {
    let count = 0;
    let from = position;
    while (count < cap) {
      const wanted = Math.min(cap - count, COUNT_PAGE);
      const page = await this.readAll({ from, maxCount: wanted });
      count += page.length;
      if (page.length < wanted) break;
      from = page[page.length - 1]!.position;
    }
    return count;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
