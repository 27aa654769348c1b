import { createPool, SchemaValidationError, sql, type DatabasePool, type Interceptor, type QueryResultRow } from 'slonik';
import { z } from 'zod';

/**
 * The read side's SQL client (design card: slonik). Every query names the row shape it expects
 * with a zod schema (`sql.type(schema)`), checked on every row where the read model is read: a
 * column renamed by a migration fails the query that reads it, not a page three calls later.
 */
export type ReadDb = DatabasePool;
export { sql };

/** Checks each row against the query's schema and answers the parsed row (its transforms applied). */
const rowsMatchTheirSchema: Interceptor = {
  name: 'vicino-row-schema',
  transformRow(context, query, row) {
    const parser = context.resultParser;
    if (!parser) return row;
    const result = parser.safeParse(row);
    if (!result.success) throw new SchemaValidationError(query, row, result.error.issues);
    return result.data as QueryResultRow;
  },
};

/** Times as ISO 8601 text, as JSON answers carry them; counts and numerics as numbers (they fit a double). */
const typeParsers = [
  { name: 'int8', parse: (value: string) => Number(value) },
  { name: 'numeric', parse: (value: string) => Number(value) },
  { name: 'date', parse: (value: string) => value },
  { name: 'timestamptz', parse: (value: string) => new Date(value).toISOString() },
  { name: 'timestamp', parse: (value: string) => new Date(`${value}Z`).toISOString() },
];

export function createReadDb(connectionString: string, maximumPoolSize = 10): Promise<ReadDb> {
  return createPool(connectionString, {
    interceptors: [rowsMatchTheirSchema],
    typeParsers,
    maximumPoolSize,
    // Our own statements never need a retry: a failed read answers the request.
    queryRetryLimit: 0,
    // slonik sends DISCARD ALL whenever a connection goes back to its pool: a round trip per
    // query, for session state our reads never leave (no SET, no temporary tables, no LISTEN).
    resetConnection: async () => {},
    // Kept as long as the write pool keeps its own: a quiet minute must not cost a handshake per
    // connection on the next burst (slonik closes them after 5 s).
    idleTimeout: 30_000,
    captureStackTrace: false,
  });
}

/** Row fields as read models keep them. */
export const column = {
  uuid: z.string(),
  /** A timestamptz column, as ISO text. */
  time: z.string(),
  /** A date column: "2026-11-24". */
  date: z.string(),
};
