import pg from 'pg';

// int8 and numeric come back as strings by default; our counts and money fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type Pool = pg.Pool;
export type DbClient = pg.PoolClient | pg.Client;
export type Queryable = Pick<pg.Pool, 'query'> | DbClient;

export function createPool(connectionString: string, max = 10): Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: 'vicino' });
  // An idle client that loses its server must not take the process down.
  pool.on('error', () => {});
  keepClientsOnServerErrors(pool);
  return pool;
}

/**
 * pg-pool closes the connection of every `pool.query` that failed, whatever failed. A statement
 * the server refused (an append's expected revision, a unique value already taken) leaves the
 * session ready for the next one, and opening a new connection costs a SCRAM handshake on both
 * sides: under load, every optimistic-concurrency conflict cost a reconnection. So the connection
 * is kept when the server refused the statement alone (severity ERROR); a broken socket or a
 * session the server ended (FATAL) still closes it, as pg-pool does.
 */
function keepClientsOnServerErrors(pool: pg.Pool): void {
  const query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    // A connection that breaks mid-query also says so by an 'error' event, which must be heard.
    const onError = (error: Error) => {
      broken = error;
    };
    client.once('error', onError);
    try {
      return await client.query(config, values);
    } catch (error) {
      if (!(error instanceof pg.DatabaseError && error.severity === 'ERROR')) broken ??= error as Error;
      throw error;
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  };
  pool.query = query as typeof pool.query;
}

/**
 * Names every parameterised statement of this connection after its text (s0, s1, …), so the
 * server parses and plans each once per connection instead of at every call. For a connection
 * whose statements are few and fixed, writes and lookups by key (a projection runner's): one plan
 * kept for every value is as good as any there. Searches over ranges must stay planned for their
 * values (see http/routes/search.ts). Past `limit` texts, new ones go unnamed.
 */
export function nameEveryStatement(client: pg.Client, limit = 500): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as (config: string | pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;
  const named = (config: string | pg.QueryConfig, values?: unknown[]) => {
    if (typeof config !== 'string' || !Array.isArray(values)) return query(config, values);
    let name = names.get(config);
    if (!name && names.size < limit) names.set(config, (name = `s${names.size}`));
    return query(name ? { name, text: config, values } : config, values);
  };
  client.query = named as typeof client.query;
}

/** Runs `work` in one transaction on one client; rolls back on any error. */
export async function inTransaction<T>(pool: Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
