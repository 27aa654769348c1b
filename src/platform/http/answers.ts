import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/*
 * How answers are written from their contract (contract.ts): each field through its schema, the
 * codecs' encode applied (cents → euros), keys the schema does not name left out, then JSON.
 *
 * zod's own `encode` walks the schema and checks every value on every answer: on the search's page
 * of 20 products that was most of the request's CPU. So each answer schema is compiled once into a
 * plain function doing only the writing. Where the contract is checked:
 * - in development and tests (`check`), every answer is also encoded by zod, which checks it, and
 *   the two writings must be the same text: a wrong answer fails the test that made it, and a
 *   difference between the compiled writer and zod fails too;
 * - in production, the handlers' types (checked by the compiler against the same schema) stand for it.
 * A schema with a kind the compiler does not know (a union of objects, a lazy one…) is encoded by
 * zod everywhere.
 */

type Encode = (value: unknown) => unknown;

const asIs: Encode = (value) => value;
const compiled = new WeakMap<z.ZodType, Encode | null>();

/** The compiled writer of `schema`, or null when zod must write it. */
export function answerWriterOf(schema: z.ZodType): Encode | null {
  let writer = compiled.get(schema);
  if (writer === undefined) {
    writer = compile(schema);
    compiled.set(schema, writer);
  }
  return writer;
}

function compile(schema: z.ZodType): Encode | null {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'void':
    case 'any':
    case 'unknown':
    case 'literal':
    case 'enum':
    case 'date':
    case 'template_literal':
      return asIs;
    case 'nullable':
    case 'optional':
    case 'readonly':
    case 'nonoptional': {
      const inner = compile(def.innerType as z.ZodType);
      if (!inner || inner === asIs) return inner;
      return (value) => (value === null || value === undefined ? value : inner(value));
    }
    case 'array': {
      const element = compile(def.element as z.ZodType);
      if (!element || element === asIs) return element;
      return (value) => (Array.isArray(value) ? value.map((v) => element(v)) : value);
    }
    case 'object': {
      if (def.catchall) return null;
      const fields: Array<[string, Encode]> = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const writer = compile(field);
        if (!writer) return null;
        fields.push([key, writer]);
      }
      return objectWriter(fields);
    }
    case 'record': {
      const key = compile(def.keyType as z.ZodType);
      const field = compile(def.valueType as z.ZodType);
      if (key !== asIs || !field) return null;
      return (value) => (typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, field(v)])) : value);
    }
    case 'union': {
      // Only a union of values written as they are (texts, numbers…): which branch an object
      // belongs to is known only by checking it, which zod does.
      const options = def.options as z.ZodType[];
      return options.every((option) => compile(option) === asIs && !isObjectLike(option)) ? asIs : null;
    }
    case 'pipe': {
      // A codec (z.codec: cents in, euros out) writes its value back through `reverseTransform`;
      // a plain pipe writes through its two ends. A one-way transform cannot be written back.
      const out = compile(def.out as z.ZodType);
      const input = compile(def.in as z.ZodType);
      if (!out || !input) return null;
      const back = def.reverseTransform as ((value: unknown, context: unknown) => unknown) | undefined;
      if (!back) return out === asIs && input === asIs ? asIs : (value) => input(out(value));
      return (value) => input(back(out(value), { value, issues: [] }));
    }
    default:
      return null;
  }
}

/**
 * An object's writer: its fields (those the schema names, in its order, each through its writer)
 * as one object literal made by a function written for these keys. A generic loop that added the
 * keys one by one cost a tenth of a search's time under load (node --cpu-prof). A field left out
 * (undefined) stays undefined, which JSON leaves out, as the loop did. A key JavaScript's literals
 * would read otherwise (`__proto__`) keeps the loop.
 */
function objectWriter(fields: Array<[string, Encode]>): Encode {
  if (fields.some(([key]) => key === '__proto__')) {
    return (value) => {
      if (typeof value !== 'object' || value === null) return value;
      const source = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, write] of fields) {
        const field = source[key];
        if (field !== undefined) out[key] = write(field);
      }
      return out;
    };
  }
  const writers = fields.map(([, write]) => write);
  const body = fields
    .map(([key, write], k) => {
      const read = `v[${JSON.stringify(key)}]`;
      return `${JSON.stringify(key)}: ${write === asIs ? read : `${read} === undefined ? undefined : w[${k}](${read})`}`;
    })
    .join(',\n');
  // Written from the schema's own keys (JSON-quoted), never from input.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- one compiled writer per answer schema, the reason this encoder is fast
  const make = new Function('w', `return function (v) {\n  if (typeof v !== 'object' || v === null) return v;\n  return {\n${body}\n  };\n};`) as (w: Encode[]) => Encode;
  return make(writers);
}

function isObjectLike(schema: z.ZodType): boolean {
  const type = (schema._zod.def as { type: string }).type;
  return type === 'object' || type === 'array' || type === 'record';
}

/** `value` as the JSON text `schema` writes it (see above); `check` also has zod check and write it. */
export function writeAnswer(schema: z.ZodType, value: unknown, check: boolean): string {
  const writer = answerWriterOf(schema);
  if (writer && !check) return JSON.stringify(writer(value));
  const result = z.safeEncode(schema, value);
  if (!result.success) throw result.error;
  const json = JSON.stringify(result.data);
  if (writer) {
    const fast = JSON.stringify(writer(value));
    if (fast !== json) throw new Error(`The compiled writer of an answer and zod disagree:\n${fast}\n${json}`);
  }
  return json;
}

/** Fastify's serializer for the routes' answer schemas (app.ts), as fastify-type-provider-zod's, compiled. */
export function answerSerializer({ check }: { check: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const answer = schema instanceof z.ZodType ? schema : (schema as { properties: z.ZodType }).properties;
    return (data: unknown) => {
      try {
        return writeAnswer(answer, data, check);
      } catch (error) {
        if (error instanceof z.ZodError) throw new ResponseSerializationError(method, url, { cause: error });
        throw error;
      }
    };
  };
}
