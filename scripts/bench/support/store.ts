import { catalog } from '../../../src/modules/index.js';
import { migrate } from '../../../src/platform/db/migrate.js';
import { createPool, type Pool } from '../../../src/platform/db/pool.js';
import { PostgresEventStore } from '../../../src/platform/eventstore/postgres.js';
import { openBenchDatabase, type BenchDatabase, type Cleanup } from './database.js';

/** A fresh database of the benchmark's own, migrated, with a pool of `poolSize` and the event store over it; `cleanup` closes them. */
export async function openBenchStore(cleanup: Cleanup, poolSize: number): Promise<{ database: BenchDatabase; pool: Pool; store: PostgresEventStore }> {
  const database = await openBenchDatabase(cleanup);
  const pool = createPool(database.url, poolSize);
  cleanup.add('close pool', () => pool.end());
  await migrate(pool, catalog.migrations);
  const store = new PostgresEventStore(pool, database.url);
  cleanup.add('close event store', () => store.close());
  return { database, pool, store };
}
