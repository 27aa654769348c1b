import type { Logger } from 'pino';
import type { UpkeepReport } from '../../platform/processes/upkeep.js';
import { systemContext } from '../../platform/domain/context.js';
import type { PeriodicJob, ProcessDeps } from '../../platform/module.js';
import { changeCredits, finishTransfers } from './commands.js';
import { EXPIRY_NOTICE_DAYS } from './ledger.js';

export type CreditsExpiryReport = UpkeepReport<'noticed' | 'expired'>;

/** Ledgers looked at in one run; the next run takes the rest. */
const perRun = 1000;

/**
 * Tells the owners of credits expiring within 30 days, and expires what is left of the lots past
 * their 12 months, however long ago, so a start after downtime catches up. The lots' read model
 * says which ledgers to look at; each ledger decides on itself, so a second run, or two processes
 * at once, add nothing.
 */
export async function expireDueCredits(deps: ProcessDeps, now: Date, logger?: Pick<Logger, 'warn'>): Promise<CreditsExpiryReport> {
  const report: CreditsExpiryReport = { noticed: 0, expired: 0, failed: 0 };
  const horizon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * 86_400_000);
  const { rows } = await deps.pool.query<{ user_id: string }>(
    `SELECT DISTINCT user_id FROM credit_lots
     WHERE NOT closed AND remaining > 0 AND (expires_at <= $1 OR (NOT noticed AND expires_at <= $2))
     LIMIT ${perRun}`,
    [now, horizon],
  );
  const ctx = systemContext(now);
  for (const { user_id: userId } of rows) {
    try {
      report.expired += (await changeCredits(deps.store, userId, { type: 'ExpireCredits', now }, ctx)).events.length;
      report.noticed += (await changeCredits(deps.store, userId, { type: 'NoticeExpiry', now }, ctx)).events.length;
    } catch (err) {
      report.failed++;
      logger?.warn({ err, userId }, 'crediti: la scadenza dei lotti non è riuscita');
    }
  }
  return report;
}

/** The upkeep's job: notices 30 days before, the end of the credits past their 12 months, and transfers a crash stopped halfway finished. */
export const creditsExpiryJob: PeriodicJob = {
  name: 'credits expiry',
  async run(deps, now, logger) {
    const report = await expireDueCredits(deps, now, logger);
    const finished = await finishTransfers(deps, now);
    if (report.noticed || report.expired || report.failed || finished) logger?.info({ ...report, transfersFinished: finished }, 'credits noticed, expired or transfers finished');
  },
};
