import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, newDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { createPool } from './pool.js';
import { catalog } from '../../modules/index.js';
import { migrate as migrateFolders, migrationFiles } from './migrate.js';
import { renamedMigrations } from './migration-renames.js';

/*
 * A database migrated before issue [18] renamed the migrations has their old names recorded
 * (a user's, the demo's): migrating it with today's files applies nothing again and records the
 * new names, each with the time it was applied.
 */
const migrate = (pool: TestDatabase['pool']) => migrateFolders(pool, catalog.migrations);
const names = async () => (await migrationFiles(catalog.migrations)).map((m) => m.name);

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

const recorded = async () => (await db.pool.query<{ name: string; applied_at: Date }>('SELECT name, applied_at FROM schema_migrations ORDER BY name')).rows;

/** The database as the code before the rename left it: every renamed migration under its old name, applied long ago. */
async function recordOldNames(): Promise<number> {
  const [olds, news] = [Object.keys(renamedMigrations), Object.values(renamedMigrations)];
  const { rowCount } = await db.pool.query(
    `UPDATE schema_migrations m SET name = r.old, applied_at = '2026-01-01T00:00:00Z' FROM unnest($1::text[], $2::text[]) AS r(old, new) WHERE m.name = r.new`,
    [olds, news],
  );
  return rowCount ?? 0;
}

describe('migrating a database that recorded the migrations’ old names', () => {
  it('applies none again and records each under its new name, keeping when it was applied', async () => {
    const files = await names();
    expect(await recordOldNames()).toBe(Object.keys(renamedMigrations).length);
    expect((await recorded()).map((r) => r.name)).toContain('061a_collaboration_reports.sql');

    expect(await migrate(db.pool)).toEqual([]);

    const after = await recorded();
    expect(after.map((r) => r.name)).toEqual(files);
    const renamed = new Set(Object.values(renamedMigrations));
    for (const row of after.filter((r) => renamed.has(r.name))) expect(row.applied_at.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(await migrate(db.pool)).toEqual([]);
  });

  it('agrees when several processes start at once on it', async () => {
    const files = await names();
    expect(await recordOldNames()).toBe(Object.keys(renamedMigrations).length);
    expect(await Promise.all([migrate(db.pool), migrate(db.pool), migrate(db.pool)])).toEqual([[], [], []]);
    expect((await recorded()).map((r) => r.name)).toEqual(files);
  });

  it('keeps one name when both the old and the new were recorded', async () => {
    await db.pool.query("INSERT INTO schema_migrations (name) VALUES ('001_event_store.sql'), ('061a_collaboration_reports.sql')");
    expect(await migrate(db.pool)).toEqual([]);
    expect((await recorded()).map((r) => r.name)).toEqual(await names());
  });

  it('still applies a migration the database has not seen, under its new name', async () => {
    await db.pool.query("DELETE FROM schema_migrations WHERE name = '066_search_read_model_revisions.sql'");
    // What 066 made is undone, as on a database from before it.
    await db.pool.query(`
      DROP TRIGGER products_revision ON products; DROP TRIGGER stores_revision ON stores;
      ALTER TABLE products DROP COLUMN revision; ALTER TABLE stores DROP COLUMN revision;
      DROP FUNCTION set_read_model_revision(); DROP SEQUENCE read_model_revision;`);
    expect(await recordOldNames()).toBe(Object.keys(renamedMigrations).length - 1);
    expect(await migrate(db.pool)).toEqual(['066_search_read_model_revisions.sql']);
    expect((await recorded()).map((r) => r.name)).toEqual(await names());
  });
});

describe('migrating an empty database', () => {
  it('applies the platform’s and every module’s migrations, each once, in the global order of their numbers', async () => {
    const empty = await newDatabase(inject('pgAdminUrl'), 'vicino_empty');
    const pool = createPool(empty.url);
    try {
      const files = await names();
      // The folders interleave: 001 the platform's, 003 the stores', 004 the platform's again…
      expect(files.slice(0, 4)).toEqual([
        '001_eventstore_log.sql',
        '002_projections_checkpoints_and_accounts.sql',
        '003_stores_read_model.sql',
        '004_eventstore_notify_after_commit.sql',
      ]);
      expect(await migrate(pool)).toEqual(files);
      expect(await migrate(pool)).toEqual([]);
    } finally {
      await pool.end();
      await empty.drop();
    }
  });
});
