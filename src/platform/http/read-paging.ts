import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { readPage, type ReadList } from '../db/read-page.js';
import type { ReadDb } from '../db/read.js';
import type { Paging } from './paging.js';

/**
 * One page of a read-side list as the answer, each row checked against its schema, and
 * `X-Total-Count` saying how many there are in all, so no page passes for the whole list.
 */
export async function answerReadPage<Row extends z.ZodType>(db: ReadDb, reply: FastifyReply, list: ReadList<Row>, paging: Paging): Promise<z.output<Row>[]> {
  return answerPage(reply, await readPage(db, list, paging));
}

/** A page already read (its rows and how many there are in all) as the answer, with `X-Total-Count`. */
export function answerPage<T>(reply: FastifyReply, { rows, total }: { rows: T[]; total: number }): T[] {
  reply.header('X-Total-Count', String(total));
  return rows;
}
