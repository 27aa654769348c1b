/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerWriterOf, writeAnswer } from './answers.js';
import { noContent, type Endpoint } from './contract.js';
import { euros } from './money.js';

const line = z.object({ name: z.string(), price: euros, note: z.string().nullable(), tags: z.array(z.string()).optional() });
const page = z.object({ items: z.array(line), total: z.number().int(), byShop: z.record(z.string(), euros), state: z.enum(['aperto', 'chiuso']) });
const value = {
  items: [
    { name: 'Caffè', price: 245, note: null, tags: ['bio'], internal: 'not for the answer' },
    { name: 'Pane', price: 130, note: 'fresco' },
  ],
  total: 2,
  byShop: { a: 375 },
  state: 'aperto' as const,
};

describe('answers are written from their contract', () => {
  it('writes cents as euros, leaves out what the schema does not name, keeps nulls and absent fields as zod does', () => {
    const expected = JSON.stringify(z.encode(page, value));
    expect(JSON.parse(expected).items[0]).toEqual({ name: 'Caffè', price: 2.45, note: null, tags: ['bio'] });
    for (const check of [false, true]) expect(writeAnswer(page, value, check)).toBe(expected);
  });

  it('checks answers against the contract when asked (development and tests), not in production', () => {
    const wrong = { ...value, total: 'due' };
    expect(() => writeAnswer(page, wrong, true)).toThrow(z.ZodError);
    expect(JSON.parse(writeAnswer(page, wrong, false)).total).toBe('due');
  });

  it('leaves to zod what only a check can write (a union of objects)', () => {
    const either = z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]);
    expect(answerWriterOf(either)).toBeNull();
    expect(writeAnswer(either, { b: 'x', c: 1 }, false)).toBe('{"b":"x"}');
    expect(answerWriterOf(z.union([z.literal('a'), z.number()]))).not.toBeNull();
  });

  it('compiles the answers of nearly every call the contracts declare', () => {
    const contracts = import.meta.glob(['../../modules/*/contract.ts', './platform-contract.ts'], { eager: true });
    const calls = Object.values(contracts)
      .flatMap((exports) => Object.values(exports as Record<string, unknown>))
      .flatMap((api) => (api && typeof api === 'object' ? Object.values(api) : []))
      .filter((call): call is Endpoint => Boolean(call && typeof call === 'object' && 'method' in call && 'schema' in call));
    const answers = calls.flatMap((call) => Object.values(call.schema.response)).filter((schema) => schema !== noContent);
    expect(answers.length).toBeGreaterThan(50);
    const leftToZod = answers.filter((schema) => !answerWriterOf(schema));
    expect(leftToZod.length).toBeLessThan(answers.length / 10);
  });
});
