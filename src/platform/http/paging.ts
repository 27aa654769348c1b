import type { FastifyReply } from 'fastify';
import type { QueryResultRow } from 'pg';
import type { Pool } from '../db/pool.js';
import { queryInt } from './schemas.js';

/**
 * `?page=&pageSize=` of a list that answers a bare array (the spec §7 shapes). Without them the
 * list answers its first `defaultSize` rows, as it did before it was paged.
 */
export const pageQuery = (defaultSize: number, maxSize = defaultSize) => ({
  page: queryInt('Pagina', 1, 100_000).default(1),
  pageSize: queryInt('Elementi per pagina', 1, maxSize).default(defaultSize),
});

export interface Paging {
  page: number;
  pageSize: number;
}

/** A list's SQL without its page: `from` carries the WHERE, `values` its parameters. */
export interface ListSql {
  select: string;
  from: string;
  order: string;
  values: unknown[];
}

/**
 * One page of a list: the rows are the answer, and `X-Total-Count` says how many there are in
 * all, so no page passes for the whole list. The count is asked only when the page is full
 * (or past the end): a short page already tells it.
 */
export async function answerPage<Row extends QueryResultRow>(db: Pool, reply: FastifyReply, sql: ListSql, { page, pageSize }: Paging): Promise<Row[]> {
  const n = sql.values.length;
  const offset = (page - 1) * pageSize;
  const { rows } = await db.query<Row>(
    `SELECT ${sql.select} FROM ${sql.from} ORDER BY ${sql.order} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...sql.values, pageSize, offset],
  );
  const total =
    rows.length === pageSize || (rows.length === 0 && offset > 0)
      ? (await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${sql.from}`, sql.values)).rows[0]!.total
      : offset + rows.length;
  reply.header('X-Total-Count', String(total));
  return rows;
}
