import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runningEmbeddedPostgres } from '../src/platform/db/embedded.js';
import { hangAfter } from './support/time-limits.js';

/*
 * `npm start` as a newcomer runs it: a real process on the embedded default, stopped with Ctrl-C,
 * started again on the same data.
 */

let dataDir: string;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'vicino-start-'));
  await chmod(root, 0o755);
  dataDir = path.join(root, 'data');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** `detached`: the app leads a process group of its own, as a shell's foreground job does (for a terminal's Ctrl-C). */
async function start(env: Record<string, string> = {}, { detached = false } = {}): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  started.add(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in ${hangAfter(60_000) / 1000} s:\n${out}`)), hangAfter(60_000));
    child.stdout.on('data', () => {
      const match = /pronto su (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${out}`));
    });
  });
  return { child, url, output: () => out };
}

/** Apps a test started: one that failed halfway leaves none running to hold the data for the next (issue [25]). */
const started = new Set<ChildProcess>();
afterEach(async () => {
  for (const child of started) {
    started.delete(child);
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), hangAfter(20_000)))]);
    if (!stopped) child.kill('SIGKILL');
  }
});

async function stop(running: Running): Promise<number | null> {
  running.child.kill('SIGINT');
  const [code] = await once(running.child, 'exit');
  return code as number | null;
}

/** The PostgreSQL server processes running on the data folder `dir` (their pids). */
function postgresOn(dir: string): number[] {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n');
  return lines.filter((line) => /\bpostgres\b/.test(line) && line.includes(`-D ${dir} `)).map((line) => Number(line.trim().split(/\s+/)[0]));
}

async function login(url: string, username: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return res.status;
}

/** What the running app's embedded database holds: events, people, shops and products. */
interface Counts {
  events: number;
  users: number;
  stores: number;
  products: number;
}

