import type { Queryable } from '../db/pool.js';
import type { Position } from '../eventstore/types.js';

interface Pass {
  name: string;
  version: number;
  from: Position;
  to: Position;
  done: (moved: boolean) => void;
  failed: (error: unknown) => void;
}

/**
 * The checkpoints of the runners that only passed a batch by (most of them: each read model reads a
 * few event types), written together. Every runner of a host reads the same batches, so the passes
 * of one batch meet here: they move in one statement, compare-and-set each, with one notification
 * carrying all of them, instead of a round trip for every runner. A pass that arrives while a
 * write is under way waits for the next one, which starts as soon as that one ends (as a group
 * commit does): no added wait when the site is quiet.
 */
export class PassedCheckpoints {
  private pending: Pass[] = [];
  private writing = false;

  constructor(private readonly db: Queryable) {}

  /** Moves `name`'s checkpoint from `from` to `to`; false when it was not at `from` (it was moved by someone else). */
  pass(name: string, version: number, from: Position, to: Position): Promise<boolean> {
    return new Promise((done, failed) => {
      this.pending.push({ name, version, from, to, done, failed });
      // The other runners that read this batch pass it in the same turn of the event loop.
      if (!this.writing && this.pending.length === 1) setImmediate(() => void this.write());
    });
  }

  private async write(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    while (this.pending.length) {
      const passes = this.pending;
      this.pending = [];
      try {
        const { rows } = await this.db.query<{ moved: string[] }>(
          `WITH p AS (SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[]) AS p (name, version, from_position, to_position)),
           moved AS (
             UPDATE projection_checkpoints c SET position = p.to_position, updated_at = now(), last_error = NULL, last_error_at = NULL, failed_event = NULL
             FROM p WHERE c.name = p.name AND c.position = p.from_position AND c.version = p.version
             RETURNING c.name, c.position
           )
           SELECT set_config('synchronous_commit', 'off', true), array(SELECT name FROM moved) AS moved,
                  pg_notify('vicino_checkpoints', (SELECT string_agg(name || ' ' || position || ' passed', E'\\n') FROM moved))
           WHERE EXISTS (SELECT 1 FROM moved)`,
          [passes.map((p) => p.name), passes.map((p) => p.version), passes.map((p) => p.from), passes.map((p) => p.to)],
        );
        const moved = new Set(rows[0]?.moved ?? []);
        for (const p of passes) p.done(moved.has(p.name));
      } catch (error) {
        for (const p of passes) p.failed(error);
      }
    }
    this.writing = false;
  }
}
