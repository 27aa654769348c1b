import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { sql, type ReadDb } from '../db/read.js';
import type { Paging } from './paging.js';

type Fragment = ReturnType<typeof sql.fragment>;

/** A list of the read side without its page: `from` carries the WHERE, `row` the shape of each row. */
export interface ReadList<Row extends z.ZodType> {
  row: Row;
  select: Fragment;
  from: Fragment;
  order: Fragment;
}

const total = z.object({ total: z.number() });

/**
 * answerPage (paging.ts) on slonik, each row checked against its schema: one page of the list as
 * the answer, and `X-Total-Count` saying how many there are in all. The count is asked only when
 * the page is full (or past the end): a short page already tells it.
 */
export async function answerReadPage<Row extends z.ZodType>(db: ReadDb, reply: FastifyReply, list: ReadList<Row>, { page, pageSize }: Paging): Promise<z.output<Row>[]> {
  const offset = (page - 1) * pageSize;
  const rows = await db.any(sql.type(list.row)`SELECT ${list.select} FROM ${list.from} ORDER BY ${list.order} LIMIT ${pageSize} OFFSET ${offset}`);
  const all =
    rows.length === pageSize || (rows.length === 0 && offset > 0)
      ? await db.oneFirst(sql.type(total)`SELECT count(*)::int AS total FROM ${list.from}`)
      : offset + rows.length;
  reply.header('X-Total-Count', String(all));
  return [...rows];
}