async function counts(): Promise<Counts> {
  const server = await runningEmbeddedPostgres(path.join(dataDir, 'pg'));
  if (!server) throw new Error('the app is not running');
  const client = new pg.Client({ connectionString: server.urlFor('vicino') });
  await client.connect();
  try {
    const { rows } = await client.query<Counts>(
      `SELECT (SELECT count(*) FROM es_events)::int AS events, (SELECT count(*) FROM users)::int AS users,
              (SELECT count(*) FROM stores)::int AS stores, (SELECT count(*) FROM products)::int AS products`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

describe('npm start on the embedded default', () => {
  it('migrates, seeds, prints the URL and the demo accounts, and answers', async () => {
    const app = await start({ ADMIN_USERNAME: 'capo', ADMIN_PASSWORD: 'capo-segreto' });
    expect(app.output()).toContain('admin / vicino-admin');
    expect(app.output()).toContain('negoziante / vicino-negozio');
    expect(app.output()).toContain('cliente / vicino-cliente');
    expect(app.output()).toContain('collaboratore / vicino-collabora');
    expect(app.output()).toContain(`Database: ${path.join(dataDir, 'pg')} (PostgreSQL incorporato)`);
    const health = (await (await fetch(`${app.url}/api/health`)).json()) as { status: string };
    expect(health.status).toBe('ok');
    expect(await login(app.url, 'negoziante', 'vicino-negozio')).toBe(200);
    expect(await login(app.url, 'capo', 'capo-segreto')).toBe(200);
    expect(await stop(app)).toBe(0);
    // Ctrl-C stopped the embedded PostgreSQL as well.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });

  it(
    "stops quietly on a terminal's Ctrl-C (SIGINT to the whole process group): the app first, its database after",
    async () => {
      const app = await start({ LOG_LEVEL: 'info' }, { detached: true });
      const where = /Database: (.+) \(PostgreSQL incorporato\)/.exec(app.output())![1]!;
      try {
        expect(postgresOn(where)).toHaveLength(1);
        expect(await login(app.url, 'cliente', 'vicino-cliente')).toBe(200);
        // Work under way when the signal comes: registrations, each an append the read models apply.
        let going = true;
        let answered = 0;
        const register = async (i: number): Promise<void> => {
          for (let n = 0; going; n++) {
            const username = `ctrlc${i}x${n}${Date.now() % 100000}`;
            await fetch(`${app.url}/api/register`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ username, name: 'Prova Rossi', email: `${username}@esempio.it`, password: 'prova-pass', role: 'customer' }),
            }).then(
              () => (answered += 1),
              () => (going = false),
            );
          }
        };
        const load = Array.from({ length: 8 }, (_, i) => register(i));
        // The signal comes with work under way, after some answered: counted, not timed (a busy
        // machine answers fewer in a second).
        await expect.poll(() => answered, { timeout: hangAfter(30_000) }).toBeGreaterThan(8);
        const exited = once(app.child, 'exit');
        // As a terminal does: to every process of the foreground group, the app and whatever it started in it.
        const signalled = Date.now();
        process.kill(-app.child.pid!, 'SIGINT');
        const [code] = await exited;
        // In-flight requests finish, kept-alive connections do not hold the stop for their 72 s (a
        // bound on a hang, not a speed: a loaded machine stops in more than the quiet one's seconds).
        expect(Date.now() - signalled).toBeLessThan(60_000);
        going = false;
        await Promise.all(load);
        expect(code, app.output()).toBe(0);
        // The console (issue [19]): the banner and the stop said in Italian, none of the requests'
        // lines, no error; the log file under the data folder has every line.
        expect(app.output()).toContain('Vicino si è fermato.');
        expect(app.output()).toContain(`Registro (richieste e dettagli): ${path.join(dataDir, 'logs', 'vicino.log')}`);
        expect(app.output()).not.toMatch(/"msg"|\b(errore|errore grave):/);
        expect(app.output()).not.toMatch(/^\s+at /m);
        const log = await readFile(path.join(dataDir, 'logs', 'vicino.log'), 'utf8');
        const lines = log.split('\n');
        expect(lines.filter((line) => /"level":(5\d|6\d)/.test(line))).toEqual([]);
        expect(lines.filter((line) => line.includes('"msg":"request"')).length).toBeGreaterThan(8);
        expect(`${log}${app.output()}`).not.toMatch(/EPIPE|retrying/);
        expect(lines.find((line) => line.includes('"msg":"stopped"'))).toBeDefined();
        // The embedded PostgreSQL was stopped by the app, after it: no server left on the data.
        expect(postgresOn(where)).toEqual([]);
        expect(existsSync(path.join(where, 'postmaster.pid'))).toBe(false);
      } finally {
        // Never a server left behind on the machine, whatever failed above.
        for (const pid of postgresOn(where)) {
          try {
            process.kill(pid, 'SIGQUIT');
          } catch {
            // Gone meanwhile.
          }
        }
        if (app.child.exitCode === null) process.kill(-app.child.pid!, 'SIGKILL');
      }
    },
    hangAfter(120_000),
  );

  it('keeps the data and the session key on the next start, and does not seed again', async () => {
    const app = await start();
    const seeded = await counts();
    expect(seeded.users).toBeGreaterThanOrEqual(5);
    expect(seeded.stores).toBeGreaterThan(0);
    const res = await fetch(`${app.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nuovo', name: 'Nuovo Cliente', email: 'nuovo@esempio.it', password: 'nuovo-pass', role: 'customer' }),
    });
    expect(res.status).toBe(201);
    // Registering logged the new user in: this cookie must outlive the restart.
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const before = await counts();
    expect(before.users).toBe(seeded.users + 1);
    const key = await readFile(path.join(dataDir, 'session.key'), 'utf8');
    expect(key.trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(await stop(app)).toBe(0);

    const again = await start();
    expect(await counts()).toEqual(before);
    expect(await readFile(path.join(dataDir, 'session.key'), 'utf8')).toBe(key);
    const me = await fetch(`${again.url}/api/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe('nuovo');
    expect(await login(again.url, 'nuovo', 'nuovo-pass')).toBe(200);
    expect(await login(again.url, 'cliente', 'vicino-cliente')).toBe(200);
    expect(await stop(again)).toBe(0);
  });

  it('starts empty with SEED=false, in a folder only its owner may enter, and says where the data lives', async () => {
    // A clone in a home of mode 700 (like /root): as root the server's user cannot enter it.
    const home = path.join(root, 'casa privata');
    await mkdir(home, { mode: 0o700 });
    await chmod(home, 0o700);
    const app = await start({ DATA_DIR: path.join(home, '.data'), SEED: 'false' });
    const where = /Database: (.+) \(PostgreSQL incorporato\)/.exec(app.output())?.[1];
    try {
      expect(app.output()).not.toContain('vicino-admin');
      expect(await login(app.url, 'admin', 'vicino-admin')).toBe(401);
      expect(where).toEqual(process.getuid?.() === 0 ? expect.stringMatching(/^\/var\/lib\/vicino\/data\/casa_privata_\.data-[0-9a-f]{12}\/pg$/) : path.join(home, '.data', 'pg'));
      expect(existsSync(path.join(where!, 'PG_VERSION'))).toBe(true);
      expect(await stop(app)).toBe(0);
    } finally {
      if (where?.startsWith('/var/lib/vicino/')) await rm(path.dirname(where), { recursive: true, force: true });
    }
  });

  it('a database that cannot start ends with one line naming the cause and what to do', async () => {
    const file = path.join(root, 'un-file');
    await writeFile(file, '');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: file, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(err.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Vicino non si è avviato: La cartella dei dati .*un-file\/pg non è utilizzabile \(E[A-Z]+: .*\): scegli un altro DATA_DIR, oppure imposta DATABASE_URL$/,
      ),
    ]);
  });

  it('refuses a wrong setting with one clear line', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, PORT: 'tremila', DATA_DIR: path.join(root, 'never') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(err.trim()).toMatch(/^Configurazione non valida: PORT: /);
    expect(existsSync(path.join(root, 'never'))).toBe(false);
  });
});
