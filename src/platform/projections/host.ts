import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Pool } from '../db/pool.js';
import { correcting, Corrections, type RecordedCorrection } from '../eventstore/corrections.js';
import { comparePositions, isPosition, START } from '../eventstore/position.js';
import type { EventStore, Position } from '../eventstore/types.js';
import type { FailedEvent } from './failures.js';
import { eventTypesOf, type Projection } from './projection.js';
import { PassedCheckpoints } from './passed-checkpoints.js';
import { ProjectionRunner, type RunnerOptions } from './runner.js';
import { requestRebuild } from './shadow-rebuild.js';

export interface ProjectionStatus {
  name: string;
  /** The read model's Italian name (Projection.title). */
  title: string;
  version: number;
  position: Position | null;
  /** Events of the log not yet applied. */
  lag: number;
  activeHere: boolean;
  lastError: string | null;
  lastErrorAt: string | null;
  /** The event the read model stopped at, which it cannot apply: it stands just before it until a fix. */
  failedEvent: FailedEvent | null;
  /** A rebuild's own failure, and the event it stopped at (the live tables keep answering). */
  rebuildError: string | null;
  rebuildErrorAt: string | null;
  rebuildFailedEvent: FailedEvent | null;
  updatedAt: string | null;
  /**
   * `failed`: stopped at an event it cannot apply; `rebuilding`: a rebuild asked for is under way
   * (beside the live tables, which keep answering); `running`: catching up.
   */
  status: 'idle' | 'running' | 'rebuilding' | 'failed';
  /** Share of the rebuild done, 0 to 1; null when not rebuilding. */
  progress: number | null;
}

/**
 * Runs every projection of this process and knows where each stands, whichever process runs it
 * (its runners and other processes' notify on `vicino_checkpoints`).
 */
export class ProjectionHost {
  private readonly runners: ProjectionRunner[];
  private readonly known = new Map<string, Position>();
  /** The read models stopped at an event they cannot apply (at their known position): nobody waits for them. */
  private readonly stuck = new Set<string>();
  /**
   * The read models trying their stopped event again after a correction, each with when that stop
   * was recorded (last_error_at): the table still shows the stop until the runner has tried, so a
   * look at it (refresh) takes a stop recorded later as stopped anew, not that one.
   */
  private readonly retries = new Map<string, string | null>();
  private readonly changes = new EventEmitter();
  private listener: pg.Client | null = null;
  /** Stopping: a listener that ends is not opened again. */
  private stopping = false;
  /** The next try at listening again after the connection was lost (a PostgreSQL restart, a dropped connection). */
  private relisten: NodeJS.Timeout | null = null;
  /** The admins' corrections of events, applied to every event the read models read (issue [16]). */
  readonly corrections: Corrections;
  /** The log as the read models read it: events with their corrections applied. */
  readonly correctedStore: EventStore;
  /** The corrections this process has acted on (by where they sit in the log): each once. */
  private readonly handled = new Set<Position>();

  constructor(
    private readonly store: EventStore,
    private readonly pool: Pool,
    private readonly connectionString: string,
    readonly projections: Projection[],
    private readonly options: RunnerOptions & { logger?: Logger } = {},
  ) {
    this.changes.setMaxListeners(0);
    const passes = new PassedCheckpoints(pool);
    this.corrections = new Corrections(store);
    this.correctedStore = correcting(store, this.corrections);
    this.runners = projections.map((p) => new ProjectionRunner(this.correctedStore, connectionString, p, { passes, corrections: this.corrections, ...options }));
    for (const runner of this.runners) {
      runner.on('progress', (position, applied) => this.learn(runner.projection.name, position, applied));
      // The rebuilt tables took the place of the ones read until now.
      runner.on('rebuilt', () => this.changes.emit('applied', runner.projection.name));
      runner.on('failed', (position) => this.stopped(runner.projection.name, position));
    }
  }

  async start(): Promise<void> {
    await this.listen();
    await this.refresh();
    // Before any runner reads an event: the corrections written so far, each already acted on.
    await this.corrections.refresh();
    for (const runner of this.runners) runner.start();
  }

  /** The app is on its way out (its HTTP server closes first): its runners' failures are told quietly from now on. */
  closing(): void {
    for (const runner of this.runners) runner.closing = true;
  }

