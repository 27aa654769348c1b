import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.js';
import { createPool, type Pool } from './pool.js';

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
    await expect(pool.query("SELECT * FROM es_append('pool-stream', '7', ARRAY[gen_random_uuid()], ARRAY['Prova'], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb])"))
      .rejects.toMatchObject({ code: 'VC001' });
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
