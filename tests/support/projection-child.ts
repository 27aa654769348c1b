import { createPool } from '../../src/platform/db/pool.js';
import { PostgresEventStore } from '../../src/platform/eventstore/postgres.js';
import type { Projection } from '../../src/platform/projections/projection.js';
import { ProjectionRunner } from '../../src/platform/projections/runner.js';
import { usersProjection } from '../../src/modules/users/projection.js';

/*
 * A projection process for the fault test: runs the users projection slowly (each batch sleeps
 * inside its transaction) so that the parent can kill it in the middle of a batch.
 */
const url = process.argv[2]!;
const pool = createPool(url, 2);
const store = new PostgresEventStore(pool, url);
const slow: Projection = {
  ...usersProjection,
  async apply(events, tx) {
    const half = Math.floor(events.length / 2);
    await usersProjection.apply(events.slice(0, half), tx);
    await tx.query('SELECT pg_sleep(0.05)');
    await usersProjection.apply(events.slice(half), tx);
  },
};
const runner = new ProjectionRunner(store, url, slow, { batchSize: 40 });
runner.on('progress', (position) => process.stdout.write(`progress ${position}\n`));
runner.start();
