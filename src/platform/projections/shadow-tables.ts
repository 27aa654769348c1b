import type pg from 'pg';
import type { Projection } from './projection.js';

/*
 * The copy of a read model's tables a rebuild fills (shadow-rebuild.ts): same columns, defaults,
 * generated columns and checks, in a schema of its own, so that the projection's statements, run
 * with that schema first on the search path, write there unchanged. Its unique and B-tree indexes
 * come at once (the projection's own lookups use them); the others (GIN and GiST: full-text,
 * trigram) are built once the copy has caught up, in one pass over the rows, which is several
 * times faster than entering every row into them as it comes.
 */

type Client = Pick<pg.ClientBase, 'query' | 'escapeIdentifier'>;

/** The schema of `projection`'s copy: one per read model, so several can rebuild at once. */
export function shadowSchemaOf(projection: Pick<Projection, 'name'>): string {
  return `rebuild_${projection.name.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}`;
}

interface IndexOf {
  name: string;
  definition: string;
  method: string;
  /** The definition of the constraint the index carries (primary key, unique, exclusion), if any. */
  constraint: string | null;
}

async function indexesOf(client: Client, schema: string, table: string): Promise<IndexOf[]> {
  const { rows } = await client.query<IndexOf>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition, am.amname AS method,
            CASE WHEN con.oid IS NOT NULL THEN pg_get_constraintdef(con.oid) END AS constraint
     FROM pg_index i
     JOIN pg_class c ON c.oid = i.indexrelid
     JOIN pg_am am ON am.oid = c.relam
     LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.conrelid = i.indrelid
     WHERE i.indrelid = to_regclass($1)`,
    [`${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}`],
  );
  return rows;
}

/** `index` of the live table, made for the copy of the table in `schema` (same name). */
async function createIndexIn(client: Client, schema: string, table: string, index: IndexOf): Promise<void> {
  const target = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}`;
  if (index.constraint) {
    await client.query(`ALTER TABLE ${target} ADD CONSTRAINT ${client.escapeIdentifier(index.name)} ${index.constraint}`);
    return;
  }
  // "CREATE [UNIQUE] INDEX name ON [ONLY] public.table USING …": the same, on the copy.
  const on = / ON (ONLY )?(?:public\.)?("?)([a-z0-9_]+)\2 USING /;
  if (!on.test(index.definition)) throw new Error(`Unexpected index definition: ${index.definition}`);
  await client.query(index.definition.replace(on, ` ON $1${target} USING `));
}

/** Copies the live tables' shape into a new, empty schema for `projection` (any old copy goes). */
export async function createShadowTables(client: Client, projection: Projection): Promise<void> {
  const schema = client.escapeIdentifier(shadowSchemaOf(projection));
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  for (const table of projection.tables) {
    const { rows } = await client.query<{ options: string | null }>(
      "SELECT array_to_string(reloptions, ', ') AS options FROM pg_class WHERE oid = to_regclass('public.' || quote_ident($1))",
      [table],
    );
    const name = client.escapeIdentifier(table);
    await client.query(
      `CREATE TABLE ${schema}.${name} (LIKE public.${name} INCLUDING ALL EXCLUDING INDEXES EXCLUDING STATISTICS)${rows[0]?.options ? ` WITH (${rows[0].options})` : ''}`,
    );
    for (const index of await indexesOf(client, 'public', table)) {
      if (index.constraint || index.method === 'btree') await createIndexIn(client, shadowSchemaOf(projection), table, index);
    }
    // Its triggers (LIKE copies none): the rows of the copy are written as the live ones (migration 066's revisions).
    for (const definition of await triggersOf(client, table)) {
      const on = / ON (?:public\.)?("?)([a-z0-9_]+)\1 /;
      if (!on.test(definition)) throw new Error(`Unexpected trigger definition: ${definition}`);
      await client.query(definition.replace(on, ` ON ${schema}.${name} `));
    }
    // The planner's extended statistics, under their own names (LIKE would make new ones up).
    for (const definition of await statisticsOf(client, table)) {
      const on = /^CREATE STATISTICS (?:public\.)?("?)([a-z0-9_]+)\1(.*) FROM (?:public\.)?("?)([a-z0-9_]+)\4$/s;
      const match = on.exec(definition);
      if (!match) throw new Error(`Unexpected statistics definition: ${definition}`);
      await client.query(`CREATE STATISTICS ${schema}.${client.escapeIdentifier(match[2]!)}${match[3]} FROM ${schema}.${name}`);
    }
  }
}

/** The definitions of a live table's own triggers (CREATE TRIGGER …), not those of its constraints. */
async function triggersOf(client: Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ definition: string }>(
    "SELECT pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE tgrelid = to_regclass('public.' || quote_ident($1)) AND NOT tgisinternal ORDER BY tgname",
    [table],
  );
  return rows.map((r) => r.definition);
}

async function statisticsOf(client: Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ definition: string }>(
    "SELECT pg_get_statisticsobjdef(oid) AS definition FROM pg_statistic_ext WHERE stxrelid = to_regclass('public.' || quote_ident($1))",
    [table],
  );
  return rows.map((r) => r.definition);
}

/** Whether the copy is there (a rebuild left half done by a stopped process goes on from it). */
export async function shadowTablesExist(client: Client, projection: Projection): Promise<boolean> {
  const { rows } = await client.query<{ found: number }>(
    "SELECT count(*)::int AS found FROM unnest($1::text[]) t WHERE to_regclass(quote_ident($2) || '.' || quote_ident(t)) IS NOT NULL",
    [projection.tables, shadowSchemaOf(projection)],
  );
  return rows[0]!.found === projection.tables.length;
}

/** Builds the indexes the copy still lacks, each in one pass, gathers the planner's statistics and marks the pages all-visible. */
export async function completeShadowTables(client: Client, projection: Projection): Promise<void> {
  const schema = shadowSchemaOf(projection);
  for (const table of projection.tables) {
    const present = new Set((await indexesOf(client, schema, table)).map((i) => i.name));
    for (const index of await indexesOf(client, 'public', table)) {
      if (!present.has(index.name)) await createIndexIn(client, schema, table, index);
    }
    // The tables about to answer the site's queries: plans from real statistics from the first
    // query, and every page marked all-visible, as autovacuum would mark it a minute later: a
    // list's count reads its index alone (an index-only scan), not the table.
    await client.query(`VACUUM (ANALYZE) ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}`);
  }
}

/**
 * Puts the copy in the live tables' place (the caller's transaction): the live tables are dropped,
 * the copies move to public with their indexes and statistics, names unchanged. Queries under way
 * finish first; the ones that arrive meanwhile wait, then read the new tables.
 */
export async function swapInShadowTables(client: Client, projection: Projection): Promise<void> {
  const schema = client.escapeIdentifier(shadowSchemaOf(projection));
  for (const table of projection.tables) {
    const name = client.escapeIdentifier(table);
    await client.query(`DROP TABLE public.${name}; ALTER TABLE ${schema}.${name} SET SCHEMA public`);
  }
  // Extended statistics do not move with their table.
  const { rows } = await client.query<{ name: string }>('SELECT stxname AS name FROM pg_statistic_ext WHERE stxnamespace = to_regnamespace($1)', [shadowSchemaOf(projection)]);
  for (const { name } of rows) await client.query(`ALTER STATISTICS ${schema}.${client.escapeIdentifier(name)} SET SCHEMA public`);
  await client.query(`DROP SCHEMA ${schema}`);
}

export async function dropShadowTables(client: Client, projection: Projection): Promise<void> {
  await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(shadowSchemaOf(projection))} CASCADE`);
}
