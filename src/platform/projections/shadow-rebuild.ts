import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from 'pino';
import { comparePositions, START } from '../eventstore/position.js';
import type { EventStore, Position } from '../eventstore/types.js';
import { applyOneByOne, isTransient, loggable, PoisonEvent } from './failures.js';
import { eventTypesOf, type Projection } from './projection.js';
import { completeShadowTables, createShadowTables, shadowSchemaOf, shadowTablesExist, swapInShadowTables } from './shadow-tables.js';

/** Someone asked for the rebuild again (or it was ended) meanwhile: start over from what is stored. */
class RebuildMoved extends Error {}

/** What a rebuild needs of the runner of the live tables, which owns it. */
export interface LiveSide {
  /** Where the live tables stand. */
  readonly position: Position;
  /** Runs `work` with no live batch under way. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** The copy took the live tables' place at `position`. */
  rebuilt(position: Position): void;
}

export interface ShadowRebuildOptions {
  /** The most events applied to the copy in one transaction. */
  batchSize?: number;
  logger?: Pick<Logger, 'warn' | 'error' | 'info'>;
  /** The admins' corrections of events, read again before a rebuild starts (runner.ts). */
  corrections?: { refresh(): Promise<void> };
}

/**
 * Asks for a rebuild of `projection`, from any process: the process running its live runner
 * carries it out (ProjectionRunner). `until` and `total` (the log's head and size now) let the
 * projection list show how far it has come.
 */
export async function requestRebuild(db: Pick<pg.ClientBase, 'query'>, projection: Projection, target: { until: Position; total: number }): Promise<void> {
  await db.query(
    `WITH asked AS (
       INSERT INTO projection_checkpoints (name, version, position, rebuild_position, rebuild_until, rebuild_total)
       VALUES ($1, $2, $3, $3, $4, $5)
       ON CONFLICT (name) DO UPDATE SET rebuild_position = $3, rebuild_until = $4, rebuild_total = $5,
         rebuild_error = NULL, rebuild_error_at = NULL, rebuild_failed_event = NULL, updated_at = now()
       RETURNING name
     )
     SELECT pg_notify('vicino_checkpoints', name || ' rebuild') FROM asked`,
    [projection.name, projection.version, START, target.until, target.total],
  );
}

/**
 * A rebuild that leaves the read model answering: the projection's events are applied from the
 * start of the log into a copy of its tables (shadow-tables.ts) while the live runner keeps the
 * tables the site reads up to date; once the copy has reached the live tables' position, it takes
 * their place in one transaction, with no live batch under way. Where the copy stands commits with
 * its rows (projection_checkpoints.rebuild_position), so a stopped process's rebuild goes on from
 * there in the next one to run the projection. Reads only the projection's event types.
 */
