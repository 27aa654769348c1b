import { z } from 'zod';
import { toCents, toEuros } from '../domain/money.js';

/*
 * The HTTP edge of money (spec §9): the server works in cents, requests and answers carry euros
 * with two decimals. Each is a zod codec, so the same field reads a request (decode: euros →
 * cents) and writes an answer (the serializer encodes: cents → euros), one conversion for every call.
 */

/** An amount an answer gives in euros (2.35), held in cents (235); a cent fraction is a bug, not an answer. */
export const euros = z.codec(z.number(), z.number().int(), { decode: toCents, encode: toEuros });

/**
 * An amount a request gives in euros, checked by `schema` with its Italian messages, read as
 * cents. Fractions of a cent stay fractional: the decider refuses them as a rule, as ever.
 */
export const euroAmount = (schema: z.ZodNumber) => z.codec(schema, z.number(), { decode: toCents, encode: toEuros });

/**
 * The row a read model gives for an answer `schema`: its euro fields as the cents the tables hold,
 * read as they are (a row is never a request to decode). The answer's output type is the same.
 */
export function centsRow<S extends z.ZodObject>(schema: S): S {
  const cents = Object.entries(schema.shape).flatMap(([key, field]): [string, z.ZodType][] =>
    field === euros ? [[key, z.number()]] : field instanceof z.ZodNullable && field.unwrap() === euros ? [[key, z.number().nullable()]] : [],
  );
  return (cents.length ? schema.extend(Object.fromEntries(cents)) : schema) as S;
}

/**
 * Data shown as it is, without a schema of its own (the admin's history of events and states):
 * every `…Cents` amount at any depth as the euros the API speaks, under its name without the
 * suffix (`totalCents: 580` → `total: 5.8`), as events written before cents showed it.
 */
export function centsAsEuros(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(centsAsEuros);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) =>
      key.endsWith('Cents') && key.length > 'Cents'.length && (typeof field === 'number' || field === null)
        ? [key.slice(0, -'Cents'.length), field === null ? null : toEuros(field)]
        : [key, centsAsEuros(field)],
    ),
  );
}
