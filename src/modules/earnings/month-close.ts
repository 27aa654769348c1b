import type { Logger } from 'pino';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { systemContext } from '../../platform/domain/context.js';
import type { PeriodicJob, ProcessDeps } from '../../platform/module.js';
import type { LedgerHolder } from './queries.js';
import { statementDecider, statementStreamOf } from './statement.js';
import { daysOf, romeMonthOf, statementOf } from './statement-queries.js';

/*
 * The month's close (issue [20]): once a month is over in Rome, each shop and each collaborator
 * whose account moved in it gets its statement issued (the event that mails it to the
 * shopkeeper, or to the collaborator), months missed while no process ran among them. A
 * statement is its own stream, issued once: a run again, a start after downtime, or two
 * processes at once, issue nothing more.
 */

/** Holders closed in one run; the next run takes the rest. */
const perRun = 200;

/**
 * Issues the statements due: for each holder of a payment account, the earliest month before the
 * current one (Rome) that has movements after its latest statement's month. One month a holder a
 * run, the oldest first, so a start after months of downtime catches up a month a minute; each
 * holder found by an index probe of its ledger (holder, time), not by reading the months' movements.
 */
export async function closeMonth(deps: ProcessDeps, now: Date, logger?: Pick<Logger, 'warn'>): Promise<{ issued: number; failed: number }> {
  const current = daysOf(romeMonthOf(now)).from;
  const { rows } = await deps.pool.query<{ holder_kind: LedgerHolder['kind']; holder_id: string; month: string }>(
    `SELECT a.holder_kind, a.holder_id, to_char(first.at AT TIME ZONE 'Europe/Rome', 'YYYY-MM') AS month
     FROM (SELECT DISTINCT holder_kind, holder_id FROM payment_accounts) a
     CROSS JOIN LATERAL (SELECT max(s.month) AS last FROM earnings_statements s WHERE s.holder_kind = a.holder_kind AND s.holder_id = a.holder_id) closed
     CROSS JOIN LATERAL (
       SELECT m.at FROM earnings_movements m
       WHERE m.holder_kind = a.holder_kind AND m.holder_id = a.holder_id
         AND m.at >= coalesce(((to_date(closed.last, 'YYYY-MM') + interval '1 month')::timestamp AT TIME ZONE 'Europe/Rome'), '-infinity'::timestamptz)
         AND m.at < ($1::date)::timestamp AT TIME ZONE 'Europe/Rome'
       ORDER BY m.at LIMIT 1
     ) first
     LIMIT ${perRun}`,
    [current],
  );
  const ctx = systemContext(now);
  let issued = 0;
  let failed = 0;
  for (const { holder_kind: kind, holder_id: id, month } of rows) {
    const holder: LedgerHolder = { kind, id };
    try {
      const statement = await statementOf(deps.db, holder, month, now);
      const { totals, openingBalance, closingBalance, invoice } = statement;
      const whose = kind === 'store' ? { storeId: id } : { collaboratorId: id };
      const command = { type: 'IssueStatement' as const, ...whose, month, totals, openingBalance, closingBalance, invoice };
      issued += (await handleCommand(deps.store, statementStreamOf(holder, month), statementDecider, command, ctx)).events.length;
    } catch (err) {
      failed++;
      logger?.warn({ err, holder, month }, 'incassi: l’estratto conto del mese non è stato emesso');
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
