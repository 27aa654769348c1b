import { z } from 'zod';
import { uuidParam } from './schemas.js';

/**
 * One call of the API, declared once with zod (each module's `contract.ts`): the server validates
 * requests and serialises answers with it (fastify-type-provider-zod), the web takes its types
 * from it, and the OpenAPI document (/api/docs) is made from it. Pure zod: the web imports it.
 */
export interface EndpointSchema {
  /** What the call does, in Italian (the docs' title of the call). */
  summary: string;
  description?: string;
  /** The docs' section: the module's name in Italian. */
  tags: readonly string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Every answer it gives with a body, by status; errors are the platform's ({ message }). */
  response: Answers;
}

/** A call's answers by status. */
export type Answers = Readonly<Partial<Record<200 | 201 | 202 | 204, z.ZodType>>>;

/** What a call takes besides its answers: the path's parameters, the query string, the body. */
export type Takes = Pick<EndpointSchema, 'params' | 'querystring' | 'body'>;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<M extends Method = Method, U extends string = string, S extends EndpointSchema = EndpointSchema> {
  method: M;
  url: U;
  schema: S;
}

/** A call as a module lists it in its `api()`, which gives it the module's heading. */
export interface Call<M extends Method = Method, U extends string = string, S extends Omit<EndpointSchema, 'tags'> = Omit<EndpointSchema, 'tags'>> {
  method: M;
  url: U;
  schema: S;
}

/**
 * The calls of one method: `get(url, summary, answers, takes?)`, its answers by status and what it
 * takes (params, querystring, body). What it takes is only what it says (NoInfer): written inside
 * `api({ … })`, a call would otherwise take the parts it leaves out from the `Call` it is expected
 * to be, every one optional, and the web's types would see a body or a query it has not.
 */
const callOf =
  <const M extends Method>(method: M) =>
  <const U extends string, const A extends Answers, const T extends Takes = Record<never, never>>(
    url: U,
    summary: string,
    response: A,
    takes?: T,
  ): Call<M, U, { summary: string; response: A } & NoInfer<T>> => ({
    method,
    url,
    schema: { summary, ...(takes as T), response },
  });

export const get = callOf('GET');
export const post = callOf('POST');
export const put = callOf('PUT');
export const patch = callOf('PATCH');
export const del = callOf('DELETE');

/** A call under its module's heading: what the routes serve and the web reads its types from. */
type Tagged<C extends Call> = Endpoint<C['method'], C['url'], C['schema'] & { tags: readonly string[] }>;

/**
 * A module's calls under its heading in the docs (the module's name in Italian), given once:
 * `export const favoritesApi = api('preferiti', { list: get(…), … })`; the route serves each with
 * `app.route({ ...favoritesApi.list, handler })`.
 */
export function api<const C extends Record<string, Call>>(tag: string, calls: C): { [K in keyof C]: Tagged<C[K]> } {
  const tags = [tag];
  const tagged = Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, { ...call, schema: { ...call.schema, tags } }]));
  return tagged as unknown as { [K in keyof C]: Tagged<C[K]> };
}

type Responses<E extends Endpoint> = E['schema']['response'];
/** The answer of a call (200, or the status named), as the web receives it. */
export type ResponseOf<E extends Endpoint, S extends keyof Responses<E> = 200 extends keyof Responses<E> ? 200 : keyof Responses<E>> = Responses<E>[S] extends z.ZodType
  ? z.output<Responses<E>[S]>
  : never;
/** What a call takes as its body, as the web sends it. */
export type BodyOf<E extends Endpoint> = E['schema']['body'] extends z.ZodType ? z.input<E['schema']['body']> : never;
/** What a call takes as its query. */
export type QueryOf<E extends Endpoint> = E['schema']['querystring'] extends z.ZodType ? z.input<E['schema']['querystring']> : never;

/** An answer with no body (204). */
export const noContent = z.void().describe('Nessun contenuto');
/** Times as the API writes them: ISO 8601 text. */
export const isoTime = z.string().describe('data e ora ISO 8601');
/** When a record was made and last changed: the two times most records carry. */
export const timestamps = { createdAt: isoTime, updatedAt: isoTime };

/** `/…/:id` of a record with a uuid. */
export const idParams = z.object({ id: uuidParam });
/** `/…/:storeId`: a store's calls of another module (its orders, its reservations, a favourite). */
export const storeIdParams = z.object({ storeId: uuidParam });

/** A creation's answer: the record, or only its id when the read model has not caught up within the wait. */
export const createdOrItsId = <T extends z.ZodType>(record: T) => z.union([record, z.object({ id: z.uuid() })]);

/** A body the call ignores: whatever the client sends, an object. */
export const anyBody = z.object({}).passthrough();

/**
 * The moves of a record's life, `POST <url>/<move>` (`url` ends in the record's `/:id`), each with
 * its body optional (none: `anyBody`) and answering the record as it now is.
 */
export const movesOf =
  <const U extends `${string}/:id`, R extends z.ZodType>(url: U, record: R) =>
  <const A extends string, B extends z.ZodType = typeof anyBody>(move: A, summary: string, body: B = anyBody as z.ZodType as B) =>
    post(`${url}/${move}`, summary, { 200: record }, { params: idParams, body: body.nullish() });

/** How many records there are, in all and in each state (every state named). */
export const countsByStatus = <S extends z.ZodEnum>(status: S) => ({ count: z.number(), byStatus: z.record(status, z.number()) });

/**
 * A query string's filter by state: `?status=a,b` (none: every state). `example` shows the
 * form in the message of a value that is no text, `unknown` names a state not known.
 */
export const statusesQuery = <const S extends readonly [string, ...string[]]>(statuses: S, { example, unknown }: { example: string; unknown: string }) =>
  z
    .string({ error: `Stato: scrivi gli stati separati da virgole (es. ${example}).` })
    .optional()
    .transform((s) =>
      s
        ? s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.enum(statuses, { error: unknown })));
