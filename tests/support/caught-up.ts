import { makePosition, START } from '../../src/platform/eventstore/position.js';
import type { Position } from '../../src/platform/eventstore/types.js';
import type { System } from '../../src/system.js';
import { hangAfter } from './time-limits.js';

/**
 * The newest event committed to the test database's log. `store.headPosition()` gives the newest
 * one readers may take (older than every transaction still open): on the test server, shared by
 * the files running at once, another file's long transaction holds that back behind events this
 * file committed, and waiting for it would not wait for them.
 */
export async function committedHead(system: Pick<System, 'pool'>): Promise<Position> {
  const { rows } = await system.pool.query<{ tx: string; seq: string }>(
    'SELECT transaction_id::text AS tx, global_position AS seq FROM es_events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
  );
  const row = rows[0];
  return row ? makePosition(row.tx, row.seq) : START;
}

/** Waits until the read models `names` (every one when not given) hold every event committed so far; false when `timeoutMs` passed first. */
export async function readModelsCaughtUp(system: Pick<System, 'pool' | 'projections'>, timeoutMs = hangAfter(30_000), names?: readonly string[]): Promise<boolean> {
  return system.projections.waitFor(await committedHead(system), timeoutMs, names);
}
