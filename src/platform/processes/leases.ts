import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Pool } from '../db/pool.js';

/** Background work that runs in one app process at a time, whichever holds its lease. */
export interface SingleWorker {
  /** Unique among the workers: names the lease (and the worker in /api/health). */
  name: string;
  start(): { stop(): Promise<void> };
}

export interface WorkerStatus {
  name: string;
  /** True while this process holds the worker's lease and runs it. */
  activeHere: boolean;
}

/** The advisory locks' first key: the workers' own space, apart from the projections' locks. */
const workerLockSpace = 15;

/**
 * Runs each worker (the upkeep's jobs, the outbox senders, the read-model workers) in exactly one
 * of the app processes that share the database, as the projections' runners are: a worker runs
 * where its lease is held, a session advisory lock on one connection of this process's own. The
 * other processes try for the leases they lack every `retryMs`; when the holder dies (kill -9, a
 * lost connection), PostgreSQL drops its locks with its connection and another process starts
 * the worker within `retryMs`. A process that loses its connection stops its workers at once,
 * before trying again: a worker never goes on without its lease.
 *
 * What a worker does is still decided once by the aggregates (each step an event appended at the
 * expected revision), so the moment two processes might overlap (a connection lost unnoticed
 * while its lock is already free) costs wasted work, never work done twice.
 */
export function startSingleWorkers(
  pool: Pool,
  workers: readonly SingleWorker[],
  { retryMs = 2_000, logger }: { retryMs?: number; logger?: Logger } = {},
): { ready: Promise<void>; status(): WorkerStatus[]; stop(): Promise<void> } {
  const names = new Set<string>();
  for (const worker of workers) {
    if (names.has(worker.name)) throw new Error(`Two workers named ${worker.name}`);
    names.add(worker.name);
  }
  const running = new Map<string, { stop(): Promise<void> }>();
  const abort = new AbortController();
  let client: pg.Client | null = null;
  let connectionLost = false;

  async function stopAll(): Promise<void> {
    const stopping = [...running.values()];
    running.clear();
    await Promise.all(stopping.map((w) => w.stop().catch((err: unknown) => logger?.error({ err }, 'un processo di lavoro non si è fermato'))));
  }

  async function dropConnection(): Promise<void> {
    const c = client;
    client = null;
    connectionLost = false;
    await stopAll();
    await c?.end().catch(() => {});
  }

  /** One round: the connection (again, if lost), then every lease not held yet. */
  async function round(): Promise<void> {
    if (connectionLost) await dropConnection();
    if (!client) {
      const next = new pg.Client({ ...pool.options, application_name: 'vicino-workers' });
      const lost = () => {
        if (client !== next) return;
        connectionLost = true;
        // Its locks are gone with it: the workers stop now, not at the next round.
        void stopAll();
      };
      next.on('error', lost);
      next.on('end', lost);
      await next.connect();
      client = next;
    }
    for (const worker of workers) {
      if (running.has(worker.name) || abort.signal.aborted) continue;
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [workerLockSpace, worker.name]);
      if (!rows[0]?.ok) continue;
      try {
        running.set(worker.name, worker.start());
        logger?.debug({ worker: worker.name }, 'worker started here');
      } catch (err) {
        logger?.error({ err, worker: worker.name }, 'un processo di lavoro non è partito; lascia il turno a un altro processo');
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [workerLockSpace, worker.name]);
      }
    }
    // A lease held on a connection that died unnoticed is no lease: ask it now and then.
    if (running.size) await client.query('SELECT 1');
  }

  async function roundSafely(): Promise<void> {
    try {
      await round();
    } catch (err) {
      if (abort.signal.aborted) return;
      logger?.warn({ err }, 'processi di lavoro: connessione al database persa, e i turni con essa; riprovo');
      await dropConnection();
    }
  }

  const ready = roundSafely();
  const loop = (async () => {
    await ready;
    while (!abort.signal.aborted) {
      await sleep(retryMs, undefined, { signal: abort.signal }).catch(() => {});
      if (abort.signal.aborted) break;
      await roundSafely();
    }
  })();

  return {
    ready,
    status: () => workers.map((w) => ({ name: w.name, activeHere: running.has(w.name) })),
    async stop() {
      abort.abort();
      await loop;
      await dropConnection();
    },
  };
}
