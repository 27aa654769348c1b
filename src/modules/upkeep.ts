import type { Logger } from 'pino';
import type { OrderDeps } from './orders/commands.js';
import { releaseStrandedOrderHolds } from './orders/holds-process.js';
import { expireDueReservations } from './reservations/expiry-process.js';

/** How often the upkeep looks for reservations past their deadline and stock left held. */
export const UPKEEP_INTERVAL_MS = 60_000;

/**
 * Runs the reservation expiry and the orders' stock safety net at once (catching up after
 * downtime) and then every interval, one run at a time; `stop` waits for a run in progress.
 */
export function startUpkeep(deps: OrderDeps, { logger, intervalMs = UPKEEP_INTERVAL_MS }: { logger?: Logger; intervalMs?: number } = {}): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  // Each part runs even when the other failed.
  const run = () =>
    Promise.all([
      expireDueReservations(deps, new Date(), logger)
        .then((report) => (report.expired || report.released || report.failed) && logger?.info(report, 'reservations expired'))
        .catch((err: unknown) => logger?.error({ err }, 'reservation expiry failed')),
      releaseStrandedOrderHolds(deps, new Date(), logger)
        .then((report) => (report.released || report.failed) && logger?.info(report, 'stranded order holds released'))
        .catch((err: unknown) => logger?.error({ err }, 'order hold safety net failed')),
    ]);
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
