import type pg from 'pg';
import { z } from 'zod';
import { sql, type ReadDb } from './read.js';

/*
 * Reading a settings read model: one row of `table` holding the fields changed from the defaults
 * (projections/settings-row.ts writes it), merged over `defaults`.
 */

const settingsRow = z.object({ settings: z.record(z.string(), z.unknown()) });

/** Through the read side's client (slonik), as the routes read them. */
export async function readSettingsRowOf<S extends object>(db: ReadDb, table: string, defaults: S): Promise<S> {
  const settings = await db.maybeOneFirst(sql.type(settingsRow)`SELECT settings FROM ${sql.identifier([table])} WHERE id = 1`);
  return { ...defaults, ...(settings as Partial<S> | null) };
}

/** Through the pool, for the workers and commands that hold only the pool (Web Push, registration in the seed). */
export async function readSettingsRow<S extends object>(db: Pick<pg.Pool, 'query'>, table: string, defaults: S): Promise<S> {
  const { rows } = await db.query<{ settings: Partial<S> }>(`SELECT settings FROM ${table} WHERE id = 1`);
  return { ...defaults, ...rows[0]?.settings };
}
