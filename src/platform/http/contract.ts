import { z } from 'zod';

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
  response: Readonly<Partial<Record<200 | 201 | 202 | 204, z.ZodType>>>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<M extends Method = Method, U extends string = string, S extends EndpointSchema = EndpointSchema> {
  method: M;
  url: U;
  schema: S;
}

/** Declares a call: `app.route({ ...api.addFavorite, handler })` serves it. */
export const endpoint = <const M extends Method, const U extends string, const S extends EndpointSchema>(method: M, url: U, schema: S): Endpoint<M, U, S> => ({
  method,
  url,
  schema,
});

type Responses<E extends Endpoint> = E['schema']['response'];
/** The answer of a call (200, or the status named), as the web receives it. */
export type ResponseOf<E extends Endpoint, S extends keyof Responses<E> = 200 extends keyof Responses<E> ? 200 : keyof Responses<E>> =
  Responses<E>[S] extends z.ZodType ? z.output<Responses<E>[S]> : never;
/** What a call takes as its body, as the web sends it. */
export type BodyOf<E extends Endpoint> = E['schema']['body'] extends z.ZodType ? z.input<E['schema']['body']> : never;
/** What a call takes as its query. */
export type QueryOf<E extends Endpoint> = E['schema']['querystring'] extends z.ZodType ? z.input<E['schema']['querystring']> : never;

/** An answer with no body (204). */
export const noContent = z.void().describe('Nessun contenuto');
/** Times as the API writes them: ISO 8601 text. */
export const isoTime = z.string().describe('data e ora ISO 8601');
