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

/**
 * A new database `<prefix>_<random>` on the server of `adminUrl`, a copy of `template` when given
 * (a file copy: the template must have no connection open): its name, its URL, and its drop.
 */
export async function newDatabase(adminUrl: string, prefix: string, template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh, migrated database on this worker's PostgreSQL server (postgres.global.ts), dropped by
 * `drop()`: a copy of the run's migrated template, migrated again in case a migration came since
 * (nothing to do otherwise). `template`: other copies to start from, one per server in the run's
 * order (the journeys' seeded ones).
 */
export async function createTestDatabase({ template: given }: { template?: readonly string[] } = {}): Promise<TestDatabase> {
  const servers = inject('pgServers');
  const index = (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length;
  const { adminUrl } = servers[index]!;
  const template = given ? given[index]! : servers[index]!.template;
  const created = await newDatabase(adminUrl, 'vicino_test', template);
  const pool = createPool(created.url);
  await migrate(
    pool,
    inject('pgMigrations').map((href) => new URL(href)),
  );
  return {
    url: created.url,
    pool,
    async drop() {
      await pool.end();
      await created.drop();
    },
  };
}
