import { createHash } from 'node:crypto';
import { createPgDriverFactory } from '@slonik/pg-driver';
import { createPool, SchemaValidationError, sql, type DatabasePool, type DriverFactory, type Interceptor, type QueryResultRow } from 'slonik';
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
  { name: 'timestamptz', parse: (value: string) => isoTimeOf(value) },
  { name: 'timestamp', parse: (value: string) => isoTimeOf(`${value}+00`) },
];

const serverTime = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?([+-])(\d\d)(?::(\d\d))?(?::(\d\d))?$/;

/**
 * A timestamptz as PostgreSQL writes it ('2026-11-24 12:07:56.254123+00', in the session's zone)
 * as ISO 8601 in UTC to the millisecond ('2026-11-24T12:07:56.254Z'), exactly as
 * `new Date(value).toISOString()` writes it, without JavaScript's slow parser of free-form dates:
 * every row of every list carries two or three of them. Anything else (infinity, years BC) takes
 * that parser.
 */
export function isoTimeOf(value: string): string {
  const m = serverTime.exec(value);
  if (!m) return new Date(value).toISOString();
  const [, year, month, day, hours, minutes, seconds, fraction = '', sign, offsetHours, offsetMinutes = '00', offsetSeconds = '00'] = m;
  const ms = `${fraction}000`.slice(0, 3);
  if (offsetHours === '00' && offsetMinutes === '00' && offsetSeconds === '00') return `${year}-${month}-${day}T${hours}:${minutes}:${seconds}.${ms}Z`;
  const offset = (sign === '-' ? -1 : 1) * ((Number(offsetHours) * 60 + Number(offsetMinutes)) * 60 + Number(offsetSeconds)) * 1000;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds), Number(ms)) - offset;
  return new Date(utc).toISOString();
}

/**
 * Written first in a read whose best plan depends on its values (a list's filters and search
 * words), so that PostgreSQL plans it for each call's values: a named statement is planned for its
 * values five times, then often run by one generic plan for all, which for an admin's word search
 * read the trigram matches a slower way (users by name: 2.8 ms a call instead of 2.0).
 */
export const plannedForItsValues = '/* planned for its values */';
/**
 * SQL text the code fixes (never a value) as a slonik fragment: a list's columns written once
 * for both its admin resource (whose `select` is text) and the module's own reads.
 */
export const fixedSql = (text: string) => sql.fragment(Object.freeze(Object.assign([text], { raw: Object.freeze([text]) })));

/** The same mark, to write first in a query of slonik's tag. */
export const plannedForItsValuesFragment = fixedSql(plannedForItsValues);

/** At most this many distinct reads are named (and so prepared on each connection that runs them); any further one is sent unnamed. */
const preparedLimit = 500;

/**
 * slonik's pg driver, whose reads are prepared statements named after their text (as postgres.js
 * and JDBC prepare theirs): a read sent again on the same connection is bound and run, not parsed
 * and planned again. A read's text is fixed by the code that builds it (values are parameters), so
 * the names are few. bench:search's search near a point went from 795 to 1,140 req/s with it.
 * PostgreSQL plans a named statement for its values five times, then may keep one generic plan:
 * a read whose best plan depends on its values starts with `plannedForItsValues` and stays unnamed.
 */
function preparingDriverFactory(): DriverFactory {
  const pgDriver = createPgDriverFactory();
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= preparedLimit) return known;
    // Only reads are named, and not those planned for their values.
    if (!/^\s*(SELECT|WITH)\b/i.test(text)) return undefined;
    const name = `vicino_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    names.set(text, name);
    return name;
  };
  return async (configuration) => {
    const driver = await pgDriver(configuration);
    return {
      createClient: async () => {
        const client = await driver.createClient();
        const query = client.query;
        client.query = (text, values) => {
          const name = nameOf(text);
          // pg's client takes a query's configuration in place of its text: the name prepares it.
          return name ? query({ name, text } as unknown as string, values) : query(text, values);
        };
        return client;
      },
    };
  };
}

/**
 * The connection string as slonik reads it. pg takes a Unix socket's folder from `?host=` (as the
 * embedded server's URLs give it, embedded.ts) before the URL's host; slonik reads the URL's host
 * first, and would go through TCP on loopback, which costs the server and the app more per query.
 */
export function slonikConnectionUri(connectionString: string): string {
  const url = new URL(connectionString);
  const socketDir = url.searchParams.get('host');
  if (!socketDir?.startsWith('/')) return connectionString;
  url.searchParams.delete('host');
  url.hostname = encodeURIComponent(socketDir);
  return url.toString();
}

export function createReadDb(connectionString: string, maximumPoolSize = 10): Promise<ReadDb> {
  return createPool(slonikConnectionUri(connectionString), {
    driverFactory: preparingDriverFactory(),
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
