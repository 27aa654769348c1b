import pg from 'pg';
import type { Logger } from 'pino';
import type { Pool } from '../db/pool.js';

/**
 * Where the projections' runners announce, after COMMIT, how far they got ("name position"; see
 * platform/projections/runner.ts): a worker that reads a read model wakes on its news.
 */
export const checkpointsChannel = 'vicino_checkpoints';

/** After a lost connection, listening starts again this much later. */
const reconnectMs = 5_000;

/**
 * A worker's drain that runs one at a time: a wake-up during a run is not lost but runs another
 * after it. `drainOnce` resolves with how much it did; its failure is told to `failed` and counts
 * as nothing done, so the next wake-up tries again.
 */
export function oneDrainAtATime(
  drainOnce: () => Promise<number>,
  { failed, stopped }: { failed: (err: unknown) => void; stopped: () => boolean },
): { drain(): Promise<number>; running(): Promise<number> | null } {
  let running: Promise<number> | null = null;
  let again = false;
  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let done = 0;
      do {
        again = false;
        done += await drainOnce().catch((err: unknown) => {
          failed(err);
          return 0;
        });
      } while (again && !stopped());
      return done;
    })().finally(() => {
      running = null;
    });
    return running;
  }
  return { drain, running: () => running };
}

/**
 * Calls `wake` on every NOTIFY of `channel` (or of any of `channel`s), with the notification, and
 * once listening (without one), to catch what came before; on a connection of its own that is
 * opened again when lost. A wake-up only: the worker still looks on a timer, since a notification
 * may be lost while reconnecting.
 */
export function listenFor(
  pool: Pool,
  channel: string | readonly string[],
  wake: (notification?: { channel: string; payload?: string }) => void,
  { applicationName, logger }: { applicationName: string; logger?: Logger },
): { stop(): Promise<void> } {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ ...pool.options, application_name: applicationName });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), reconnectMs).unref();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (notification) => wake(notification));
    try {
      await next.connect();
      for (const name of [channel].flat()) await next.query(`LISTEN ${name}`);
      client = next;
      if (stopped) await next.end();
      else wake();
    } catch (err) {
      logger?.warn({ err }, `${applicationName}: ascolto non riuscito, riprovo`);
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), reconnectMs).unref();
    }
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * A worker that reacts to read models: `look` runs (one at a time) when any of `readModels`
 * announces it moved on, at start (catching up after downtime) and every `pollMs` (a lost
 * notification, a deadline passing). With `gapMs`, the news of that long is looked at together
 * instead of one look for each batch. `lookNow` asks for a look at once (a timer of the worker's own).
 */
export function startReadModelWorker(
  pool: Pool,
  {
    readModels,
    look,
    applicationName,
    failed,
    logger,
    pollMs = 30_000,
    gapMs = 0,
  }: {
    readModels: readonly string[];
    look: () => Promise<number>;
    applicationName: string;
    failed: (err: unknown) => void;
    logger?: Logger;
    pollMs?: number;
    gapMs?: number;
  },
): { stop(): Promise<void>; lookNow(): void } {
  let stopped = false;
  const { drain, running } = oneDrainAtATime(look, { failed, stopped: () => stopped });
  const news = new RegExp(`^(${readModels.join('|')}) \\S+$`, 'm');
  let soon: NodeJS.Timeout | null = null;
  const wake = () => {
    if (!gapMs) return void drain();
    soon ??= setTimeout(() => {
      soon = null;
      void drain();
    }, gapMs);
  };
  const listening = listenFor(
    pool,
    checkpointsChannel,
    (notification) => {
      if (!notification || news.test(notification.payload ?? '')) wake();
    },
    { applicationName, logger },
  );
  const timer = setInterval(() => void drain(), pollMs).unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      await listening.stop();
      await running();
    },
    lookNow: () => void drain(),
  };
}
