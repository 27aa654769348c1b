import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * `npm install` on the oldest Node package.json promises must be quiet: no installed package may
 * ask for a newer one (EBADENGINE), or the promise is not true.
 */

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };

describe('the Node versions package.json states', () => {
  const oldest = semver.minVersion(pkg.engines.node)!.version;

  it('include the Node running the tests', () => {
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });

  it(`satisfy every installed package, from the oldest (${oldest}) up`, () => {
    const asking = Object.entries(lock.packages)
      .filter(([where, entry]) => where !== '' && !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => {
        const range = (entry.engines as { node: string }).node;
        return !semver.satisfies(oldest, range) || !semver.satisfies(process.versions.node, range);
      })
      .map(([where, entry]) => `${where}@${entry.version} wants node ${(entry.engines as { node: string }).node}`);
    expect(asking).toEqual([]);
  });
});
