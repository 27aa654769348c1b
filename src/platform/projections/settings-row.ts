import type pg from 'pg';
import { z } from 'zod';
import { sql, type ReadDb } from '../db/read.js';
import type { DomainEvent } from '../domain/decider.js';
import { reading, type Projection } from './projection.js';

/**
 * A settings read model: one row of `table` holding the fields changed from the defaults, merged
 * with each `<…>Updated` event's changes (site, Google Maps and OpenAI settings share the shape).
 */
export function settingsRowProjection(name: string, table: string, eventType: string): Projection {
  return {
    name,
    version: 1,
    tables: [table],
    apply: reading([eventType], async (events, tx) => {
      for (const event of events) {
        if (event.type !== eventType) continue;
        await tx.query(
          `INSERT INTO ${table} (id, settings) VALUES (1, $1::jsonb)
           ON CONFLICT (id) DO UPDATE SET settings = ${table}.settings || EXCLUDED.settings`,
          [JSON.stringify((event as unknown as DomainEvent<string, { changes: object }>).data.changes)],
        );
      }
    }),
  };
}

export async function readSettingsRow<S extends object>(db: Pick<pg.Pool, 'query'>, table: string, defaults: S): Promise<S> {
  const { rows } = await db.query<{ settings: Partial<S> }>(`SELECT settings FROM ${table} WHERE id = 1`);
  return { ...defaults, ...rows[0]?.settings };
}

const settingsRow = z.object({ settings: z.record(z.string(), z.unknown()) });

/** The same settings through the read side's client (slonik), as the routes read them. */
export async function readSettingsRowOf<S extends object>(db: ReadDb, table: string, defaults: S): Promise<S> {
  const settings = await db.maybeOneFirst(sql.type(settingsRow)`SELECT settings FROM ${sql.identifier([table])} WHERE id = 1`);
  return { ...defaults, ...(settings as Partial<S> | null) };
}
