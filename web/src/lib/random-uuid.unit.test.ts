import { describe, expect, it } from 'vitest';
import { randomUuid } from './random-uuid';

const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  it('builds a version 4 UUID from random bytes where crypto.randomUUID is missing (plain http)', () => {
    const insecure = { getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => globalThis.crypto.getRandomValues(bytes) };
    const ids = new Set(Array.from({ length: 100 }, () => randomUuid(insecure)));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(v4);
  });

  it('sets the version and variant bits whatever the bytes', () => {
    const ones = { getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => bytes.fill(0xff) };
    expect(randomUuid(ones)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('uses crypto.randomUUID where the browser has it', () => {
    expect(randomUuid({ randomUUID: () => 'from-the-browser', getRandomValues: (a) => a })).toBe('from-the-browser');
    expect(randomUuid()).toMatch(v4);
  });
});
