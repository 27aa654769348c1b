import type { Logger } from 'pino';
import type { PeriodicJob, ProcessDeps } from '../module.js';

/** How often the upkeep looks for work past its deadline (reservations to expire, stock left held…). */
export const UPKEEP_INTERVAL_MS = 60_000;

/**
 * Runs the modules' periodic jobs at once (catching up after downtime) and then every interval,
 * one run at a time; `stop` waits for a run in progress. Each job runs even when another failed.
 */
export function startUpkeep(
  deps: ProcessDeps,
  jobs: readonly PeriodicJob[],
  { logger, intervalMs = UPKEEP_INTERVAL_MS }: { logger?: Logger; intervalMs?: number } = {},
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    const now = new Date();
    await Promise.all(jobs.map((job) => job.run(deps, now, logger).catch((err: unknown) => logger?.error({ err }, `${job.name}: non riuscito`))));
  };
  const tick = () => {
    running = run().then(() => {
      if (!stopped) {
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      }
    });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * A periodic job running one upkeep whose report counts what it did (and what failed): the report
 * is logged as `done` when any of its counts is not zero, and a quiet run logs nothing.
 */
export function upkeepJob<R extends { [K in keyof R]: number }>(name: string, upkeep: (deps: ProcessDeps, now: Date, logger?: Logger) => Promise<R>, done: string): PeriodicJob {
  return {
    name,
    async run(deps, now, logger) {
      const report: Record<string, number> = await upkeep(deps, now, logger);
      if (Object.values(report).some((count) => count !== 0)) logger?.info(report, done);
    },
  };
}

/** What an upkeep run reports: how many items it did each thing to, and how many failed. */
export type UpkeepReport<Done extends string> = Record<Done | 'failed', number>;

/**
 * The steps of an upkeep counting in `report`: a step runs one item's work and counts it under
 * `counted` when the work did something (answers truthy); a step that throws is counted under
 * `failed` and warned about with the item it names, and the upkeep goes on with the next item.
 */
export function upkeepSteps<R extends { [K in keyof R]: number } & { failed: number }>(report: R, logger?: Pick<Logger, 'warn'>) {
  const counts: Record<keyof R, number> = report;
  return async (counted: Exclude<keyof R, 'failed'>, item: Record<string, string>, failure: string, work: () => Promise<unknown>): Promise<void> => {
    try {
      if (await work()) counts[counted]++;
    } catch (err) {
      report.failed++;
      logger?.warn({ err, ...item }, failure);
    }
  };
}
