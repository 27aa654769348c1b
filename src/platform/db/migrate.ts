import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pool } from './pool.js';
import { inTransaction } from './pool.js';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the numbered SQL files of `migrations/` that the database has not seen, each in its
 * own transaction, under an advisory lock so that several processes starting at once agree.
 * Returns the names it applied.
 */
export async function migrate(pool: Pool): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  const lock = await pool.connect();
  try {
    await lock.query("SELECT pg_advisory_lock(hashtext('vicino:migrations'))");
    await lock.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await lock.query<{ name: string }>('SELECT name FROM schema_migrations');
    const done = new Set(rows.map((r) => r.name));
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
