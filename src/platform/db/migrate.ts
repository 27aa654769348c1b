import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbClient, Pool } from './pool.js';
import { inTransaction } from './pool.js';
import { renamedMigrations } from './migration-renames.js';

/** The platform's own migrations (the log, the projections' checkpoints…); each module keeps its own in its folder. */
export const platformMigrations = new URL('./migrations/', import.meta.url);

/** One SQL migration: its name (what `schema_migrations` records) and its file. */
export interface Migration {
  name: string;
  file: string;
}

/**
 * The SQL files of the platform's `migrations/` and of the modules' folders given
 * (`ModuleCatalog.migrations`), in the order they are applied: their names sort, whichever folder
 * holds them (the number is global). A name found twice is refused: the second would pass for applied.
 */
export async function migrationFiles(moduleFolders: readonly URL[]): Promise<Migration[]> {
  const found = await Promise.all(
    [platformMigrations, ...moduleFolders].map(async (folder) => {
      const dir = fileURLToPath(folder);
      return (await readdir(dir)).filter((f) => f.endsWith('.sql')).map((name) => ({ name, file: path.join(dir, name) }));
    }),
  );
  const migrations = found.flat().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const twice = migrations.filter((m, i) => i > 0 && migrations[i - 1]!.name === m.name);
  if (twice.length) throw new Error(`Migrations named twice: ${twice.map((m) => m.file).join(', ')}`);
  return migrations;
}

/**
 * Applies the numbered SQL files (`migrationFiles`: the platform's and those of the modules' folders
 * given) that the database has not seen, each in its own transaction, under an advisory lock so that
 * several processes starting at once agree. The names recorded under an old name
 * (`migration-renames.ts`) are renamed first, in one transaction under the same lock, so a migration
 * applied before its rename is not applied again. Returns the names it applied.
 */
export async function migrate(pool: Pool, moduleFolders: readonly URL[]): Promise<string[]> {
  const migrations = await migrationFiles(moduleFolders);
  const applied: string[] = [];
  const lock = await pool.connect();
  try {
    await lock.query("SELECT pg_advisory_lock(hashtext('vicino:migrations'))");
    await lock.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = await recordedAfterRenames(lock, renamedMigrations);
    for (const { name, file } of migrations) {
      if (done.has(name)) continue;
      const sql = await readFile(file, 'utf8');
      await inTransaction(pool, async (client) => {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      });
      applied.push(name);
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
