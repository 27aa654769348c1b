import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { registerUser } from '../../../src/modules/users/commands.js';
import { systemContext, type Role } from '../../../src/platform/domain/context.js';
import { startSystem, type System } from '../../../src/system.js';
import { appOn } from '../../../tests/support/system-app.js';
import { Cleanup, openBenchDatabase, type BenchDatabase } from './database.js';
import { Report } from './report.js';

/** The product's system on a database of the benchmark's own (openBenchDatabase); `cleanup` stops it. */
export async function startBenchSystem(cleanup: Cleanup): Promise<{ database: BenchDatabase; system: System }> {
  const database = await openBenchDatabase(cleanup);
  const system = await startSystem({ DATABASE_URL: database.url, DATA_DIR: '/nonexistent' }, { secret: randomBytes(32) });
  cleanup.add('stop the system', () => system.stop());
  return { database, system };
}

/** What a benchmark's run is given: its system on a database of its own, its report, and what stops it all. */
export interface Bench {
  database: BenchDatabase;
  system: System;
  report: Report;
  cleanup: Cleanup;
}

/** A benchmark's frame: `run` on a bench system, its report printed under `title` however the run ends, then everything stopped. */
export async function benchmark(title: string, run: (bench: Bench) => Promise<void>): Promise<void> {
  const cleanup = new Cleanup();
  const report = new Report();
  try {
    const { database, system } = await startBenchSystem(cleanup);
    await run({ database, system, report, cleanup });
  } finally {
    console.log(`\n${title}\n`);
    report.print();
    await cleanup.runAll();
  }
}

/**
 * The product's HTTP app on `system` as production runs it, on 127.0.0.1 until `cleanup`: its base
 * URL. `noop` adds /api/bench/noop with that method, answering without any work behind the same
 * server, session and same-origin hooks and logging: the baseline the calls are measured against.
 */
export async function serveBench(
  system: System,
  cleanup: Cleanup,
  { webRoot = null, noop, stripeApiUrl, routes }: { webRoot?: string | null; noop?: 'GET' | 'POST'; stripeApiUrl?: string; routes?: (app: FastifyInstance) => void } = {},
): Promise<string> {
  const app = await appOn(system, { config: { NODE_ENV: 'production', READ_MODEL_WAIT_MS: 5000, LOG_LEVEL: 'silent', STRIPE_API_URL: stripeApiUrl }, webRoot });
  if (noop) app.route({ method: noop, url: '/api/bench/noop', handler: async () => ({ ok: true }) });
  // A benchmark's own calls into the product's commands, behind the same server, session and hooks.
  routes?.(app);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  cleanup.add('close the app', () => app.close());
  return base;
}

/** A new user, registered through the command and logged in over HTTP at `base`: its id and the Cookie header of its session. */
export async function loggedInOver(
  base: string,
  system: System,
  user: { username: string; name: string; email: string; password: string; role: Role },
): Promise<{ id: string; cookie: string }> {
  const { userId, position } = await registerUser(system, user, systemContext(), { ignoreClosedRegistration: true });
  await system.projections.waitFor(position!, 60_000);
  return { id: userId, cookie: await sessionOver(base, user.username, user.password) };
}

/** The Cookie header of a session of an existing user (a seeded one, say), logged in over HTTP at `base`. */
export async function sessionOver(base: string, username: string, password: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!login.ok) throw new Error(`login of ${username} ${login.status}: ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Logs in `usernames` (all with `password`) over HTTP, `parallel` at a time: their Cookie headers, in order. */
export async function sessionsOver(base: string, usernames: string[], password: string, parallel = 4): Promise<string[]> {
  const cookies = new Array<string>(usernames.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < usernames.length) {
        const i = next++;
        cookies[i] = await sessionOver(base, usernames[i]!, password);
      }
    }),
  );
  return cookies;
}
