import type { FastifyReply } from 'fastify';
import type { PrimitiveValueExpression, ValueExpression } from 'slonik';
import { z } from 'zod';
import { plannedForItsValues, sql, type ReadDb } from '../db/read.js';
import { DomainError } from '../domain/errors.js';
import { listQuerystring } from './admin-rest-contract.js';
import { refuseUnstorableText } from './plugins/clean-text.js';
import { uuidParam } from './schemas.js';

/** Declared with the contracts (admin-rest-contract.ts); the routes still find it here. */

/*
 * The ra-data-simple-rest list contract (design §4) for admin resources:
 * `GET ?sort=["field","ASC"]&range=[0,24]&filter={...}` answers an array and
 * `Content-Range: <resource> <start>-<end>/<total>`. User text only ever reaches SQL as a
 * parameter: fields are looked up in each resource's whitelist of SQL expressions. The lists are
 * read through slonik (the read side's client): times as ISO text, each row checked against the
 * resource's row schema when it has one.
 */

/** How one filter field narrows a list: the value's schema and the condition on its placeholder (given the value too). */
export interface ListFilter {
  schema: z.ZodType;
  where: (param: string, value: unknown) => string;
}

/**
 * `column` is one of the values of `param` (a list): with one value, an equality, which an index
 * on (column, sort column, id) reads in the sort's order, a page's rows and no more; the planner
 * does not take `= ANY (…)` of a one-value list for that (on 100,000 accounts, the customers by
 * date: 6.2 ms a later page through the date's index and a look at every row's role, 0.9 through
 * the role's). The list's element, not a parameter of its own: the value is bound as it was checked.
 */
const oneOfList = (column: string, param: string, value: unknown, type: 'text' | 'uuid'): string =>
  Array.isArray(value) && value.length === 1 ? `${column} = (${param}::${type}[])[1]` : `${column} = ANY (${param}::${type}[])`;

export interface ListResource {
  /** The name in Content-Range. */
  name: string;
  /** Constant SQL after FROM. */
  from: string;
  /** Constant SQL: the record's columns, aliased as the record's fields (never a secret). */
  select: string;
  /** A condition every row meets (e.g. not deleted). */
  always?: string;
  /** The SQL of the id, for `filter={"id":[...]}` and GET /:id. */
  id: string;
  /** Record field → the SQL expression it sorts by. */
  sortable: Record<string, string>;
  /** ORDER BY when no sort is asked. */
  defaultOrder: string;
  filters: Record<string, ListFilter>;
  /**
   * The text `filter={"q":"..."}` searches, accents and case ignored: the row's searchable text,
   * folded (unaccented, in lower case) when the row is written (a generated column with a trigram
   * index, migrations 022 and 093), or `folded(…)` of an expression where a list is short.
   */
  searchText?: string;
  /**
   * What the search also matches whole, as typed (trimmed): an id pasted, which a word search
   * would index trigram by trigram. The SQL condition, given the typed text's parameter.
   */
  searchWhole?: (typed: string) => string;
  /**
   * Where the list's count is kept when it is filtered by these fields alone (or not at all): a
   * table of counts (`from`, aliased as the list's rows are, with their column names) that the
   * read model keeps beside its rows, one `n` per group. A count of tens of thousands of rows read
   * at every page is read from a few groups instead.
   */
  counts?: { from: string; by: readonly string[] };
  /** 404 message of GET /:id. */
  notFound: string;
  /** The record as `select` reads it, checked on every row (sql.type); unchecked without one. */
  row?: z.ZodType;
}

/** SQL: `text` as a search reads it, unaccented and in lower case (and so as the `admin_text` columns hold it). */
export const folded = (text: string): string => `lower(f_unaccent(${text}))`;

const maxPage = 1000;