export class ShadowRebuild {
  private stopped = false;
  private readonly abort = new AbortController();
  private loop: Promise<void> | null = null;
  /** A request came while the loop was on its way out: go round once more. */
  private askedAgain = false;
  private readonly types: string[] | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly connectionString: string,
    private readonly projection: Projection,
    private readonly live: LiveSide,
    private readonly options: ShadowRebuildOptions = {},
  ) {
    const types = eventTypesOf(projection);
    this.types = types ? [...types] : undefined;
  }

  /** Ends the wait after a failure early: asked again (after a fix or a correction, perhaps). */
  private wake = new AbortController();

  /** Carries out the rebuild asked for, if any (a request reaching a running loop restarts it by itself). */
  start(): void {
    if (this.stopped) return;
    this.askedAgain = true;
    this.wake.abort();
    this.loop ??= this.run().finally(() => {
      this.loop = null;
      if (this.askedAgain && !this.stopped) this.start();
    });
  }

  /** True while the rebuild's loop runs here: until it has told the live side that its tables took their place. */
  get running(): boolean {
    return this.loop !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    let backoff = 250;
    while (!this.stopped) {
      this.askedAgain = false;
      const client = new pg.Client({ connectionString: this.connectionString, application_name: `vicino-rebuild-${this.projection.name}` });
      client.on('error', () => {});
      try {
        await client.connect();
        await this.rebuild(client);
        return;
      } catch (error) {
        if (this.stopped) return;
        if (error instanceof RebuildMoved) continue;
        this.wake = new AbortController();
        this.options.logger?.error({ err: loggable(error), projection: this.projection.name }, 'ricostruzione non riuscita; riprovo');
        // Kept apart from the live tables' failure: the admin sees both.
        await client
          .query('UPDATE projection_checkpoints SET rebuild_error = $2, rebuild_error_at = now(), rebuild_failed_event = $3 WHERE name = $1', [
            this.projection.name,
            (error instanceof Error ? error.message : String(error)).slice(0, 2000),
            error instanceof PoisonEvent ? JSON.stringify(error.event) : null,
          ])
          .catch(() => {});
        await sleep(backoff, undefined, { signal: AbortSignal.any([this.abort.signal, this.wake.signal]) }).catch(() => {});
        backoff = Math.min(backoff * 2, 30_000);
      } finally {
        await client.end().catch(() => {});
      }
    }
  }

  private async rebuild(client: pg.Client): Promise<void> {
    const { name } = this.projection;
    const { rows } = await client.query<{ at: Position | null }>('SELECT rebuild_position AS at FROM projection_checkpoints WHERE name = $1', [name]);
    const asked = rows[0]?.at ?? null;
    if (asked === null) return;
    await this.options.corrections?.refresh();
    let at: Position = asked;
    // The copy is disposable until it takes the live tables' place: no batch waits for its WAL flush.
    await client.query(`SET synchronous_commit = off; SET search_path = ${client.escapeIdentifier(shadowSchemaOf(this.projection))}, public`);
    if (at === START || !(await shadowTablesExist(client, this.projection))) {
      await this.inTransaction(client, async () => {
        await createShadowTables(client, this.projection);
        await this.moveCopy(client, at, START);
      });
      at = START;
    }
    let complete = false;
    for (;;) {
      if (this.stopped) return;
      const live = this.live.position;
      if (comparePositions(at, live) < 0) {
        at = await this.applyUpTo(client, at, live);
        continue;
      }
      if (!complete) {
        // Caught up once: the indexes left for last, then the events that came meanwhile.
        await completeShadowTables(client, this.projection);
        complete = true;
        continue;
      }
      // Caught up with the indexes built: take the tables' place with no live batch under way.
      // The live batch that may have run meanwhile is applied to the copy first, the live side
      // waiting: a busy site cannot keep the copy one batch behind for ever.
      const swappedAt = await this.live.exclusive(async () => {
        while (comparePositions(at, this.live.position) < 0) at = await this.applyUpTo(client, at, this.live.position);
        const from = at;
        await this.inTransaction(client, async () => {
          await client.query("SET LOCAL lock_timeout = '10s'");
          const { rowCount } = await client.query(
            `UPDATE projection_checkpoints SET rebuild_position = NULL, rebuild_until = NULL, rebuild_total = NULL, rebuild_error = NULL,
               rebuild_error_at = NULL, rebuild_failed_event = NULL, updated_at = now()
             WHERE name = $1 AND rebuild_position = $2 AND position = $2`,
            [name, from],
          );
          if (rowCount !== 1) throw new RebuildMoved();
          await swapInShadowTables(client, this.projection);
          await client.query("SELECT pg_notify('vicino_checkpoints', $1)", [`${name} rebuilt`]);
        });
        return from;
      });
      this.options.logger?.info({ projection: name, position: swappedAt }, 'projection rebuilt');
      this.live.rebuilt(swappedAt);
      return;
    }
  }

  /** Applies the projection's next events up to `until` to the copy; returns where the copy then stands. */
  private async applyUpTo(client: pg.Client, from: Position, until: Position): Promise<Position> {
    const maxCount = this.options.batchSize ?? 5_000;
    const events = await this.store.readAll({ from, until, types: this.types, maxCount });
    // A short page read everything up to `until`, the events of other types included.
    const to = events.length === maxCount ? events[events.length - 1]!.position : until;
    try {
      await this.inTransaction(client, async () => {
        if (events.length) await this.projection.apply(events, client);
        await this.moveCopy(client, from, to);
      });
    } catch (error) {
      if (error instanceof RebuildMoved || isTransient(error)) throw error;
      // As the live runner does: the copy stops just before the event it cannot apply.
      let poison = null as PoisonEvent | null;
      await this.inTransaction(client, async () => {
        const found = await applyOneByOne(this.projection, events, client);
        poison = found.poison;
        if (!poison) await this.moveCopy(client, from, to);
        else if (found.applied) await this.moveCopy(client, from, events[found.applied - 1]!.position);
      });
      if (poison) throw poison;
    }
    return to;
  }

  /** Compare-and-set of where the copy stands: a new request (back to the start) wins. */
  private async moveCopy(client: pg.Client, from: Position, to: Position): Promise<void> {
    const { rowCount } = await client.query('UPDATE projection_checkpoints SET rebuild_position = $3, updated_at = now() WHERE name = $1 AND rebuild_position = $2', [
      this.projection.name,
      from,
      to,
    ]);
    if (rowCount !== 1) throw new RebuildMoved();
  }

  private async inTransaction(client: pg.Client, work: () => Promise<void>): Promise<void> {
    await client.query('BEGIN');
    try {
      await work();
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  }
}
