import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import pg from 'pg';
import { createPool, nameEveryStatement, type Pool } from './pool.js';

let db: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, 1);
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const backend = async () => (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

describe('database pool', () => {
  it('keeps its connection when the server refuses a statement, and answers the refusal', async () => {
    const before = await backend();
    await pool.query({ name: 'twice', text: 'SELECT $1::int AS n', values: [1] });
    // An append with a wrong expected revision, as optimistic concurrency meets it under load.
    await expect(pool.query("SELECT * FROM es_append('pool-stream', '7', ARRAY[gen_random_uuid()], ARRAY['Prova'], ARRAY['{}'::json], ARRAY['{}'::json])")).rejects.toMatchObject({
      code: 'VC001',
    });
    await expect(pool.query('SELECT 1/0')).rejects.toMatchObject({ code: '22012' });
    expect(await backend()).toBe(before);
    // Still the same session: the statement it prepared is there.
    expect((await pool.query({ name: 'twice', text: 'SELECT $1::int AS n', values: [2] })).rows).toEqual([{ n: 2 }]);
  });

  it('drops a connection that broke, and opens a new one for the next query', async () => {
    const before = await backend();
    await expect(pool.query('SELECT pg_terminate_backend(pg_backend_pid())')).rejects.toBeTruthy();
    const after = await backend();
    expect(after).not.toBe(before);
  });
});

describe('embedded server', () => {
  it.skipIf(!!process.env.DATABASE_URL)('is reached through its Unix socket, not the loopback', async () => {
    const { rows } = await pool.query<{ tcp: boolean }>('SELECT inet_client_addr() IS NOT NULL AS tcp');
    expect(db.url).toContain('?host=%2F');
    expect(rows).toEqual([{ tcp: false }]);
  });
});

describe('named statements', () => {
  it('prepares each parameterised text once per connection, up to the limit, and answers as before', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    nameEveryStatement(client, 2);
    const prepared = async () => (await client.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements ORDER BY name')).rows;
    expect((await client.query('SELECT $1::int + 1 AS n', [1])).rows).toEqual([{ n: 2 }]);
    expect((await client.query('SELECT $1::int + 1 AS n', [41])).rows).toEqual([{ n: 42 }]);
    await client.query('SELECT $1::text AS t', ['a']);
    await client.query('SELECT $1::text || $2 AS t', ['a', 'b']);
    expect(await prepared()).toEqual([
      { name: 's0', statement: 'SELECT $1::int + 1 AS n' },
      { name: 's1', statement: 'SELECT $1::text AS t' },
    ]);
    await client.end();
  });
});
