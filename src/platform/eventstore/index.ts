import type { Pool } from '../db/pool.js';
import { EsdbEventStore } from './esdb.js';
import { PostgresEventStore } from './postgres.js';
import type { EventStore } from './types.js';

export * from './types.js';
export * from './errors.js';
export * from './position.js';
export { EsdbEventStore } from './esdb.js';
export { PostgresEventStore } from './postgres.js';

/** EventStoreDB when a connection string is configured, otherwise the store in our PostgreSQL (design §2). */
export function createEventStore(options: { connectionString?: string; pool: Pool; databaseUrl: string }): EventStore {
  if (options.connectionString) return new EsdbEventStore(options.connectionString);
  return new PostgresEventStore(options.pool, options.databaseUrl);
}
