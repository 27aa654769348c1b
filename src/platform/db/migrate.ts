import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbClient, Pool } from './pool.js';
import { inTransaction } from './pool.js';
import { renamedMigrations } from './migration-renames.js';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The SQL files of `migrations/`, in the order they are applied (their names sort). */
export async function migrationFiles(): Promise<string[]> {
  return (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
}

/**
 * Applies the numbered SQL files of `migrations/` that the database has not seen, each in its
 * own transaction, under an advisory lock so that several processes starting at once agree.
 * The names recorded under an old name (`migration-renames.ts`) are renamed first, in one
 * transaction under the same lock, so a migration applied before its rename is not applied again.
 * Returns the names it applied.
 */
export async function migrate(pool: Pool): Promise<string[]> {
  const files = await migrationFiles();
  const applied: string[] = [];
  const lock = await pool.connect();
  try {
    await lock.query("SELECT pg_advisory_lock(hashtext('vicino:migrations'))");
    await lock.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = await recordedAfterRenames(lock, renamedMigrations);
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(migrationsDir, file), 'utf8');
      await inTransaction(pool, async (client) => {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      });
      applied.push(file);
    }
  } finally {
    await lock.query("SELECT pg_advisory_unlock(hashtext('vicino:migrations'))").catch(() => {});
    lock.release();
  }
  return applied;
}

/**
 * The names of the migrations applied, read after renaming the old names recorded (each keeps
 * when it was applied); an old name whose new one is recorded too (both somehow) is dropped.
 */
async function recordedAfterRenames(client: DbClient, renames: Readonly<Record<string, string>>): Promise<Set<string>> {
  const [olds, news] = [Object.keys(renames), Object.values(renames)];
  await client.query('BEGIN');
  try {
    await client.query(
      `DELETE FROM schema_migrations m USING unnest($1::text[], $2::text[]) AS r(old, new)
        WHERE m.name = r.old AND EXISTS (SELECT 1 FROM schema_migrations n WHERE n.name = r.new)`,
      [olds, news],
    );
    await client.query('UPDATE schema_migrations m SET name = r.new FROM unnest($1::text[], $2::text[]) AS r(old, new) WHERE m.name = r.old', [olds, news]);
    const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
    await client.query('COMMIT');
    return new Set(rows.map((r) => r.name));
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
