import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationFiles } from './migrate.js';
import { renamedMigrations } from './migration-renames.js';

/*
 * The migrations sort and say what they belong to (issue [18]): `NNN_<owner>_<what>.sql`,
 * numbered 001, 002… without gaps or repeats, `<owner>` a folder of src/modules or src/platform.
 */
const src = path.resolve(import.meta.dirname, '../..');
const folders = (dir: string) =>
  readdirSync(path.join(src, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const owners = new Set([...folders('modules'), ...folders('platform')]);
const name = /^(\d{3})_([a-z-]+)_([a-z0-9_]+)\.sql$/;

describe('the migrations’ names', () => {
  it('are NNN_<owner>_<what>.sql, numbered from 001 without a gap or a repeat', async () => {
    const files = await migrationFiles();
    expect(files.length).toBeGreaterThan(60);
    expect(files.filter((f) => !name.test(f))).toEqual([]);
    expect(files.map((f) => Number(name.exec(f)![1]))).toEqual(files.map((_, i) => i + 1));
  });

  it('name as owner a module’s or the platform’s folder', async () => {
    const wrong = (await migrationFiles()).filter((f) => !owners.has(name.exec(f)?.[2] ?? ''));
    expect(wrong).toEqual([]);
  });

  it('were renamed by a map whose old names are gone and whose new names are files, one each', async () => {
    const files = new Set(await migrationFiles());
    expect(Object.keys(renamedMigrations).filter((old) => files.has(old))).toEqual([]);
    expect(Object.values(renamedMigrations).filter((renamed) => !files.has(renamed))).toEqual([]);
    expect(new Set(Object.values(renamedMigrations)).size).toBe(Object.keys(renamedMigrations).length);
  });
});
