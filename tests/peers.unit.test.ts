import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * `.npmrc` says `legacy-peer-deps=true`, so `npm install` neither installs peers by itself nor
 * warns when one does not match (issue [19]: 84 lines of ERESOLVE warnings on a clean install,
 * all of them slonik 47 asking zod 3 beside our zod 4). That leaves the check to this test: every
 * peer an installed package asks for is installed where Node finds it, in a version it accepts,
 * or is listed below with the reason we accept it.
 */

interface LockEntry {
  version?: string;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  link?: boolean;
}

/**
 * Peers we knowingly give another version. slonik 47 (the last line running on Node 20; 48 and
 * later want Node 24) declares zod ^3, and reads zod only in `sql.interval`, which we do not use;
 * our row schemas are zod 4 and checked by our own interceptor (`src/platform/db/read.ts`).
 */
const accepted = [
  {
    packages: /^(slonik|@slonik\/[a-z-]+)$/,
    peer: 'zod',
    major: 4,
    why: 'slonik 47 reads zod only in sql.interval, which we do not use; our rows are checked by our own interceptor',
  },
];

/** Where Node finds `name` for the package installed at `where` (its own folder, then each parent's). */
function resolve(packages: Record<string, LockEntry>, where: string, name: string): string | undefined {
  let base = where;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const at = base.lastIndexOf('node_modules/');
    base = at <= 0 ? '' : base.slice(0, at - 1);
  }
}

/** The package's name from its place in the lock (`node_modules/a/node_modules/@b/c` → `@b/c`). */
function nameAt(where: string): string {
  return where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

function unmetPeers(packages: Record<string, LockEntry>): string[] {
  const unmet: string[] = [];
  for (const [where, entry] of Object.entries(packages)) {
    if (where === '' || entry.link || !entry.peerDependencies) continue;
    for (const [peer, range] of Object.entries(entry.peerDependencies)) {
      const found = resolve(packages, where, peer);
      const version = found ? packages[found]!.version : undefined;
      if (!version) {
        if (!entry.peerDependenciesMeta?.[peer]?.optional) unmet.push(`${where} asks ${peer}@${range}: missing`);
        continue;
      }
      if (semver.satisfies(version, range, { includePrerelease: true })) continue;
      if (accepted.some((known) => known.packages.test(nameAt(where)) && known.peer === peer && semver.major(version) === known.major)) continue;
      unmet.push(`${where} asks ${peer}@${range}: ${version} installed`);
    }
  }
  return unmet;
}

describe('peer dependencies, checked here since npm does not', () => {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };

  it('are met for every installed package, but for the ones accepted with a reason', () => {
    expect(unmetPeers(lock.packages)).toEqual([]);
  });

  it('accept nothing that is no longer needed (drop an entry when slonik moves on)', () => {
    const stale = accepted
      .filter(({ packages, peer }) => {
        const askers = Object.entries(lock.packages).filter(([where, entry]) => packages.test(nameAt(where)) && entry.peerDependencies?.[peer]);
        const installed = lock.packages[`node_modules/${peer}`]?.version;
        return !installed || askers.every(([, entry]) => semver.satisfies(installed, entry.peerDependencies![peer]!));
      })
      .map(({ why }) => why);
    expect(stale).toEqual([]);
  });

  it('finds a peer missing, a peer in a version refused, and a nested one Node would find', () => {
    const packages: Record<string, LockEntry> = {
      '': {},
      'node_modules/react': { version: '19.0.0' },
      'node_modules/needs-react-18': { version: '1.0.0', peerDependencies: { react: '^18' } },
      'node_modules/needs-vue': { version: '1.0.0', peerDependencies: { vue: '^3' } },
      'node_modules/maybe-vue': { version: '1.0.0', peerDependencies: { vue: '^3' }, peerDependenciesMeta: { vue: { optional: true } } },
      'node_modules/outer': { version: '1.0.0' },
      'node_modules/outer/node_modules/react': { version: '18.3.1' },
      'node_modules/outer/node_modules/inner': { version: '1.0.0', peerDependencies: { react: '^18' } },
    };
    expect(unmetPeers(packages)).toEqual(['node_modules/needs-react-18 asks react@^18: 19.0.0 installed', 'node_modules/needs-vue asks vue@^3: missing']);
  });
});
