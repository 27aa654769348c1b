import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from 'pino';
import { nameEveryStatement } from '../db/pool.js';
import { holdsPatch, type RecordedCorrection } from '../eventstore/corrections.js';
import { comparePositions, START } from '../eventstore/position.js';
import type { EventStore, Position, RecordedEvent, Subscription } from '../eventstore/types.js';
import { applyOneByOne, isTransient, loggable, PoisonEvent } from './failures.js';
import { PassedCheckpoints } from './passed-checkpoints.js';
import { eventTypesOf, type Projection } from './projection.js';
import { requestRebuild, ShadowRebuild } from './shadow-rebuild.js';
import { dropShadowTables } from './shadow-tables.js';

/** Another process rebuilt or advanced this projection: start again from the stored checkpoint. */
class CheckpointMoved extends Error {}

export interface RunnerOptions {
  batchSize?: number;
  /** How often a standby runner tries to take over the projection. */
  standbyRetryMs?: number;
  logger?: Pick<Logger, 'warn' | 'error' | 'info'>;
  /** Where passed batches are written, shared by the runners of a host; else each runner writes its own. */
  passes?: PassedCheckpoints;
  /** The most events a rebuild applies in one transaction. */
  rebuildBatchSize?: number;
  /**
   * The admins' corrections of events (eventstore/corrections.ts), read again before a runner
   * stopped at an event tries it again, and before a rebuild starts: a correction written by
   * another process, whose news was lost, still reaches them.
   */
  corrections?: { refresh(): Promise<void>; of(eventId: string): readonly RecordedCorrection[] };
}

const lockKey = (name: string): string => `vicino:projection:${name}`;

/**
 * Empties a projection's tables and moves its checkpoint back to the start, in one transaction
 * (a read model nobody reads yet, tests; a rebuild of a running site, and a new version of the
 * projection, go beside the live tables instead: requestRebuild). A rebuild under way is dropped.
 */
