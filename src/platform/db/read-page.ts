import type { QueryResultRow } from 'pg';
import type { FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { Paging } from '../http/paging.js';
import type { Pool } from './pool.js';
import { sql, type ReadDb } from './read.js';

/** A list's SQL without its page, as slonik fragments: `from` carries the WHERE and its values. */
export interface ReadList<T extends z.ZodType> {
  row: T;
  select: FragmentSqlToken;
  from: FragmentSqlToken;
  /** The same rows without the joins only the page's columns need, for the count (`from` when not given). */
  countFrom?: FragmentSqlToken;
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
    total: full ? await db.oneFirst(sql.type(total)`SELECT count(*)::int AS total FROM ${list.countFrom ?? list.from}`) : offset + rows.length,
  };
}

/**
 * One page of a list read with plain SQL on the pool (`select`, `from` with its WHERE, `order`,
 * `params` their values) and how many rows the whole list has: each row carries the window's
 * count, and a page past the end asks the first row for it.
 */
export async function poolPage<R extends QueryResultRow>(
  pool: Pool,
  { select, from, order, params }: { select: string; from: string; order: string; params: unknown[] },
  { page, pageSize }: Paging,
): Promise<{ rows: R[]; total: number }> {
  const offset = (page - 1) * pageSize;
  const at = params.length;
  const text = `SELECT ${select}, count(*) OVER ()::int AS page_total FROM ${from} ORDER BY ${order} LIMIT $${at + 1} OFFSET $${at + 2}`;
  const { rows } = await pool.query<R & { page_total: number }>(text, [...params, pageSize, offset]);
  if (rows.length === 0) {
    // Past the end: the first row tells the count (the same text, so every value keeps its type).
    const first = offset > 0 ? (await pool.query<{ page_total: number }>(text, [...params, 1, 0])).rows[0] : undefined;
    return { rows: [], total: first?.page_total ?? 0 };
  }
  return { rows: rows.map(({ page_total: _total, ...row }) => row as unknown as R), total: rows[0]!.page_total };
}