  async stop(): Promise<void> {
    this.closing();
    this.stopping = true;
    if (this.relisten) clearTimeout(this.relisten);
    this.relisten = null;
    await Promise.all(this.runners.map((r) => r.stop()));
    for (const waiter of this.waiting) waiter.done(this.verdict(waiter.position, waiter.names) === true);
    await this.listener?.end().catch(() => {});
    this.listener = null;
  }

  /** `applied`: the read model's rows may have changed (false when it only passed events by). */
  private learn(name: string, position: Position, applied: boolean): void {
    // A runner of this process and its own news, which may arrive first, tell of the same batch.
    if (this.known.get(name) === position && position !== START) return;
    this.known.set(name, position);
    // Moving at all, it went past the event it was stopped at.
    this.stuck.delete(name);
    this.retries.delete(name);
    // Before the waiters hear of it: a writer's answer never meets a cache of the rows before.
    if (applied) this.changes.emit('applied', name);
    this.answerWaiters();
  }

  /** `name` stands at `position`, before an event it cannot apply: the writers waiting for it are answered now. */
  private stopped(name: string, position: Position): void {
    this.learn(name, position, true);
    this.retries.delete(name);
    this.stuck.add(name);
    this.answerWaiters();
  }

  /**
   * Calls `listener` whenever a read model's rows may have changed, in this process or another;
   * not when it only moved past events it does not read.
   */
  onReadModelChanged(listener: (projection: string) => void): void {
    this.changes.on('applied', listener);
  }

  /** The read models whose rows this process keeps in memory (ReadCache), as `keepsInMemory` noted them. */
  private readonly kept = new Set<string>();
  private keptList: string[] = [];

  /** Notes read models whose rows a cache of this process keeps: a request that saw a later write waits for them (seen-position.ts). */
  keepsInMemory(names: Iterable<string>): void {
    for (const name of names) this.kept.add(name);
    this.keptList = [...this.kept];
  }

  cachedReadModels(): readonly string[] {
    return this.keptList;
  }

