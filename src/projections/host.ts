import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Pool } from '../db/pool.js';
import { comparePositions, isPosition, START } from '../eventstore/position.js';
import type { EventStore, Position } from '../eventstore/types.js';
import type { Projection } from './projection.js';
import { PassedCheckpoints } from './passed-checkpoints.js';
import { ProjectionRunner, type RunnerOptions } from './runner.js';
import { requestRebuild } from './shadow-rebuild.js';

export interface ProjectionStatus {
  name: string;
  version: number;
  position: Position | null;
  /** Events of the log not yet applied. */
  lag: number;
  activeHere: boolean;
  lastError: string | null;
  lastErrorAt: string | null;
  updatedAt: string | null;
  /** `rebuilding`: a rebuild asked for is under way (beside the live tables, which keep answering); `running`: catching up. */
  status: 'idle' | 'running' | 'rebuilding';
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
  private readonly changes = new EventEmitter();
  private listener: pg.Client | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly pool: Pool,
    private readonly connectionString: string,
    readonly projections: Projection[],
    private readonly options: RunnerOptions & { logger?: Logger } = {},
  ) {
    this.changes.setMaxListeners(0);
    const passes = new PassedCheckpoints(pool);
    this.runners = projections.map((p) => new ProjectionRunner(store, connectionString, p, { passes, ...options }));
    for (const runner of this.runners) {
      runner.on('progress', (position, applied) => this.learn(runner.projection.name, position, applied));
      // The rebuilt tables took the place of the ones read until now.
      runner.on('rebuilt', () => this.changes.emit('applied', runner.projection.name));
    }
  }

  async start(): Promise<void> {
    await this.listen();
    const { rows } = await this.pool.query<{ name: string; position: Position }>('SELECT name, position FROM projection_checkpoints');
    for (const row of rows) if (!this.known.has(row.name)) this.known.set(row.name, row.position);
    for (const runner of this.runners) runner.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.runners.map((r) => r.stop()));
    for (const waiter of this.waiting) waiter.done(this.reached(waiter.position));
    await this.listener?.end().catch(() => {});
    this.listener = null;
  }

  /** `applied`: the read model's rows may have changed (false when it only passed events by). */
  private learn(name: string, position: Position, applied: boolean): void {
    // A runner of this process and its own news, which may arrive first, tell of the same batch.
    if (this.known.get(name) === position && position !== START) return;
    this.known.set(name, position);
    // Before the waiters hear of it: a writer's answer never meets a cache of the rows before.
    if (applied) this.changes.emit('applied', name);
    this.answerWaiters();
  }

  /**
   * Calls `listener` whenever a read model's rows may have changed, in this process or another;
   * not when it only moved past events it does not read.
   */
  onReadModelChanged(listener: (projection: string) => void): void {
    this.changes.on('applied', listener);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'vicino-checkpoints' });
    client.on('error', () => {
      this.listener = null;
    });
    client.on('notification', (message) => {
      // A line a checkpoint: "name position", or "name position passed" when it only moved past
      // events it does not read (those of several read models come together); "name rebuild": a
      // rebuild was asked for; "name rebuilt": the rebuilt tables took the place of the live ones.
      for (const line of (message.payload ?? '').split('\n')) {
        const [name, position, passed] = line.split(' ');
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

  private reached(position: Position): boolean {
    const floor = this.floor();
    return floor !== null && comparePositions(floor, position) >= 0;
  }

  /** The writers waiting for their event to show, each answered once the floor reaches it. */
  private readonly waiting = new Set<{ position: Position; done: (ok: boolean) => void }>();
  private poll: NodeJS.Timeout | null = null;

  /** Answers the waiters the floor has reached: one look at the read models for all of them. */
  private answerWaiters(): void {
    if (this.waiting.size === 0) return;
    const floor = this.floor();
    if (floor === null) return;
    for (const waiter of this.waiting) if (comparePositions(floor, waiter.position) >= 0) waiter.done(true);
  }

  /** Waits until every read model includes `position`; false when `timeoutMs` passed first. */
  async waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    if (this.reached(position)) return true;
    return new Promise((resolve) => {
      const waiter = {
        position,
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
      const timer = setTimeout(() => waiter.done(this.reached(position)), timeoutMs);
      this.waiting.add(waiter);
      // Notifications can be lost with a dropped connection: read the table now and then too.
      this.poll ??= setInterval(() => void this.refresh().then(() => this.answerWaiters(), () => {}), 250);
    });
  }

  private async refresh(): Promise<void> {
    const { rows } = await this.pool.query<{ name: string; position: Position }>('SELECT name, position FROM projection_checkpoints');
    for (const row of rows) this.known.set(row.name, row.position);
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
    }>('SELECT name, version, position, last_error, last_error_at, updated_at, rebuild_position, rebuild_until, rebuild_total FROM projection_checkpoints');
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
          version: runner.projection.version,
          position: row?.position ?? null,
          lag,
          activeHere: runner.isActive,
          lastError: row?.last_error ?? null,
          lastErrorAt: row?.last_error_at?.toISOString() ?? null,
          updatedAt: row?.updated_at.toISOString() ?? null,
          status: rebuilding ? 'rebuilding' : lag > 0 ? 'running' : 'idle',
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

  /** Waits until no rebuild asked for is under way (whichever process carries it out); false when `timeoutMs` passed first. */
  async waitForRebuilds(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM projection_checkpoints WHERE rebuild_position IS NOT NULL AND name = ANY($1)',
        [this.projections.map((p) => p.name)],
      );
      if (rows[0]!.n === 0) return true;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
