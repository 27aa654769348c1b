import { scrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, scryptCost, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it.each([
    ['production', 32768],
    ['development', 32768],
    [undefined, 32768],
    ['test', 1024],
  ])('hashes at scrypt cost N for NODE_ENV %s: %i', (nodeEnv, cost) => {
    expect(scryptCost({ NODE_ENV: nodeEnv })).toBe(cost);
  });

  it('stores the scheme and its cost beside the hash, and verifies only the same password', async () => {
    const hash = await hashPassword('segreta1');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('segreta1', hash)).toBe(true);
    expect(await verifyPassword('segreta2', hash)).toBe(false);
  });

  it('verifies a password hashed at the full cost', async () => {
    // 'segreta1' at N=2^15, as the app stores it.
    const salt = Buffer.alloc(16, 7);
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt('segreta1', salt, 64, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (err, k) => (err ? reject(err) : resolve(k))),
    );
    const stored = ['scrypt', 32768, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('segreta1', stored)).toBe(true);
    expect(await verifyPassword('segreta!', stored)).toBe(false);
  });
});