  /**
   * The LISTEN connection is gone: listen again a second later (and again until it works), then
   * read the checkpoints, since what was said meanwhile was not heard. Without it, another
   * process's news would reach this one only through the waiters' poll, and its caches would keep
   * answers until they age out.
   */
  private lost(client: pg.Client | null): void {
    if (client && this.listener === client) this.listener = null;
    client?.end().catch(() => {});
    if (this.stopping || this.relisten) return;
    this.relisten = setTimeout(() => {
      this.relisten = null;
      if (this.stopping) return;
      this.listen()
        .then(() => this.refresh())
        .then(() => this.corrections.refresh())
        .then(() => this.answerWaiters())
        .catch(() => this.lost(null));
    }, 1_000);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'vicino-checkpoints' });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      // A line a checkpoint: "name position", or "name position passed" when it only moved past
      // events it does not read (those of several read models come together); "name rebuild": a
      // rebuild was asked for; "name rebuilt": the rebuilt tables took the place of the live ones;
      // "name position failed since": it stopped there, before an event it cannot apply (recorded at `since`).
      for (const line of (message.payload ?? '').split('\n')) {
        const [name, position, passed, since] = line.split(' ');
        // A topic a batch announced (Projection.topics), for the processes: its checkpoint has its own line.
        if (name?.includes('/')) continue;
        if (name && position && passed === 'failed' && isPosition(position)) {
          // Old news when the read model has moved past that event since (a fix, a rebuild), as
          // heard from its runner here before this notification arrived: taken as it came, it
          // would put the read model back and stopped, and writers would stop waiting for it.
          const at = this.known.get(name);
          // Old news too when it is the stop an admin's correction is being tried for (heard here first).
          const retried = since !== undefined && this.retries.get(name) === since;
          if (!retried && (at === undefined || comparePositions(position, at) >= 0)) this.stopped(name, position);
          continue;
        }
        if (name && position === 'corrected' && isPosition(name)) {
          void this.corrected(name).catch((err: unknown) => this.options.logger?.warn({ err, at: name }, 'correzione di un evento non applicata'));
          continue;
        }
        if (name && position === 'rebuild') this.runners.find((r) => r.projection.name === name)?.rebuildRequested();
        if (name && position === 'rebuilt') this.changes.emit('applied', name);
        if (!name || !position || !isPosition(position)) continue;
        // News arrives late, after the runner may have moved on: a read model only goes back when
        // it is rebuilt (back to the start).
        const at = this.known.get(name);
        if (position === START || at === undefined || comparePositions(position, at) > 0) this.learn(name, position, passed !== 'passed');
        this.runners.find((r) => r.projection.name === name)?.checkpointStored(position);
      }
    });
    await client.connect();
    await client.query('LISTEN vicino_checkpoints');
    this.listener = client;
  }

  /** Where every read model has got to (the least of their positions); null while one is unknown. */
  private floor(): Position | null {
    let least: Position | null = null;
    for (const p of this.projections) {
      const at = this.known.get(p.name);
      if (at === undefined) return null;
      if (least === null || comparePositions(at, least) < 0) least = at;
    }
    return least;
  }

  /**
   * Whether the read models `names` (all when undefined) include `position`: true once they all
   * do, false once those that do not are stopped at an event they cannot apply (waiting for them
   * would be in vain), null while some are still on their way.
   */
  private verdict(position: Position, names: readonly string[] | undefined, floor = this.floor()): boolean | null {
    if (floor !== null && comparePositions(floor, position) >= 0) return true;
    let gaveUp = false;
    for (const name of names ?? this.projections.map((p) => p.name)) {
      const at = this.known.get(name);
      if (at !== undefined && comparePositions(at, position) >= 0) continue;
      if (!this.stuck.has(name)) return null;
      gaveUp = true;
    }
    return !gaveUp;
  }

  /** The writers waiting for their event to show, each answered once its read models have it. */
  private readonly waiting = new Set<{ position: Position; names: readonly string[] | undefined; done: (ok: boolean) => void }>();
  private poll: NodeJS.Timeout | null = null;

  /** Answers the waiters whose read models have their event (or are stopped before it). */
  private answerWaiters(): void {
    if (this.waiting.size === 0) return;
    const floor = this.floor();
    for (const waiter of this.waiting) {
      const verdict = this.verdict(waiter.position, waiter.names, floor);
      if (verdict !== null) waiter.done(verdict);
    }
  }

  /**
   * The read models that apply events of these types (those that may read any, too): the ones a
   * write of them changes. A projection that owns no table (a process run as one, like the e-mail
   * triggers filling their outbox) is no read model, and a write does not wait for it; nor for one
   * that reads its events only to keep what later events need (Projection.unseen).
   */
  readersOf(types: Iterable<string>): string[] {
    const written = [...types];
    return this.projections
      .filter((p) => {
        if (!p.tables.length || p.awaited === false) return false;
        const reads = eventTypesOf(p);
        return !reads || written.some((type) => reads.has(type) && !p.unseen?.includes(type));
      })
      .map((p) => p.name);
  }

  /**
   * Waits until the read models `names` (every one when not given) include `position`; false when
   * `timeoutMs` passed first, or at once when one of them is stopped before it at an event it
   * cannot apply (after the others have it).
   */
  async waitFor(position: Position, timeoutMs: number, names?: readonly string[]): Promise<boolean> {
    let now = this.verdict(position, names);
    if (now === false) {
      // Giving up on a read model stopped at an event: unless it was fixed a moment ago in
      // another process, whose news has not arrived yet. One look at the checkpoints tells.
      await this.refresh().catch(() => {});
      now = this.verdict(position, names);
    }
    if (now !== null) return now;
    return new Promise((resolve) => {
      const waiter = {
        position,
        names,
        done: (ok: boolean) => {
          clearTimeout(timer);
          this.waiting.delete(waiter);
          if (this.waiting.size === 0 && this.poll) {
            clearInterval(this.poll);
            this.poll = null;
          }
          resolve(ok);
        },
      };
      const timer = setTimeout(() => waiter.done(this.verdict(position, names) === true), timeoutMs);
      this.waiting.add(waiter);
      // Notifications can be lost with a dropped connection: read the table now and then too.
      this.poll ??= setInterval(
        () =>
          void this.refresh().then(
            () => this.answerWaiters(),
            () => {},
          ),
        250,
      );
    });
  }

  /**
   * Waits (bounded) until the read models that show the commit of the event at `position` (of
   * `type`) have all of it: the events appended with it change read models too. A request accepted
   * opens its package's unlock in the same commit; a notice told of the one must find the other.
   * A store that cannot tell a commit (EventStoreDB) waits for the event alone.
   */
  async waitForCommit(position: Position, type: string, timeoutMs: number): Promise<boolean> {
    const started = Date.now();
    const commit = (await this.store.commitOf?.(position).catch(() => null)) ?? [];
    const last = commit.reduce((latest, e) => (comparePositions(e.position, latest) > 0 ? e.position : latest), position);
    return this.waitFor(last, Math.max(0, timeoutMs - (Date.now() - started)), this.readersOf([type, ...commit.map((e) => e.type)]));
  }

  private async refresh(): Promise<void> {
    const { rows } = await this.pool.query<{ name: string; position: Position; failed: boolean; failed_since: Date | null }>(
      'SELECT name, position, failed_event IS NOT NULL AS failed, last_error_at AS failed_since FROM projection_checkpoints',
    );
    for (const row of rows) {
      const at = this.known.get(row.name);
      // Never back on a late read, but for a rebuild from the start.
      if (at === undefined || row.position === START || comparePositions(row.position, at) > 0) {
        this.known.set(row.name, row.position);
        // Its news, if it comes after this read, would be old news: the caches hear of it now.
        if (at !== undefined && row.position !== at) this.changes.emit('applied', row.name);
      }
      const stopped = row.failed && this.known.get(row.name) === row.position;
      const retried = this.retries.get(row.name);
      // Still the stop being tried again (its runner has not answered yet): not stopped anew.
      if (stopped && retried !== undefined && (row.failed_since?.toISOString() ?? null) === retried) continue;
      this.retries.delete(row.name);
      if (stopped) this.stuck.add(row.name);
      else this.stuck.delete(row.name);
    }
  }

  /** Whether a read model of this host is failing (stopped at an event, or erring): one look, no lags counted. */
  async failing(): Promise<boolean> {
    const { rows } = await this.pool.query<{ failing: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM projection_checkpoints
                      WHERE name = ANY ($1) AND (last_error IS NOT NULL OR failed_event IS NOT NULL)) AS failing`,
      [this.projections.map((p) => p.name)],
    );
    return rows[0]!.failing;
  }

  async status(): Promise<ProjectionStatus[]> {
    const { rows } = await this.pool.query<{
      name: string;
      version: number;
      position: Position;
      last_error: string | null;
      last_error_at: Date | null;
      updated_at: Date;
      rebuild_position: Position | null;
      rebuild_until: Position | null;
      rebuild_total: string | null;
      failed_event: FailedEvent | null;
      rebuild_error: string | null;
      rebuild_error_at: Date | null;
      rebuild_failed_event: FailedEvent | null;
    }>(
      `SELECT name, version, position, last_error, last_error_at, updated_at, rebuild_position, rebuild_until, rebuild_total,
              failed_event, rebuild_error, rebuild_error_at, rebuild_failed_event
       FROM projection_checkpoints`,
    );
    const byName = new Map(rows.map((r) => [r.name, r]));
    return Promise.all(
      this.runners.map(async (runner) => {
        const row = byName.get(runner.projection.name);
        const lag = row ? await this.store.countAfter(row.position, 1_000_000) : await this.store.countAfter(START);
        const rebuilding = !!row?.rebuild_position;
        let progress: number | null = null;
        if (rebuilding) {
          // What the copy has left of the log as it was when the rebuild was asked for; the last
          // 1% is its indexes and taking the live tables' place.
          const until = row.rebuild_until ?? row.position;
          const left = (await this.store.countAfter(row.rebuild_position!, 1_000_000)) - (await this.store.countAfter(until, 1_000_000));
          const total = Number(row.rebuild_total) || 1;
          progress = Math.min(0.99, Math.max(0, 1 - left / total));
        }
        return {
          name: runner.projection.name,
          title: runner.projection.title,
          version: runner.projection.version,
          position: row?.position ?? null,
          lag,
          activeHere: runner.isActive,
          lastError: row?.last_error ?? null,
          lastErrorAt: row?.last_error_at?.toISOString() ?? null,
          failedEvent: row?.failed_event ?? null,
          rebuildError: row?.rebuild_error ?? null,
          rebuildErrorAt: row?.rebuild_error_at?.toISOString() ?? null,
          rebuildFailedEvent: row?.rebuild_failed_event ?? null,
          updatedAt: row?.updated_at.toISOString() ?? null,
          status: row?.failed_event ? 'failed' : rebuilding ? 'rebuilding' : lag > 0 ? 'running' : 'idle',
          progress,
        };
      }),
    );
  }

  /**
   * Rebuilds `name` from the start of the log beside its live tables, which keep answering until
   * the rebuilt ones take their place; whichever process runs it carries it out.
   */
  async rebuild(name: string): Promise<void> {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`Unknown projection ${name}`);
    const until = await this.store.headPosition();
    const total = await this.store.countAfter(START, 1_000_000_000);
    await requestRebuild(this.pool, projection, { until, total });
    // At once, not only when the notification arrives.
    this.runners.find((r) => r.projection.name === name)?.rebuildRequested();
  }

  /**
   * An admin's correction was written at `at` (eventstore/corrections.ts), by this process or
   * another: once this process's readers know it, the read models stopped at the corrected event
   * try it again at once, and those whose tables already hold the event as it was (their runner is
   * here) are rebuilt, so that every read model, and any later rebuild, agrees with the corrected
   * log. `announce`: tell the other processes too (the process that wrote it). Answers the
   * correction and the read models rebuilt here for it.
   */
  async corrected(
    at: Position,
    { announce = false, timeoutMs = 10_000 }: { announce?: boolean; timeoutMs?: number } = {},
  ): Promise<{ correction: RecordedCorrection | null; rebuilt: string[] }> {
    // The log shows an event once the transactions older than it have ended: a moment, usually.
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.corrections.refresh();
      if (this.corrections.has(at) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const correction = this.corrections.at(at) ?? null;
    // Lost news costs the others a wait: a runner stopped at the event reads the corrections before each try.
    const announced = () =>
      announce
        ? this.pool.query("SELECT pg_notify('vicino_checkpoints', $1)", [`${at} corrected`]).then(
            () => {},
            (err: unknown) => this.options.logger?.warn({ err, at }, 'correzione di un evento non annunciata'),
          )
        : Promise.resolve();
    if (!correction || this.handled.has(at)) {
      await announced();
      return { correction, rebuilt: [] };
    }
    this.handled.add(at);
    // Marked as acted on here first, so that this process's own news finds it done.
    const told = announced();
    const rebuilt: string[] = [];
    // Each runner hears of it first (a failure from now on is a try without the correction, or a
    // stop anew) and stores any failure it was recording already; the stops are read after those.
    await Promise.all(this.runners.map((runner) => runner.heardCorrection()));
    const since = await this.stopsSince();
    for (const runner of this.runners) {
      const { name } = runner.projection;
      // It tries again: writers wait for it again, until it passes the event or stops anew.
      if (runner.stoppedAt === correction.eventId) this.retrying(name, since.get(name) ?? null);
      if (await runner.corrected(correction)) {
        await this.rebuild(name);
        rebuilt.push(name);
      }
    }
    if (rebuilt.length) this.options.logger?.info({ at, rebuilt }, 'read models rebuilt for an event correction');
    await told;
    return { correction, rebuilt };
  }

  /**
   * `name` tries its stopped event again (corrected, by this process or another): writers wait for
   * it again meanwhile, until it moves or stops at an event anew. `since`: when the stop it tries
   * again was recorded (its status' lastErrorAt).
   */
  retrying(name: string, since: string | null): void {
    this.stuck.delete(name);
    this.retries.set(name, since);
  }

  /** When each read model's last error was recorded. */
  private async stopsSince(): Promise<Map<string, string | null>> {
    const { rows } = await this.pool.query<{ name: string; since: Date | null }>('SELECT name, last_error_at AS since FROM projection_checkpoints');
    return new Map(rows.map((r) => [r.name, r.since?.toISOString() ?? null]));
  }

  /** Waits until no rebuild asked for is under way (whichever process carries it out); false when `timeoutMs` passed first. */
  async waitForRebuilds(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM projection_checkpoints WHERE rebuild_position IS NOT NULL AND name = ANY($1)', [
        this.projections.map((p) => p.name),
      ]);
      // Done once no rebuild is asked for, and none of this host's runners is still telling of
      // one it just finished (the tables swapped, its caches not yet told).
      if (rows[0]!.n === 0 && !this.runners.some((r) => r.rebuilding)) return true;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
