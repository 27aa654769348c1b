import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { startSingleWorkers, type SingleWorker } from './leases.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

/*
 * Issue [15]: each background worker runs in one process at a time, and another takes it over
 * when the holder stops, dies or loses its connection. Three "processes" here are three sets of
 * leases on one database, each with its own connection, as three app processes have.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

/** Workers that keep count of where they run, and of each start and stop in `log`. */
function counted(process: string, running: Map<string, string[]>, log: string[] = []): SingleWorker[] {
  return ['upkeep: credits expiry', 'email', 'payments'].map((name) => ({
    name,
    start() {
      running.set(name, [...(running.get(name) ?? []), process]);
      log.push(`${process} ${name} start`);
      return {
        async stop() {
          running.set(
            name,
            (running.get(name) ?? []).filter((p) => p !== process),
          );
          log.push(`${process} ${name} stop`);
        },
      };
    },
  }));
}

describe('one runner per background worker across processes', () => {
  it('runs each worker once, and another process takes it over when the holder stops or is cut off', async () => {
    const running = new Map<string, string[]>();
    const log: string[] = [];
    const processes = ['a', 'b', 'c'].map((name) => ({ name, leases: startSingleWorkers(db.pool, counted(name, running, log), { retryMs: 100 }) }));
    await Promise.all(processes.map((p) => p.leases.ready));
    const everyWorkerOnce = () => [...running.values()].every((where) => where.length === 1) && running.size === 3;
    // Bounded waits of their own (issue [25]): a loaded machine takes a lease over in more than the default second.
    const soon = { timeout: hangAfter(10_000) };
    await expect.poll(everyWorkerOnce, soon).toBe(true);
    // The status tells the same: each worker active in exactly one process.
    for (const name of running.keys()) {
      expect(processes.filter((p) => p.leases.status().find((w) => w.name === name)?.activeHere).map((p) => p.name)).toEqual(running.get(name));
    }

    // The holder of "email" stops (a process shutting down): another starts it.
    const holder = processes.find((p) => p.name === running.get('email')![0])!;
    await holder.leases.stop();
    await expect.poll(() => running.get('email'), soon).toHaveLength(1);
    expect(running.get('email')![0]).not.toBe(holder.name);
    const rest = processes.filter((p) => p !== holder);

    // The next holder's connection is cut (a network cut, PostgreSQL ending it): it stops its
    // workers at once, and they run again, once each, in whichever process takes them first (the
    // other one, or the cut-off one back on a new connection).
    const cutOff = rest.find((p) => p.name === running.get('email')![0])!;
    const heldThere = [...running.entries()].filter(([, where]) => where[0] === cutOff.name).map(([name]) => name);
    const before = log.length;
    await db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'vicino-workers' AND datname = current_database()
      AND pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 15 AND objid = hashtext('email')::oid)`);
    await expect.poll(() => heldThere.every((name) => log.slice(before).includes(`${cutOff.name} ${name} stop`)), soon).toBe(true);
    await expect.poll(everyWorkerOnce, soon).toBe(true);
    expect(rest.map((p) => p.name)).toContain(running.get('email')![0]);
    // The cut-off process gets its connection back and stands by: still one runner each.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(everyWorkerOnce()).toBe(true);

    await Promise.all(rest.map((p) => p.leases.stop()));
    expect([...running.values()].flat()).toEqual([]);
  });

  it('refuses two workers of one name', () => {
    const worker = { name: 'x', start: () => ({ stop: async () => {} }) };
    expect(() => startSingleWorkers(db.pool, [worker, worker])).toThrow(/Two workers named x/);
  });
});
