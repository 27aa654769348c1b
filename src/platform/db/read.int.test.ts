import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { createReadDb, plannedForItsValuesFragment, sql, type ReadDb } from './read.js';

let database: TestDatabase;
let db: ReadDb;

beforeAll(async () => {
  database = await createTestDatabase();
  db = await createReadDb(database.url, 1);
});
afterAll(async () => {
  await db.end();
  await database.drop();
});

const preparedRow = z.object({ statement: z.string() });
const preparedHere = async () =>
  (await db.any(sql.unsafe`${plannedForItsValuesFragment} SELECT statement FROM pg_prepared_statements ORDER BY prepare_time`)).map((r) => preparedRow.parse(r).statement);

describe('the read client', () => {
  it('prepares a read once per connection, and plans a read marked as planned for its values on every call', async () => {
    const n = z.object({ n: z.number() });
    expect(await db.one(sql.type(n)`SELECT ${1}::int AS n`)).toEqual({ n: 1 });
    expect(await db.one(sql.type(n)`SELECT ${2}::int AS n`)).toEqual({ n: 2 });
    expect(await db.one(sql.type(n)`${plannedForItsValuesFragment} SELECT ${3}::int + 1 AS n`)).toEqual({ n: 4 });
    // One connection: the first read is prepared there, once; the marked one is not.
    expect(await preparedHere()).toEqual(['SELECT $1::int AS n']);
  });
});