export async function resetProjection(client: pg.ClientBase, projection: Projection): Promise<void> {
  await client.query('BEGIN');
  try {
    if (projection.tables.length) await client.query(`TRUNCATE ${projection.tables.join(', ')}`);
    await dropShadowTables(client, projection);
    await client.query(
      `INSERT INTO projection_checkpoints (name, version, position) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET version = $2, position = $3, updated_at = now(), last_error = NULL, last_error_at = NULL,
         failed_event = NULL, rebuild_position = NULL, rebuild_until = NULL, rebuild_total = NULL, rebuild_error = NULL,
         rebuild_error_at = NULL, rebuild_failed_event = NULL`,
      [projection.name, projection.version, START],
    );
    await client.query("SELECT pg_notify('vicino_checkpoints', $1)", [`${projection.name} ${START}`]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/**
 * Runs one projection: takes its advisory lock (one runner per projection across every process),
 * subscribes from its checkpoint and commits each batch together with the new checkpoint, so a
 * crash never applies an event twice nor skips one. Failures are recorded and retried with backoff.
 * An event the projection cannot apply stops it just before that event, alone: the events before
 * it in the batch are applied, and the event is recorded for the admin (`failed`) until a fix lets
 * the projection apply it; the other read models go on.
 * `progress` tells where it is, and whether it applied events there (false: it only passed them by).
 */
export class ProjectionRunner extends EventEmitter<{ progress: [Position, boolean]; rebuilt: [Position]; failed: [Position] }> {
  private stopped = false;
  private readonly abort = new AbortController();
  /** Ends the wait after a failure early: someone asked for a rebuild, after a fix perhaps. */
  private wake = new AbortController();
  private subscription: Subscription | null = null;
  private loop: Promise<void> | null = null;
  private position: Position = START;
  private active = false;
  private readonly eventTypes: ReadonlySet<string> | null;
  private passes: PassedCheckpoints | null = null;
  /** The rebuild beside the live tables, while this runner holds the lock. */
  private rebuild: ShadowRebuild | null = null;
  /** The live batch under way, if any: a rebuild takes the tables' place between two. */
  private batch: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly connectionString: string,
    readonly projection: Projection,
    private readonly options: RunnerOptions = {},
  ) {
    super();
    this.eventTypes = eventTypesOf(projection);
  }

  /** A correction was heard: the next failure is tried again at once, without its backoff. */
  private retrySoon = false;
  /** The id of the event this runner stopped at, until it moves (for the corrections of that event). */
  private stoppedAtEvent: string | null = null;
  /** A failure being recorded (its checkpoint's last_error_at about to change), if any. */
  private recording: Promise<void> = Promise.resolve();
  /**
   * The data this runner applied, of the events with a correction known when it applied them (a
   * handful: corrections are rare): a correction whose fields it already applied (a retry read the
   * event after the correction was written) needs no rebuild.
   */
  private readonly appliedCorrected = new Map<string, unknown>();

  get stoppedAt(): string | null {
    return this.stoppedAtEvent;
  }

  /** True while this process holds the projection's lock and applies its events. */
  get isActive(): boolean {
    return this.active;
  }

  /** True while this runner carries out a rebuild (until it has said the rebuilt tables took the live ones' place). */
  get rebuilding(): boolean {
    return this.rebuild?.running ?? false;
  }

  start(): void {
    this.loop ??= this.run();
  }

  /**
   * A checkpoint was stored for this projection. Back at the start while this runner is past it:
   * a rebuild was asked for (resetProjection, from any process), so drop the subscription and
   * start again from what is stored. Any other position is this runner's own news arriving after
   * it moved on (only the lock holder advances a checkpoint): nothing to do.
   */
  checkpointStored(position: Position): void {
    if (this.active && position === START && this.position !== START) void this.subscription?.stop();
  }

  /**
   * Someone asked for a rebuild (requestRebuild, from any process): carried out here if this
   * runner holds the lock. A runner waiting to try again after a failure tries at once: the admin
   * asks after a fix, and the rebuild's copy only catches up with the live tables.
   */
  rebuildRequested(): void {
    this.wake.abort();
    this.rebuild?.start();
  }

  /** Runs `work` between two live batches: the next waits for it. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.batch.then(work);
    this.batch = result.catch(() => {});
    return result;
  }

  /**
   * An admin corrected an event (eventstore/corrections.ts), now known to this process's readers.
   * A runner waiting to try again after a failure tries at once (the correction may be what it
   * needed). Holding the lock, it tells whether its tables already hold the event as it was
   * (it applies the event's type and has passed it, or a rebuild is under way, whose copy may
   * have): they must be rebuilt to hold the corrected one. Decided between two live batches, so a
   * batch read before the correction was known is counted as applied.
   */
  async corrected(target: Pick<RecordedCorrection, 'eventId' | 'eventType' | 'position' | 'data'>): Promise<boolean> {
    void this.heardCorrection();
    if (!this.active || !this.projection.tables.length) return false;
    const types = this.eventTypes;
    if (types && !types.has(target.eventType)) return false;
    return this.exclusive(async () => {
      if (!this.active) return false;
      if (this.rebuilding) return true;
      if (comparePositions(this.position, target.position) < 0) return false;
      // Passed: as it was, unless the batch that passed it already carried the correction's fields.
      return !holdsPatch(this.appliedCorrected.get(target.eventId), target.data);
    });
  }

  /**
   * A correction was written: an attempt under way may have read the event before it was known
   * here, and fails at it again: not a stop anew, it tries again at once. Answers once a failure
   * already being recorded is stored, so that the stop the correction ends is the last one recorded.
   */
  heardCorrection(): Promise<void> {
    if (this.stoppedAtEvent !== null) this.retrySoon = true;
    this.wake.abort();
    return this.recording;
  }

  /** Notes the data applied of the events among `events` that have a correction known here. */
  private noteCorrected(events: readonly RecordedEvent[]): void {
    const corrections = this.options.corrections;
    if (!corrections) return;
    for (const event of events) if (corrections.of(event.id).length) this.appliedCorrected.set(event.id, event.data);
  }

  /** The app is stopping (its HTTP server first): a failure from now on is told quietly. */
  closing = false;

  async stop(): Promise<void> {
    this.closing = true;
    this.stopped = true;
    this.abort.abort();
    await this.subscription?.stop();
    await this.loop;
  }

  private async run(): Promise<void> {
    let backoff = 250;
    let poisoned = false;
    while (!this.stopped) {
      // Stopped at an event: an admin's correction of it may have been written meanwhile.
      if (poisoned) await this.options.corrections?.refresh().catch(() => {});
      const client = new pg.Client({ connectionString: this.connectionString, application_name: `vicino-projection-${this.projection.name}` });
      client.on('error', () => {});
      nameEveryStatement(client);
      try {
        await client.connect();
        await this.runWithLock(client);
        backoff = 250;
        poisoned = false;
      } catch (error) {
        if (this.stopped) break;
        if (error instanceof CheckpointMoved) continue;
        poisoned = error instanceof PoisonEvent;
        // Before anything awaits: a request arriving from now on (a rebuild asked for, while the
        // failure is being recorded) ends the wait below, instead of waking a controller replaced
        // after it and leaving the runner asleep for its whole backoff.
        this.wake = new AbortController();
        if (this.closing) {
          // The app is on its way out (the database may be going too): a line, no alarm, no stack.
          this.options.logger?.info({ projection: this.projection.name, reason: error instanceof Error ? error.message : String(error) }, 'projection interrupted while stopping');
        } else {
          this.options.logger?.error(
            { err: loggable(error), projection: this.projection.name },
            error instanceof PoisonEvent ? 'vista di lettura ferma a un evento che non sa applicare; riprovo' : 'vista di lettura non riuscita; riprovo',
          );
        }
        // An attempt that read the stopped event before an admin's correction was known here
        // fails at it again: not a stop anew (the writers waiting for the corrected read model
        // would give up on it), only the reason to try again at once.
        const beforeCorrection = this.retrySoon && error instanceof PoisonEvent && error.event.id === this.stoppedAtEvent;
        // Kept before anything awaits: a correction heard from now on waits for it (heardCorrection).
        if (!beforeCorrection) {
          this.recording = this.recordError(error);
          await this.recording;
        }
        if (this.retrySoon) {
          this.retrySoon = false;
          continue;
        }
        await sleep(backoff, undefined, { signal: AbortSignal.any([this.abort.signal, this.wake.signal]) }).catch(() => {});
        backoff = Math.min(backoff * 2, 30_000);
      } finally {
        this.active = false;
        this.subscription = null;
        await this.rebuild?.stop();
        this.rebuild = null;
        await client.end().catch(() => {});
      }
    }
  }

  private async runWithLock(client: pg.Client): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [lockKey(this.projection.name)]);
      if (rows[0]?.ok) break;
      await sleep(this.options.standbyRetryMs ?? 2_000, undefined, { signal: this.abort.signal }).catch(() => {});
    }
    this.active = true;
    this.passes = this.options.passes ?? new PassedCheckpoints(client);
    const { position, rebuilding } = await this.prepare(client);
    this.position = position;
    this.emit('progress', this.position, true);
    const positionNow = () => this.position;
    this.rebuild = new ShadowRebuild(
      this.store,
      this.connectionString,
      this.projection,
      {
        get position() {
          return positionNow();
        },
        exclusive: (work) => this.exclusive(work),
        rebuilt: (at) => this.emit('rebuilt', at),
      },
      { batchSize: this.options.rebuildBatchSize, logger: this.options.logger, corrections: this.options.corrections },
    );
    if (rebuilding) this.rebuild.start();
    this.subscription = this.store.subscribeToAll((events) => this.exclusive(() => this.applyBatch(client, events)), {
      from: this.position,
      batchSize: this.options.batchSize ?? 1000,
      ...(this.eventTypes ? { types: this.eventTypes } : {}),
    });
    if (this.stopped) await this.subscription.stop();
    await this.subscription.done;
  }

  /**
   * Creates the checkpoint on first run. A new projection version is rebuilt beside the live
   * tables, which keep answering meanwhile (as a rebuild asked by an admin is): it is asked for
   * here, with the new version, so that a process stopped half-way goes on with it rather than
   * asking again. Tells whether a rebuild is asked for or under way.
   */
  private async prepare(client: pg.Client): Promise<{ position: Position; rebuilding: boolean }> {
    const { name, version } = this.projection;
    await client.query('INSERT INTO projection_checkpoints (name, version, position) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING', [name, version, START]);
    const { rows } = await client.query<{ version: number; position: Position; rebuild_position: Position | null }>(
      'SELECT version, position, rebuild_position FROM projection_checkpoints WHERE name = $1',
      [name],
    );
    const stored = rows[0]!;
    if (stored.version !== version) {
      this.options.logger?.info({ projection: name, from: stored.version, to: version }, 'projection version changed: rebuilding beside the live tables');
      if (stored.position === START) {
        // Nothing applied yet: nothing to keep answering with.
        await resetProjection(client, this.projection);
        return { position: START, rebuilding: false };
      }
      await client.query('UPDATE projection_checkpoints SET version = $2 WHERE name = $1', [name, version]);
      await requestRebuild(client, this.projection, { until: await this.store.headPosition(), total: await this.store.countAfter(START, 1_000_000_000) });
      return { position: stored.position, rebuilding: true };
    }
    return { position: stored.position, rebuilding: stored.rebuild_position !== null };
  }

  private async applyBatch(client: pg.Client, events: RecordedEvent[]): Promise<void> {
    const to = events[events.length - 1]!.position;
    const types = this.eventTypes;
    if (types && !events.some((e) => types.has(e.type))) return this.passBatch(to);
    // A read model is rebuilt from the log, and its rows and checkpoint commit together: a crash
    // that loses the last batches loses both, and they are applied again. So no batch waits for
    // its WAL flush (the events themselves are written with full durability).
    await client.query('BEGIN; SET LOCAL synchronous_commit = off');
    try {
      await this.projection.apply(events, client);
      await this.advance(client, to, events);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      if (error instanceof CheckpointMoved || isTransient(error)) throw error;
      return this.applyAroundPoison(client, events);
    }
    this.noteCorrected(events);
    this.position = to;
    this.stoppedAtEvent = null;
    this.emit('progress', to, true);
  }

  /**
   * The batch failed as a whole: applied again one event at a time, to find the event that fails.
   * What comes before it is committed, so the read model stops exactly there; the event is thrown
   * (PoisonEvent) for the admin to see. When every event applies alone, the batch is committed.
   */
  private async applyAroundPoison(client: pg.Client, events: RecordedEvent[]): Promise<void> {
    await client.query('BEGIN; SET LOCAL synchronous_commit = off');
    let found: Awaited<ReturnType<typeof applyOneByOne>>;
    let to: Position | null;
    try {
      found = await applyOneByOne(this.projection, events, client);
      to = found.applied ? events[found.applied - 1]!.position : null;
      if (to) await this.advance(client, to, events.slice(0, found.applied));
      else await client.query('ROLLBACK');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
    if (to) {
      this.noteCorrected(events.slice(0, found.applied));
      this.position = to;
      this.emit('progress', to, true);
    }
    if (found.poison) throw found.poison;
  }

  /**
   * Ends the open transaction: the checkpoint's compare-and-set, COMMIT and the news in one round
   * trip (a simple query of three statements: the first failing skips the others). The news goes
   * after COMMIT: inside, NOTIFY's cluster-wide lock would be held through the commit, stalling
   * every other notifying commit; a lost notification only costs the host a poll.
   */
  private async advance(client: pg.Client, to: Position, applied: readonly RecordedEvent[]): Promise<void> {
    const { name, version } = this.projection;
    // The checkpoint's line, then a line for each topic the batch announces (Projection.topics).
    const news = [`${name} ${to}`, ...(this.projection.topics?.(applied) ?? []).map((topic) => `${name}/${topic} ${to}`)].join('\n');
    try {
      await client.query(
        `SELECT projection_advance(${[name, version, this.position, to].map((v) => client.escapeLiteral(String(v))).join(', ')});
         COMMIT;
         SELECT set_config('synchronous_commit', 'off', true), pg_notify('vicino_checkpoints', ${client.escapeLiteral(news)})`,
      );
    } catch (error) {
      throw error instanceof pg.DatabaseError && error.code === 'VC003' ? new CheckpointMoved() : error;
    }
  }

  /**
   * A batch this projection has nothing to do with (most of them, for most projections: each
   * reads a few event types): only the checkpoint moves, compare-and-set, together with those of
   * the other runners that passed the same batch.
   */
  private async passBatch(to: Position): Promise<void> {
    if (!(await this.passes!.pass(this.projection.name, this.projection.version, this.position, to))) throw new CheckpointMoved();
    this.position = to;
    this.emit('progress', to, false);
  }

  /**
   * Keeps the failure for the admin; an event the projection cannot apply is kept with it, and
   * every process hears that this read model is stopped there ("name position failed"), so that
   * no writer waits for it.
   */
  private async recordError(error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const poison = error instanceof PoisonEvent ? error.event : null;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ since: Date }>(
        // Another failure while stopped at an event (a connection lost on the way) keeps the event.
        `UPDATE projection_checkpoints SET last_error = $2, last_error_at = now(), failed_event = coalesce($3::jsonb, failed_event)
         WHERE name = $1 AND ($3::jsonb IS NULL OR position = $4) RETURNING last_error_at AS since`,
        [this.projection.name, message.slice(0, 2000), poison && JSON.stringify(poison), this.position],
      );
      // With when it was recorded: a process that is trying the event again since then knows it for old news.
      const since = rows[0]?.since.toISOString() ?? '';
      if (poison) await client.query("SELECT pg_notify('vicino_checkpoints', $1)", [`${this.projection.name} ${this.position} failed ${since}`.trim()]);
    } catch {
      // The database itself may be what failed; the log line above already tells.
    } finally {
      await client.end().catch(() => {});
    }
    if (poison) {
      this.stoppedAtEvent = poison.id;
      this.emit('failed', this.position);
    }
  }
}
