import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../../src/platform/db/embedded.js';

/** Steps to undo what was set up, run last-in first-out; one failing step does not skip the others. */
export class Cleanup {
  private readonly steps: Array<{ what: string; run: () => Promise<void> }> = [];

  add(what: string, run: () => Promise<void>): void {
    this.steps.push({ what, run });
  }

  async runAll(): Promise<void> {
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      try {
        await step.run();
      } catch (error) {
        console.error(`cleanup: ${step.what} failed:`, error);
      }
    }
  }
}

export interface BenchDatabase {
  url: string;
  /** Where it runs, for the report. */
  description: string;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A throwaway embedded server in a temporary folder; `cleanup` stops it and removes the folder. */
async function startThrowawayServer(cleanup: Cleanup): Promise<{ adminUrl: string; dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vicino-bench-pg-'));
  // Removing the folder is the last thing to undo, whatever happens to the server.
  cleanup.add(`remove ${dir}`, () => rm(dir, { recursive: true, force: true }));
  // Ctrl-C: the terminal stops the server (same process group), then this removes its files.
  const removeOnExit = (): void => rmSync(dir, { recursive: true, force: true });
  process.once('exit', removeOnExit);
  cleanup.add('forget exit hook', async () => {
    process.off('exit', removeOnExit);
  });
  // Run as root, the server runs as the 'postgres' user, which must reach the folder.
  await chmod(dir, 0o755);
  const server = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
  cleanup.add('stop embedded PostgreSQL', () => server.stop());
  return { adminUrl: server.adminUrl, dir };
}

/**
 * A fresh database for the benchmark: on the server of `DATABASE_URL` when set (dropped at the
 * end), otherwise on an embedded server of our own (stopped and deleted at the end).
 */
export async function openBenchDatabase(cleanup: Cleanup): Promise<BenchDatabase> {
  const external = process.env.DATABASE_URL;
  const name = `vicino_bench_${randomBytes(6).toString('hex')}`;
  if (external) {
    await adminQuery(external, `CREATE DATABASE ${name}`);
    cleanup.add(`drop database ${name}`, () => adminQuery(external, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    return { url: withDatabase(external, name), description: `DATABASE_URL server, database ${name}` };
  }
  const { adminUrl, dir } = await startThrowawayServer(cleanup);
  // No DROP here: the whole server and its folder go away at the end.
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return { url: withDatabase(adminUrl, name), description: `embedded PostgreSQL in ${dir}, database ${name}` };
}

/** The server a benchmark ran on, for its report: version, durability settings, shared buffers. */
export async function describeServer(db: Pick<pg.Pool, 'query'>): Promise<string> {
  const { rows } = await db.query<{ version: string; fsync: string; sync: string; buffers: string }>(
    "SELECT version() AS version, current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS sync, current_setting('shared_buffers') AS buffers",
  );
  const row = rows[0]!;
  return `${row.version.split(' ').slice(0, 2).join(' ')}, fsync=${row.fsync}, synchronous_commit=${row.sync}, shared_buffers=${row.buffers}`;
}
