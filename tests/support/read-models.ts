import type { Pool } from '../../src/platform/db/pool.js';
import type { Projection } from '../../src/platform/projections/projection.js';

/*
 * Every read model as comparable rows, for the tests that check the live tables equal a rebuild
 * from the log (nothing applied twice, nothing skipped, nothing depending on when it was applied).
 */

/**
 * Columns left out of the comparison, by table: each is not derived from the log, so the live
 * tables and a rebuild may rightly differ there. One added here needs a line saying why it is not
 * derived from the log.
 */
export const notFromTheLog: Readonly<Record<string, readonly string[]>> = {
  // The order of the row's last write among all writes (migration 066), which the search's index
  // in memory follows: a rebuild writes every row again, so each gets a new, later one.
  products: ['revision'],
  stores: ['revision'],
};

/** Per read model table, its rows as JSON text (without the columns above), sorted. */
export type ReadModelSnapshot = Record<string, string[]>;

/** The projections that own tables (a process run as a projection owns none and is no read model). */
export function readModelsOf(projections: readonly Pick<Projection, 'name' | 'tables'>[]): Pick<Projection, 'name' | 'tables'>[] {
  return projections.filter((p) => p.tables.length > 0);
}

/** Every table of `projections`, each row as JSON, sorted byte-wise: equal snapshots are equal row for row. */
export async function readModelSnapshot(pool: Pick<Pool, 'query'>, projections: readonly Pick<Projection, 'name' | 'tables'>[]): Promise<ReadModelSnapshot> {
  const snapshot: ReadModelSnapshot = {};
  for (const table of projections.flatMap((p) => p.tables).sort()) {
    const left = notFromTheLog[table] ?? [];
    const { rows } = await pool.query<{ row: string }>(
      `SELECT row FROM (SELECT (to_jsonb(t) - $1::text[])::text AS row FROM public.${quoteIdent(table)} t) r ORDER BY row COLLATE "C"`,
      [left],
    );
    snapshot[table] = rows.map((r) => r.row);
  }
  return snapshot;
}

/**
 * Each read model table's identity (its oid): a rebuild puts new tables in the live ones' place,
 * so a table whose oid did not change was not rebuilt.
 */
export async function readModelTableIds(pool: Pick<Pool, 'query'>, projections: readonly Pick<Projection, 'name' | 'tables'>[]): Promise<Record<string, string>> {
  const tables = projections.flatMap((p) => p.tables);
  const { rows } = await pool.query<{ name: string; id: string }>(
    `SELECT name, to_regclass('public.' || quote_ident(name))::oid::bigint::text AS id FROM unnest($1::text[]) AS name`,
    [tables],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** The tables whose rows differ between two snapshots, each with the rows only in one or the other. */
export function readModelDifferences(before: ReadModelSnapshot, after: ReadModelSnapshot): Record<string, { onlyBefore: string[]; onlyAfter: string[] }> {
  const differences: Record<string, { onlyBefore: string[]; onlyAfter: string[] }> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[table] ?? [];
    const b = after[table] ?? [];
    const onlyBefore = without(a, b);
    const onlyAfter = without(b, a);
    if (onlyBefore.length || onlyAfter.length) differences[table] = { onlyBefore, onlyAfter };
  }
  return differences;
}

/** The rows of `rows` not matched one for one in `other` (a row twice in one and once in the other counts). */
function without(rows: string[], other: string[]): string[] {
  const counts = new Map<string, number>();
  for (const row of other) counts.set(row, (counts.get(row) ?? 0) + 1);
  return rows.filter((row) => {
    const n = counts.get(row) ?? 0;
    if (n === 0) return true;
    counts.set(row, n - 1);
    return false;
  });
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Every table of the database whose rows hold any of `words` (in any column, as text, whatever the case), with how many rows. */
export async function tablesHolding(pool: Pick<Pool, 'query'>, words: readonly string[]): Promise<Record<string, number>> {
  const { rows: tables } = await pool.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
  const found: Record<string, number> = {};
  const pattern = words.map((w) => w.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  for (const { name } of tables) {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM public."${name}" x WHERE lower(x::text) ~ $1`, [pattern]);
    if (rows[0]!.n > 0) found[name] = rows[0]!.n;
  }
  return found;
}