const rangeMessage = 'Intervallo: scrivi [inizio, fine], due interi da 0 a 10000000.';
const rangeEnd = z.int({ error: rangeMessage }).min(0, rangeMessage).max(10_000_000, rangeMessage);
/** `range=[start,end]`: the rows start to end, both included, counted from 0. */
const rangeSchema = z.tuple([rangeEnd, rangeEnd], { error: rangeMessage }).refine(([start, end]) => end >= start, 'Intervallo: la fine non può precedere l’inizio.');
/** A page's range: made once, as zod compiles a schema's checks on its first use (about 0.2 ms a request when made per request). */
const pageRange = rangeSchema.refine(([start, end]) => end - start < maxPage, `Intervallo: al massimo ${maxPage} righe per volta.`);

/** A filter that takes one value or a list of them (react-admin sends either). */
export const oneOrMany = <T extends z.ZodType>(value: T) =>
  z.preprocess(
    (v): unknown[] => (Array.isArray(v) ? (v as unknown[]) : [v]),
    z.array(value).min(1, 'Il filtro vuole almeno un valore.').max(500, 'Il filtro accetta al massimo 500 valori.'),
  );

/** `column = ANY(...)` over one or more allowed values. */
export const anyOf = (values: readonly [string, ...string[]], label: string, column: string): ListFilter => ({
  schema: oneOrMany(z.enum(values, { error: `${label} non valido.` })),
  where: (p, value) => oneOfList(column, p, value, 'text'),
});

export const uuidFilter = (column: string): ListFilter => ({
  schema: oneOrMany(uuidParam),
  where: (p, value) => oneOfList(column, p, value, 'uuid'),
});

export const booleanFilter = (column: string): ListFilter => ({
  schema: z.boolean({ error: 'Il filtro vuole true o false.' }),
  where: (p) => `${column} = ${p}::boolean`,
});

/** The JSON of a parameter; its escapes can spell what the query string itself could not carry (\u0000). */
function parseJson(name: string, label: string, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DomainError(`${label}: JSON non valido.`, 'invalid', { [name]: `${label}: JSON non valido.` });
  }
  refuseUnstorableText(value, name);
  return value;
}

function check<T>(name: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]!.message;
  throw new DomainError(message, 'invalid', { [name]: message });
}

interface ListRequest {
  order: string;
  offset: number;
  limit: number;
  /** The condition, its values marked where they go (param). */
  where: string;
  params: unknown[];
  /** Searched for words the trigram indexes can look up (three characters or more). */
  searching: boolean;
  /** The filter's fields that narrow the list (the search's `q` and `id` included). */
  fields: string[];
}

const schemas = new WeakMap<ListResource, { sort: z.ZodType<[string, 'ASC' | 'DESC']>; filter: z.ZodType<Record<string, unknown>> }>();

