import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createPool, type Pool } from '../../src/platform/db/pool.js';
import { migrate } from '../../src/platform/db/migrate.js';

export interface TestDatabase {
  url: string;
  pool: Pool;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A fresh, migrated database on the run's PostgreSQL server, dropped by `drop()`: a copy of the
 * run's migrated template (postgres.global.ts), migrated again in case a migration came since
 * (nothing to do otherwise). `template`: another copy to start from (the journeys' seeded one).
 */
export async function createTestDatabase({ template: given }: { template?: string } = {}): Promise<TestDatabase> {
  // This worker's own server (postgres.global.ts), or the first with a template made on it.
  const servers = inject('pgServers');
  const server = given ? servers[0]! : servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length]!;
  const { adminUrl } = server;
  const template = given ?? server.template;
  const name = `vicino_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const pool = createPool(url);
  await migrate(pool);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
