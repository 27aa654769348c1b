import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Pool } from '../db/pool.js';
import { StreamDeleted, WrongExpectedVersion } from './errors.js';
import { makePosition, positionParts, START } from './position.js';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from './types.js';
import { runSubscription } from './subscription.js';

/**
 * An event's row as the reads ask for it: its position made by the server ("transaction/sequence",
 * makePosition's form), then stream, revision, id, type, data, metadata. Rows come as arrays, not
 * objects, and the position as one string: a stream of 1,000 events is read in half the time
 * (bench:peer, issue [23]).
 */
type EventRow = [position: Position, streamId: string, revision: number, id: string, type: string, data: unknown, metadata: RecordedEvent['metadata']];

const columns = "e.transaction_id::text || '/' || e.global_position AS position, e.stream_id, e.revision, e.event_id, e.type, e.data, e.metadata";

function toRecorded(row: EventRow): RecordedEvent {
  return { id: row[3], streamId: row[1], revision: row[2], position: row[0], type: row[4], data: row[5], metadata: row[6] };
}

interface AppendRow {
  next_revision: number;
  tx: string;
  pos: number;
}

function appendResult(row: AppendRow): AppendResult {
  return { nextExpectedRevision: row.next_revision, position: makePosition(row.tx, row.pos), alreadyStored: false };
}

/** Only events of transactions older than every running one: nothing committed late is skipped. */
const visible = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

