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

const centsSuffix = 'Cents';
const isCentsField = (key: string, field: unknown): boolean => key.length > centsSuffix.length && key.endsWith(centsSuffix) && (typeof field === 'number' || field === null);

/**
 * JSON.stringify's replacer for data shown as it is, without a schema of its own (the admin's
 * history of events and states): every `…Cents` amount at any depth as the euros the API speaks,
 * under its name without the suffix (`totalCents: 580` → `total: 5.8`), as events written before
 * cents showed it. Only an object with such a field is copied; the serializer walks the rest once.
 */
export function eurosForCents(_key: string, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  let hasCents = false;
  for (const key in record) if (isCentsField(key, record[key])) hasCents = true;
  if (!hasCents) return value;
  const shown: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) {
    if (isCentsField(key, field)) shown[key.slice(0, -centsSuffix.length)] = field === null ? null : toEuros(field as number);
    else shown[key] = field;
  }
  return shown;
}

/** `value` as JSON data with its amounts in euros (eurosForCents). */
export const centsAsEuros = (value: unknown): unknown => JSON.parse(JSON.stringify(value, eurosForCents) ?? 'null');
