import type { Logger } from 'pino';
import type { ProcessDeps } from '../../platform/module.js';
import { upkeepJob, upkeepSteps, type UpkeepReport } from '../../platform/processes/upkeep.js';
import { expireReservation, releaseCancelledHold } from './commands.js';
import { systemContext } from '../../platform/domain/context.js';

const batchSize = 200;

export type ExpiryReport = UpkeepReport<'expired' | 'released'>;

/**
 * Expires every open reservation whose deadline (end of its day in Rome plus the grace, kept in
 * the read model as `expires_at`) is not after `now`, however long ago it passed, so a start
 * after downtime catches up; and gives back the units of cancelled reservations whose release
 * was never written. Safe to run from several processes at once: the commands derive their
 * event ids from the reservation.
 */
export async function expireDueReservations(deps: ProcessDeps, now: Date, logger?: Pick<Logger, 'warn'>): Promise<ExpiryReport> {
  const report: ExpiryReport = { expired: 0, released: 0, failed: 0 };
  const ctx = systemContext(now);
  const steps = upkeepSteps(report, logger);
  const run = (reservationId: string, work: () => Promise<unknown>, counter: 'expired' | 'released') => steps(counter, { reservationId }, 'reservation expiry failed', work);

  // Keyset pages: the read model may not show an expiry yet, and a page is never read twice.
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const page: { rows: { id: string; expiresAt: Date }[] } = await deps.pool.query(
      `SELECT id, expires_at AS "expiresAt" FROM product_reservations
       WHERE status IN ('pending', 'confirmed', 'ready') AND expires_at <= $1
         AND ($2::timestamptz IS NULL OR (expires_at, id) > ($2, $3::uuid))
       ORDER BY expires_at, id LIMIT ${batchSize}`,
      [now, after?.at ?? null, after?.id ?? null],
    );
    const rows = page.rows;
    for (const row of rows) await run(row.id, () => expireReservation(deps, row.id, ctx), 'expired');
    if (rows.length < batchSize) break;
    const last: { id: string; expiresAt: Date } = rows[rows.length - 1]!;
    after = { at: last.expiresAt, id: last.id };
  }

  const { rows: unreleased } = await deps.pool.query<{ id: string }>(
    `SELECT id FROM product_reservations WHERE status = 'cancelled' AND stock_held > 0 AND updated_at <= $1::timestamptz - interval '1 minute' LIMIT 1000`,
    [now],
  );
  for (const row of unreleased) await run(row.id, () => releaseCancelledHold(deps, row.id, ctx), 'released');
  return report;
}

/** The upkeep's job: reservations past their deadline expire, forgotten releases are written. */
export const reservationExpiryJob = upkeepJob('reservation expiry', expireDueReservations, 'reservations expired');
