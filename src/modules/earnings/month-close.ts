import type { Logger } from 'pino';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { systemContext } from '../../platform/domain/context.js';
import type { PeriodicJob, ProcessDeps } from '../../platform/module.js';
import { statementDecider, statementStreamId } from './statement.js';
import { daysOf, monthBefore, romeMonthOf, statementOf } from './statement-queries.js';

/*
 * The month's close (issue [20]): once a month is over in Rome, each shop that had movements in it
 * gets its statement issued (the event that mails it to the shopkeeper). A shop's statement is its
 * own stream, issued once: a run again, a start after downtime, or two processes at once, issue
 * nothing more.
 */

/** Shops closed in one run; the next run takes the rest. */
const perRun = 200;

export async function closeMonth(deps: ProcessDeps, now: Date, logger?: Pick<Logger, 'warn'>): Promise<{ issued: number; failed: number }> {
  const month = monthBefore(romeMonthOf(now));
  const { from, to } = daysOf(month);
  const { rows } = await deps.pool.query<{ store_id: string }>(
    `SELECT DISTINCT m.store_id FROM earnings_movements m
     WHERE m.at >= ($1::date)::timestamp AT TIME ZONE 'Europe/Rome' AND m.at < (($2::date) + 1)::timestamp AT TIME ZONE 'Europe/Rome'
       AND NOT EXISTS (SELECT 1 FROM earnings_statements s WHERE s.store_id = m.store_id AND s.month = $3)
     LIMIT ${perRun}`,
    [from, to, month],
  );
  const ctx = systemContext(now);
  let issued = 0;
  let failed = 0;
  for (const { store_id: storeId } of rows) {
    try {
      const statement = await statementOf(deps.db, storeId, month, now);
      const { totals, openingBalance, closingBalance, invoice } = statement;
      const command = { type: 'IssueStatement' as const, storeId, month, totals, openingBalance, closingBalance, invoice };
      issued += (await handleCommand(deps.store, statementStreamId(storeId, month), statementDecider, command, ctx)).events.length;
    } catch (err) {
      failed++;
      logger?.warn({ err, storeId, month }, 'incassi: l’estratto conto del mese non è stato emesso');
    }
  }
  return { issued, failed };
}

export const monthCloseJob: PeriodicJob = {
  name: 'earnings: month close',
  async run(deps, now, logger) {
    const report = await closeMonth(deps, now, logger);
    if (report.issued || report.failed) logger?.info(report, 'monthly statements issued');
  },
};