/**
 * The PostgreSQL adapter (design §1). Wake-ups come from LISTEN on one connection per store;
 * readers still poll, so a lost notification only delays, never loses, an event.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly wake = new EventEmitter();
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly connectionString: string,
    private readonly idlePollMs = 250,
    private readonly notifyGapMs = 3,
  ) {
    this.wake.setMaxListeners(0);
  }

  async appendToStream(streamId: string, events: NewEvent[], { expectedRevision = 'any' }: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    try {
      // Named: each connection parses and plans the append once, not at every call. A repeat is
      // refused, then answered as the first append was (repeatOrRefusal).
      const answer = events.length === 1 ? await this.appendOne(streamId, events[0]!, expectedRevision) : await this.appendMany(streamId, events, expectedRevision);
      this.announceAppend();
      return answer;
    } catch (error) {
      return (await this.repeatOrRefusal(error, [{ streamId, events, expectedRevision }]))[0]!;
    }
  }

  /** One event, a command's usual: plain values, no arrays to parse; the answer is one text, "<next revision> <position>" (migration 092). */
  private async appendOne(streamId: string, event: NewEvent, expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const { rows } = await this.pool.query<[string]>({
      name: 'es_append_one',
      rowMode: 'array',
      text: 'SELECT es_append_one($1, $2, $3, $4, $5, $6)',
      values: [streamId, String(expectedRevision), event.id, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)],
    });
    const answer = rows[0]![0];
    const space = answer.indexOf(' ');
    return { nextExpectedRevision: Number(answer.slice(0, space)), position: answer.slice(space + 1) as Position, alreadyStored: false };
  }

  private async appendMany(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const { rows } = await this.pool.query<AppendRow>({
      name: 'es_append',
      text: `SELECT next_revision, tx, pos
             FROM es_append($1, $2, $3::uuid[], $4::text[], $5::json[], $6::json[])`,
      values: [
        streamId,
        String(expectedRevision),
        events.map((e) => e.id),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        events.map((e) => JSON.stringify(e.metadata)),
      ],
    });
    return appendResult(rows[0]!);
  }

  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (appends.some((a) => a.events.length === 0)) throw new Error('appendToStreams needs at least one event for each stream');
    // One stream (a right code's plan, most plans of handleTogether): the plain append, whose
    // statement is simpler to run than the unnest of many (bench:sessions' activations).
    if (appends.length === 1) return [await this.appendToStream(appends[0]!.streamId, appends[0]!.events, { expectedRevision: appends[0]!.expectedRevision ?? 'any' })];
    const events = appends.flatMap((a) => a.events);
    let end = 0;
    const ranges = appends.map((a) => [end + 1, (end += a.events.length)] as const);
    try {
      // One statement, so one transaction: es_append for each stream in the order given (callers
      // give streams in one global order, so two of these never wait on each other in a cycle).
      const { rows } = await this.pool.query<AppendRow>({
        name: 'es_append_to_streams',
        text: `SELECT r.next_revision, r.tx, r.pos
               FROM unnest($1::text[], $2::text[], $3::int[], $4::int[]) WITH ORDINALITY AS a (stream_id, expected, lo, hi, n)
               CROSS JOIN LATERAL es_append(a.stream_id, a.expected, ($5::uuid[])[a.lo:a.hi], ($6::text[])[a.lo:a.hi],
                                            ($7::json[])[a.lo:a.hi], ($8::json[])[a.lo:a.hi]) AS r
               ORDER BY a.n`,
        values: [
          appends.map((a) => a.streamId),
          appends.map((a) => String(a.expectedRevision ?? 'any')),
          ranges.map(([lo]) => lo),
          ranges.map(([, hi]) => hi),
          events.map((e) => e.id),
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata)),
        ],
      });
      this.announceAppend();
      return rows.map(appendResult);
    } catch (error) {
      return this.repeatOrRefusal(error, appends);
    }
  }

  /**
   * An append refused because its events are already stored (their ids' unique index, 23505, or
   * their expected revision passed by themselves, VC001) is a repeat: answered as the first append
   * did, each stream with its last event of those. Asked only when refused, not before every append
   * (migration 092): a repeat is rare, and the question cost a quarter of an append's server time.
   */
  private async repeatOrRefusal(error: unknown, appends: StreamAppend[]): Promise<AppendResult[]> {
    const code = (error as { code?: string }).code;
    if (code === 'VC001' || code === '23505') {
      const repeat = await this.storedAlready(appends);
      if (repeat) return repeat;
    }
    throw await this.refusal(error, appends);
  }

  private async storedAlready(appends: StreamAppend[]): Promise<AppendResult[] | null> {
    const ids = appends.flatMap((a) => a.events.map((e) => e.id.toLowerCase()));
    const { rows } = await this.pool.query<{ event_id: string; stream_id: string; revision: number; transaction_id: string; global_position: number }>({
      name: 'es_stored_ids',
      text: 'SELECT event_id, stream_id, revision, transaction_id, global_position FROM es_events WHERE event_id = ANY ($1::uuid[])',
      values: [ids],
    });
    const stored = new Map(rows.map((row) => [row.event_id, row]));
    const answers: AppendResult[] = [];
    for (const append of appends) {
      let last: (typeof rows)[number] | undefined;
      for (const event of append.events) {
        const row = stored.get(event.id.toLowerCase());
        if (!row || row.stream_id !== append.streamId) return null;
        if (!last || row.revision > last.revision) last = row;
      }
      answers.push({ nextExpectedRevision: last!.revision, position: makePosition(last!.transaction_id, last!.global_position), alreadyStored: true });
    }
    return answers;
  }

  /**
   * What an append's error means, once it is not a repeat: the stream es_append names (HINT) moved
   * (VC001), or some of the event ids are stored already, elsewhere or not all of them (23505) — a
   * WrongExpectedVersion either way; anything else as it is.
   */
  private async refusal(error: unknown, appends: StreamAppend[]): Promise<unknown> {
    const e = error as { code?: string; detail?: string; hint?: string };
    const refused = appends.find((a) => a.streamId === e.hint);
    if (e.code === 'VC001' && refused) return new WrongExpectedVersion(refused.streamId, refused.expectedRevision ?? 'any', Number(e.detail));
    if (e.code === '23505') {
      // A unique index names no stream: the first one stands for the append.
      const stream = appends[0]!;
      return new WrongExpectedVersion(stream.streamId, stream.expectedRevision ?? 'any', await this.currentRevision(stream.streamId));
    }
    return error;
  }

  private announcing = false;
  private announceAgain = false;
  /** Counts every append heard of: a wait that starts after a read knows whether it missed one. */
  private appendsHeard = 0;

  private heardAppend(): void {
    this.appendsHeard++;
    this.wake.emit('append');
  }

  /**
   * Wakes subscribers once the append has committed: this process's at once, other processes' by
   * a NOTIFY in a transaction of its own. Inside the append, NOTIFY's cluster-wide lock was held
   * through each append's WAL flush, so appends could not share flushes (group commit).
   * Appends made while a NOTIFY is in flight share the next one, sent no sooner than
   * `notifyGapMs` after it: a NOTIFY is a transaction, and one per append took a quarter of the
   * server's time under 8 writers (bench:peer). Another process hears of a burst at once and of
   * its rest within the gap. When no other process listens (one app process, the default), no
   * NOTIFY is sent at all.
   */
  private announceAppend(): void {
    this.heardAppend();
    if (this.announcing) {
      this.announceAgain = true;
      return;
    }
    this.announcing = true;
    void (async () => {
      do {
        this.announceAgain = false;
        if (this.closed) break;
        const sentAt = performance.now();
        if (await this.othersListen()) {
          // A lost wake-up only costs a poll: no need to wait for the commit record's flush.
          await this.pool.query("SELECT set_config('synchronous_commit', 'off', true), pg_notify('vicino_events', '')").catch(() => {});
        }
        const wait = sentAt + this.notifyGapMs - performance.now();
        if (this.announceAgain && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
      } while (this.announceAgain);
      this.announcing = false;
    })();
  }

  private othersListening = true;
  private othersAskedAt = Number.NEGATIVE_INFINITY;

  /**
   * Whether another process's store listens for appends (its LISTEN connection is named
   * 'vicino-listen'), asked of the server at most once a second. A process that starts listening
   * is told within that second; until then it finds appends by its idle poll, as after any lost
   * wake-up. Unknown, it is taken as yes.
   */
  private async othersListen(): Promise<boolean> {
    if (performance.now() - this.othersAskedAt < 1_000) return this.othersListening;
    this.othersAskedAt = performance.now();
    try {
      const { rows } = await this.pool.query<{ n: number }>({
        name: 'es_listeners',
        text: "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'vicino-listen'",
      });
      this.othersListening = rows[0]!.n > (this.listener ? 1 : 0);
    } catch {
      this.othersListening = true;
    }
    return this.othersListening;
  }

  private async currentRevision(streamId: string): Promise<number> {
    const { rows } = await this.pool.query<{ revision: number }>('SELECT revision FROM es_streams WHERE stream_id = $1', [streamId]);
    return rows[0]?.revision ?? -1;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const { rows } = await this.pool.query<EventRow>({
      // Named: every command reads its stream first; each connection parses and plans this once.
      name: backwards ? 'es_read_stream_backwards' : 'es_read_stream',
      rowMode: 'array',
      text: `SELECT ${columns} FROM es_events e
       WHERE e.stream_id = $1
         AND e.revision >= (SELECT s.truncate_before FROM es_streams s WHERE s.stream_id = $1)
         AND e.revision ${backwards ? '<=' : '>='} $2
       ORDER BY e.revision ${backwards ? 'DESC' : 'ASC'}
       LIMIT $3`,
      values: [streamId, from, options.maxCount ?? null],
    });
    return rows.map(toRecorded);
  }

  async readStreams(reads: { streamId: string; fromRevision?: number }[]): Promise<RecordedEvent[][]> {
    if (reads.length === 0) return [];
    const { rows } = await this.pool.query<[...EventRow, number]>({
      name: 'es_read_streams',
      rowMode: 'array',
      text: `SELECT ${columns}, r.n
       FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS r (stream_id, from_revision, n)
       CROSS JOIN LATERAL (
         SELECT * FROM es_events e
         WHERE e.stream_id = r.stream_id
           AND e.revision >= (SELECT s.truncate_before FROM es_streams s WHERE s.stream_id = r.stream_id)
           AND e.revision >= r.from_revision
         ORDER BY e.revision
       ) e
       ORDER BY r.n, e.revision`,
      values: [reads.map((r) => r.streamId), reads.map((r) => r.fromRevision ?? 0)],
    });
    const answers: RecordedEvent[][] = reads.map(() => []);
    for (const row of rows) answers[row[7] - 1]!.push(toRecorded(row as unknown as EventRow));
    return answers;
  }

  async readLatest({ maxCount, exceptTypes = [] }: { maxCount: number; exceptTypes?: string[] }): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>({
      rowMode: 'array',
      text: `SELECT ${columns} FROM es_events e
       WHERE ${visible} AND type <> ALL ($2::text[])
       ORDER BY transaction_id DESC, global_position DESC
       LIMIT $1`,
      values: [maxCount, exceptTypes],
    });
    return rows.map(toRecorded);
  }

  /**
   * Full pages of the log read lately, by where they start: runners rebuilding side by side read
   * the same pages, and decoding each once instead of once per projection is what makes a rebuild
   * of them all fast. A full page never changes (nothing can commit before a visible event), so it
   * can be shared; events handed out are read-only to every consumer.
   */
  private readonly pages = new Map<string, RecordedEvent[]>();
  private static readonly pagesKept = 40;

  async readAll({ from = START, until, types, maxCount = 1000 }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    if (until === undefined && types === undefined) return (await this.sharedRead(from, maxCount)).page;
    // A rebuild's read: the types are sorted out here, so what the process receives and decodes
    // is only what it applies (most read models read a few types of a log mostly about others).
    const [tx, seq] = positionParts(from);
    const [untilTx, untilSeq] = until === undefined ? [null, null] : positionParts(until);
    const { rows } = await this.pool.query<EventRow>({
      name: 'es_read_all_of_types',
      rowMode: 'array',
      text: `SELECT ${columns} FROM es_events e
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint) AND ${visible}
         AND ($3::text IS NULL OR (transaction_id, global_position) <= ($3::text::xid8, $4::bigint))
         AND ($5::text[] IS NULL OR type = ANY ($5::text[]))
       ORDER BY transaction_id, global_position
       LIMIT $6`,
      values: [tx.toString(), seq.toString(), untilTx?.toString() ?? null, untilSeq?.toString() ?? null, types ?? null, maxCount],
    });
    return rows.map(toRecorded);
  }

  /** Reads of the log in flight, by from and size: runners that ask for the same one share it. */
  private readonly reading = new Map<string, Promise<{ page: RecordedEvent[]; heard: number }>>();

  /**
   * One page of the log, with the count of appends heard before it was read. Every runner wakes
   * at the same append and asks for the same tail: one query answers them all (17 read models,
   * one query instead of 17 per append). A full page never changes and is kept for later.
   */
  private sharedRead(from: Position, maxCount: number): Promise<{ page: RecordedEvent[]; heard: number }> {
    const key = `${from} ${maxCount}`;
    const known = this.pages.get(key);
    if (known) {
      this.pages.delete(key);
      this.pages.set(key, known);
      return Promise.resolve({ page: known, heard: this.appendsHeard });
    }
    const inFlight = this.reading.get(key);
    if (inFlight) return inFlight;
    const heard = this.appendsHeard;
    const read = this.readPage(from, maxCount)
      .then((page) => {
        if (page.length === maxCount) {
          this.pages.set(key, page);
          if (this.pages.size > PostgresEventStore.pagesKept) this.pages.delete(this.pages.keys().next().value!);
        }
        return { page, heard };
      })
      .finally(() => this.reading.delete(key));
    this.reading.set(key, read);
    return read;
  }

  private async readPage(from: Position, maxCount: number): Promise<RecordedEvent[]> {
    const [tx, seq] = positionParts(from);
    const { rows } = await this.pool.query<EventRow>({
      // Named: every append wakes the runners into this read; each connection parses it once.
      name: 'es_read_all',
      rowMode: 'array',
      text: `SELECT ${columns} FROM es_events e
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint) AND ${visible}
       ORDER BY transaction_id, global_position
       LIMIT $3`,
      values: [tx.toString(), seq.toString(), maxCount],
    });
    return rows.map(toRecorded);
  }

  subscribeToAll(handler: (events: RecordedEvent[]) => Promise<void>, options: SubscribeOptions = {}): Subscription {
    let heardBeforeRead = 0;
    return runSubscription({
      from: options.from ?? START,
      read: async (from) => {
        // The appends heard before the (perhaps shared) query began: one heard after it may not
        // be in its answer, and the wait that follows must not sleep through it.
        const { page, heard } = await this.sharedRead(from, options.batchSize ?? 500);
        heardBeforeRead = heard;
        return page;
      },
      handler,
      waitForMore: (signal) => this.waitForAppend(signal, heardBeforeRead),
    });
  }

  /** Resolves at the next append notification, the idle poll, or abort, whichever is first. */
  private async waitForAppend(signal: AbortSignal, heardBeforeRead: number): Promise<void> {
    await this.ensureListening().catch(() => {});
    // An append heard while the read ran may have committed after its snapshot: read again.
    if (this.appendsHeard !== heardBeforeRead) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake.off('append', done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, this.idlePollMs);
      this.wake.once('append', done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  private ensureListening(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.listening ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString, application_name: 'vicino-listen' });
      client.on('notification', () => this.heardAppend());
      client.on('error', () => {
        // The connection dropped: polling carries on, and the next wait listens again.
        this.listener = null;
        this.listening = null;
      });
      await client.connect();
      await client.query('LISTEN vicino_events');
      this.listener = client;
    })().catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    return this.listening;
  }

  async deleteStream(streamId: string, { expectedRevision = 'any' }: { expectedRevision?: ExpectedRevision } = {}): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ revision: number; truncate_before: number }>('SELECT revision, truncate_before FROM es_streams WHERE stream_id = $1 FOR UPDATE', [
        streamId,
      ]);
      const row = rows[0];
      const actual = row?.revision ?? -1;
      const exists = row !== undefined && row.revision >= 0 && row.revision >= row.truncate_before;
      if (
        (expectedRevision === 'no_stream' && exists) ||
        (expectedRevision === 'stream_exists' && !exists) ||
        (typeof expectedRevision === 'number' && expectedRevision !== actual)
      ) {
        throw new WrongExpectedVersion(streamId, expectedRevision, actual);
      }
      if (!exists) throw new StreamDeleted(streamId);
      await client.query('UPDATE es_streams SET truncate_before = revision + 1 WHERE stream_id = $1', [streamId]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async headPosition(): Promise<Position> {
    const { rows } = await this.pool.query<{ transaction_id: string; global_position: number }>(
      `SELECT transaction_id, global_position FROM es_events WHERE ${visible}
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    const row = rows[0];
    return row ? makePosition(row.transaction_id, row.global_position) : START;
  }

  async countAfter(position: Position, cap = 1_000_000): Promise<number> {
    const [tx, seq] = positionParts(position);
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT 1 FROM es_events WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint) AND ${visible}
         LIMIT $3) AS behind`,
      [tx.toString(), seq.toString(), cap],
    );
    return rows[0]?.n ?? 0;
  }

  async commitOf(position: Position): Promise<{ type: string; position: Position }[]> {
    const [tx] = positionParts(position);
    const { rows } = await this.pool.query<{ type: string; transaction_id: string; global_position: number }>({
      name: 'es_commit_of',
      text: 'SELECT type, transaction_id, global_position FROM es_events WHERE transaction_id = $1::text::xid8 ORDER BY global_position',
      values: [tx.toString()],
    });
    return rows.map((row) => ({ type: row.type, position: makePosition(row.transaction_id, row.global_position) }));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake.emit('append');
    const listener = this.listener;
    this.listener = null;
    await this.listening?.catch(() => {});
    await (listener ?? this.listener)?.end().catch(() => {});
  }
}
