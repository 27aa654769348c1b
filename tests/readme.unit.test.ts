import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoAccounts, demoShops } from '../src/seed.js';

/* A newcomer logs in with what the README lists: every account the seed creates, with its password. */

const readme = readFileSync('README.md', 'utf8');

describe('README demo accounts', () => {
  const accounts = [
    ...demoAccounts.map((a) => ({ username: a.username, password: a.password })),
    // Every shop's owner gets the shopkeeper's demo password (src/seed.ts seedDemo).
    ...demoShops.map((shop) => ({ username: shop.owner.username, password: demoAccounts[1]!.password })),
  ];
  it.each(accounts)('lists $username with its password', ({ username, password }) => {
    const row = readme.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${username}\``));
    expect(row, `no README row for ${username}`).toBeDefined();
    expect(row).toContain(`\`${password}\``);
  });
});
