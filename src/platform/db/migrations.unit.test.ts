import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../modules/index.js';
import { migrationFiles, platformMigrations } from './migrate.js';
import { renamedMigrations } from './migration-renames.js';

/*
 * The migrations sort and say what they belong to (issue [18]): `NNN_<owner>_<what>.sql`,
 * numbered 001, 002… without gaps or repeats across every folder, `<owner>` the module whose
 * `migrations/` holds it (src/architecture.unit.test.ts) or, in the platform's own
 * `src/platform/db/migrations/`, a folder of src/platform.
 */
const src = path.resolve(import.meta.dirname, '../..');
const folders = (dir: string) =>
  readdirSync(path.join(src, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const name = /^(\d{3})_([a-z-]+)_([a-z0-9_]+)\.sql$/;
const names = async () => (await migrationFiles(catalog.migrations)).map((m) => m.name);

describe('the migrations’ names', () => {
  it('are NNN_<owner>_<what>.sql, numbered from 001 without a gap or a repeat across the platform’s and the modules’ folders', async () => {
    const files = await names();
    expect(files.length).toBeGreaterThan(60);
    expect(files.filter((f) => !name.test(f))).toEqual([]);
    expect(files.map((f) => Number(name.exec(f)![1]))).toEqual(files.map((_, i) => i + 1));
  });

  it('name a folder of the platform as owner of the platform’s own', async () => {
    const platform = new Set(folders('platform'));
    const own = readdirSync(platformMigrations).filter((f) => f.endsWith('.sql'));
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((f) => !platform.has(name.exec(f)?.[2] ?? ''))).toEqual([]);
  });

  it('are all found: every module’s migrations/ is declared by its manifest', async () => {
    // A folder its manifest forgot would never be applied.
    const onDisk = folders('modules').flatMap((m) => {
      const dir = path.join(src, 'modules', m, 'migrations');
      return readdirSync(path.join(src, 'modules', m)).includes('migrations') ? readdirSync(dir).filter((f) => f.endsWith('.sql')) : [];
    });
    const own = readdirSync(platformMigrations).filter((f) => f.endsWith('.sql'));
    expect(await names()).toEqual([...onDisk, ...own].sort());
  });

  it('were renamed by a map whose old names are gone and whose new names are files, one each', async () => {
    const files = new Set(await names());
    expect(Object.keys(renamedMigrations).filter((old) => files.has(old))).toEqual([]);
    expect(Object.values(renamedMigrations).filter((renamed) => !files.has(renamed))).toEqual([]);
    expect(new Set(Object.values(renamedMigrations)).size).toBe(Object.keys(renamedMigrations).length);
  });

  it('are refused when two folders hold the same name (the second would pass for applied)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vicino-migrations-'));
    try {
      await writeFile(path.join(dir, '001_eventstore_log.sql'), 'SELECT 1;');
      await expect(migrationFiles([pathToFileURL(`${dir}/`)])).rejects.toThrow(/Migrations named twice: .*001_eventstore_log\.sql/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
