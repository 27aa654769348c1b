import type { FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { Paging } from '../http/paging.js';
import { sql, type ReadDb } from './read.js';

/** A list's SQL without its page, as slonik fragments: `from` carries the WHERE and its values. */
export interface ReadList<T extends z.ZodType> {
  row: T;
  select: FragmentSqlToken;
  from: FragmentSqlToken;
  order: FragmentSqlToken;
}

const total = z.object({ total: z.number() });

/**
 * One page of a list and how many rows the whole list has (X-Total-Count: http/read-paging.ts):
 * the count is asked only when the page is full (or past the end), since a short page already
 * tells it.
 */
export async function readPage<T extends z.ZodType>(db: ReadDb, list: ReadList<T>, { page, pageSize }: Paging): Promise<{ rows: z.output<T>[]; total: number }> {
  const offset = (page - 1) * pageSize;
  const rows = (await db.any(sql.type(list.row)`SELECT ${list.select} FROM ${list.from} ORDER BY ${list.order} LIMIT ${pageSize} OFFSET ${offset}`)) as readonly z.output<T>[];
  const full = rows.length === pageSize || (rows.length === 0 && offset > 0);
  return {
    rows: [...rows],
    total: full ? await db.oneFirst(sql.type(total)`SELECT count(*)::int AS total FROM ${list.from}`) : offset + rows.length,
  };
}