function schemasOf(resource: ListResource) {
  const known = schemas.get(resource);
  if (known) return known;
  const fields = Object.keys(resource.sortable) as [string, ...string[]];
  const sort = z.tuple(
    [
      z.enum(fields, { error: (issue) => `Ordinamento non disponibile per «${String(issue.input)}».` }),
      z.enum(['ASC', 'DESC'], { error: 'Ordinamento: la direzione è ASC o DESC.' }),
    ],
    { error: 'Ordinamento: scrivi ["campo","ASC"] o ["campo","DESC"].' },
  );
  const shape: Record<string, z.ZodType> = {
    id: oneOrMany(uuidParam).optional(),
    ...Object.fromEntries(Object.entries(resource.filters).map(([field, f]) => [field, f.schema.optional()])),
  };
  if (resource.searchText) shape.q = z.string({ error: 'La ricerca deve essere un testo.' }).trim().max(100, 'Ricerca: al massimo 100 caratteri.').optional();
  const filter = z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Filtro non disponibile: «${issue.keys.join('», «')}».` : 'Filtro: scrivi un oggetto JSON.'),
  }) as unknown as z.ZodType<Record<string, unknown>>;
  const made = { sort: sort as z.ZodType<[string, 'ASC' | 'DESC']>, filter };
  schemas.set(resource, made);
  return made;
}

/** Where a value of `params` goes in a statement's text: a mark no constant SQL of the code holds. */
const mark = (index: number): string => `\u0000${index}\u0000`;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Turns the three parameters into SQL pieces; any bad one is a 400 with an Italian message. */
export function parseList(resource: ListResource, query: z.output<typeof listQuerystring>): ListRequest {
  const { sort: sortSchema, filter: filterSchema } = schemasOf(resource);
  const sort = query.sort === undefined ? null : check('sort', sortSchema, parseJson('sort', 'Ordinamento', query.sort));
  const range = query.range === undefined ? ([0, maxPage - 1] as const) : check('range', pageRange, parseJson('range', 'Intervallo', query.range));
  const filter = query.filter === undefined ? {} : check('filter', filterSchema, parseJson('filter', 'Filtro', query.filter));

  const params: unknown[] = [];
  const param = (value: unknown): string => mark(params.push(value) - 1);
  const conditions = resource.always ? [resource.always] : [];
  let searching = false;
  const fields: string[] = [];
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined || (field === 'q' && value === '')) continue;
    fields.push(field);
    if (field === 'id') conditions.push(oneOfList(resource.id, param(value), value, 'uuid'));
    else if (field === 'q') {
      searching = (value as string).trim().length >= 3;
      const pattern = param(`%${escapeLike(value as string)}%`);
      const words = `${resource.searchText!} LIKE ${folded(pattern)}`;
      conditions.push(resource.searchWhole ? `(${words} OR ${resource.searchWhole(param((value as string).trim()))})` : words);
    } else conditions.push(resource.filters[field]!.where(param(value), value));
  }
  const order = sort ? `${resource.sortable[sort[0]]!} ${sort[1]}, ${resource.id} ${sort[1]}` : `${resource.defaultOrder}, ${resource.id}`;
  return {
    order,
    offset: range[0],
    limit: range[1] - range[0] + 1,
    where: conditions.length ? conditions.join(' AND ') : 'true',
    params,
    searching,
    fields,
  };
}

/** A value as slonik binds it: a list (the filters' `= ANY (…)`) as a text[], cast where it is used. */
const bound = (value: unknown): ValueExpression => (Array.isArray(value) ? sql.array(value as PrimitiveValueExpression[], 'text') : (value as PrimitiveValueExpression));

/**
 * A statement of a resource's constant SQL (written in the code, never taken from a request) and
 * the request's values, each bound as a parameter where its mark stands: the template slonik's tag
 * would have been given, had the SQL been written out in one place.
 */
function statement(text: string, params: readonly unknown[]): [TemplateStringsArray, ...ValueExpression[]] {
  // A list's best plan depends on its filters' values (a role most accounts have, or few).
  // eslint-disable-next-line no-control-regex -- NUL marks a parameter's place: it can be in no SQL text
  const pieces = `${plannedForItsValues} ${text}`.split(/\u0000(\d+)\u0000/);
  const strings = pieces.filter((_, i) => i % 2 === 0);
  const values = pieces.filter((_, i) => i % 2 === 1).map((index) => bound(params[Number(index)]));
  return [Object.freeze(Object.assign(strings, { raw: Object.freeze([...strings]) })), ...values];
}

const totalRow = z.object({ total: z.number() });
/** A search page's rows carry the count of every match (searchPage). */
const searchTotal = z.object({ total__: z.number() });
/**
 * The row schemas with the search's count, made once per resource: zod compiles a schema's checks
 * on its first use, which costs far more than the check itself (about 50 µs for one field).
 */
const withSearchTotal = new WeakMap<z.ZodType, z.ZodType>();

/** The resource's rows: checked against its row schema (with the search's count when asked) when it has one. */
function rowsOf(resource: ListResource, { searchCount = false } = {}) {
  let schema = resource.row ?? null;
  if (schema && searchCount) {
    const row = schema;
    schema = withSearchTotal.get(row) ?? withSearchTotal.set(row, row instanceof z.ZodObject ? row.extend(searchTotal.shape) : z.intersection(row, searchTotal)).get(row)!;
  }
  const checked = schema;
  return (text: string, params: readonly unknown[]) => (checked ? sql.type(checked) : sql.unsafe)(...statement(text, params));
}

/** How many rows the list's filter selects: from its table of counts when it keeps the count of that filter. */
const countOf = async (db: ReadDb, resource: ListResource, list: ListRequest): Promise<number> => {
  const { counts } = resource;
  const kept = counts && !resource.always && list.fields.every((field) => counts.by.includes(field));
  return db.oneFirst(
    sql.type(totalRow)(
      ...statement(
        kept ? `SELECT coalesce(sum(n), 0)::int AS total FROM ${counts.from} WHERE ${list.where}` : `SELECT count(*)::int AS total FROM ${resource.from} WHERE ${list.where}`,
        list.params,
      ),
    ),
  );
};

/**
 * The SQL of a page: the rows are chosen by what the order reads and their ids alone, then only
 * the page's rows are read whole, by id, in the same order. `select`'s own reads (a store's views,
 * a product's shop name) are made for the page's 25 rows, not for every row the sort went through
 * (the planner reads them before the sort: on 5,000 active stores by date, 9 of a page's 11 ms).
 * `withTotal`: each row carries the count of every match (`total__`).
 */
function pageSql(resource: ListResource, list: ListRequest, { withTotal = false } = {}): string {
  const n = list.params.length;
  return `WITH page__ AS (SELECT ${resource.id} AS id__${withTotal ? ', count(*) OVER () AS total__' : ''} FROM ${resource.from} WHERE ${list.where}
      ORDER BY ${list.order} LIMIT ${mark(n)} OFFSET ${mark(n + 1)})
    SELECT ${resource.select}${withTotal ? ', page__.total__' : ''} FROM ${resource.from} JOIN page__ ON ${resource.id} = page__.id__ ORDER BY ${list.order}`;
}

/**
 * A page of a word search, with the count of every match, from one reading of the matches. Left
 * to itself, the planner may walk the whole table in the asked order until a page has matched
 * (on 200,000 products a common word's later pages read tens of thousands of rows, a word no
 * product has all of them); the matches come instead from the trigram index, counted and sorted
 * by what the order reads and their ids alone (the whole rows of thousands of matches, carried
 * through the count and the sort, were half the time of a common name on 100,000 accounts).
 */
async function searchPage<Row>(db: ReadDb, resource: ListResource, list: ListRequest): Promise<[Row[], number]> {
  const found = (await db.any(
    rowsOf(resource, { searchCount: true })(pageSql(resource, list, { withTotal: true }), [...list.params, list.limit, list.offset]),
  )) as readonly (Row & { total__: number })[];
  // A page past the last match has no row to carry the count.
  const total = found.length ? found[0]!.total__ : await countOf(db, resource, list);
  return [found.map(({ total__: _total, ...row }) => row as Row), total];
}

/** Answers one page of the list with its Content-Range; the rows go through `toJson`. */
export async function answerList<Row = Record<string, unknown>>(
  db: ReadDb,
  reply: FastifyReply,
  resource: ListResource,
  query: z.output<typeof listQuerystring>,
  toJson: (row: Row) => unknown = (row) => row,
): Promise<unknown[]> {
  const list = parseList(resource, query);
  const [rows, total] = list.searching
    ? await searchPage<Row>(db, resource, list)
    : await Promise.all([db.any(rowsOf(resource)(pageSql(resource, list), [...list.params, list.limit, list.offset])) as Promise<readonly Row[]>, countOf(db, resource, list)]);
  reply.header('Content-Range', rows.length ? `${resource.name} ${list.offset}-${list.offset + rows.length - 1}/${total}` : `${resource.name} */${total}`);
  return rows.map(toJson);
}

/**
 * Every row the list's filter and sort select, a page of the largest size at a time (an export):
 * the same whitelists and messages as `answerList`, without its range.
 */
export async function* everyRow<Row = Record<string, unknown>>(db: ReadDb, resource: ListResource, query: Omit<z.output<typeof listQuerystring>, 'range'>): AsyncGenerator<Row[]> {
  const list = parseList(resource, query);
  const n = list.params.length;
  for (let offset = 0; ; offset += maxPage) {
    const rows = (await db.any(
      rowsOf(resource)(`SELECT ${resource.select} FROM ${resource.from} WHERE ${list.where} ORDER BY ${list.order} LIMIT ${mark(n)} OFFSET ${mark(n + 1)}`, [
        ...list.params,
        maxPage,
        offset,
      ]),
    )) as readonly Row[];
    if (rows.length) yield [...rows];
    if (rows.length < maxPage) return;
  }
}

/** One record by id (GET /:id, and the answer of a PUT); 404 with the resource's message. */
export async function findOne<Row = Record<string, unknown>>(db: ReadDb, resource: ListResource, id: string): Promise<Row> {
  const row = await db.maybeOne(rowsOf(resource)(`SELECT ${resource.select} FROM ${resource.from} WHERE ${resource.always ?? 'true'} AND ${resource.id} = ${mark(0)}`, [id]));
  if (!row) throw new DomainError(resource.notFound, 'not-found');
  return row as Row;
}

/** A resource whose few records are computed in memory (e.g. the projections), listed by the same contract. */
export interface ArrayResource<T extends { id: string }> {
  name: string;
  /** Record fields the list sorts by. */
  sortable: readonly (keyof T & string)[];
  /** Filter fields: the value's schema and whether a record matches it. */
  filters: Record<string, { schema: z.ZodType; matches: (record: T, value: never) => boolean }>;
  defaultSort: keyof T & string;
}

/** Sorts, filters and slices `records` as `answerList` does in SQL, with the same messages and header. */
export function answerArray<T extends { id: string }>(reply: FastifyReply, resource: ArrayResource<T>, records: T[], query: z.output<typeof listQuerystring>): T[] {
  const sortSchema = z.tuple(
    [
      z.enum(resource.sortable as unknown as [string, ...string[]], { error: (issue) => `Ordinamento non disponibile per «${String(issue.input)}».` }),
      z.enum(['ASC', 'DESC'], { error: 'Ordinamento: la direzione è ASC o DESC.' }),
    ],
    { error: 'Ordinamento: scrivi ["campo","ASC"] o ["campo","DESC"].' },
  );
  const filterSchema = z.strictObject(
    {
      id: oneOrMany(z.string().max(200)).optional(),
      ...Object.fromEntries(Object.entries(resource.filters).map(([field, f]) => [field, f.schema.optional()])),
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `Filtro non disponibile: «${issue.keys.join('», «')}».` : 'Filtro: scrivi un oggetto JSON.'),
    },
  );
  const [field, direction] = query.sort === undefined ? [resource.defaultSort, 'ASC'] : check('sort', sortSchema, parseJson('sort', 'Ordinamento', query.sort));
  const filter = query.filter === undefined ? {} : (check('filter', filterSchema, parseJson('filter', 'Filtro', query.filter)) as Record<string, unknown>);
  const [start, end] = query.range === undefined ? [0, maxPage - 1] : check('range', rangeSchema, parseJson('range', 'Intervallo', query.range));
  const matching = records.filter((record) =>
    Object.entries(filter).every(
      ([name, value]) => value === undefined || (name === 'id' ? (value as string[]).includes(record.id) : resource.filters[name]!.matches(record, value as never)),
    ),
  );
  const key = field as keyof T;
  const sign = direction === 'ASC' ? 1 : -1;
  matching.sort((a, b) => {
    const x = a[key] as unknown;
    const y = b[key] as unknown;
    if (x === y) return a.id < b.id ? -sign : a.id > b.id ? sign : 0;
    if (x === null || x === undefined) return sign;
    if (y === null || y === undefined) return -sign;
    return (x < y ? -1 : 1) * sign;
  });
  const page = matching.slice(start, end + 1);
  reply.header('Content-Range', page.length ? `${resource.name} ${start}-${start + page.length - 1}/${matching.length}` : `${resource.name} */${matching.length}`);
  return page;
}
