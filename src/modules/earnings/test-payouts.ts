import type { Logger } from 'pino';
import { systemContext } from '../../platform/domain/context.js';
import type { PeriodicJob, ProcessDeps } from '../../platform/module.js';
import { payOutTestAccount } from '../payments/sandbox-payouts.js';
import { addDays, romeDate } from '../reservations/reservation.js';
import { PAYOUT_DELAY_DAYS } from './queries.js';

/*
 * The test payments' payout schedule (issue [20]): once a day, each shop's test account pays its
 * available balance (the shop's part of the test sales older than the payout delay, less what was
 * paid out) to the shop's bank, as Stripe pays a connected account's on its daily schedule, so the
 * demo shows payouts without a bank. One payout a day per account: its id is the account's and the
 * Rome day's, so a run again, or two processes at once, pay nothing more.
 */

const perRun = 500;

export async function payOutTestAccounts(deps: ProcessDeps, now: Date, logger?: Pick<Logger, 'warn'>): Promise<{ paid: number; failed: number }> {
  const day = romeDate(now);
  const delay = PAYOUT_DELAY_DAYS.sandbox ?? 0;
  const { rows } = await deps.pool.query<{ account_id: string; store_id: string; available: string }>(
    `SELECT account_id, store_id, available FROM (
       SELECT a.account_id, a.holder_id AS store_id,
         sum(m.net_cents) - greatest(coalesce(sum(m.net_cents) FILTER (WHERE m.payment_id IS NOT NULL AND m.at > $1::timestamptz - make_interval(days => $2)), 0), 0) AS available
       FROM payment_accounts a
       JOIN earnings_movements m ON m.holder_kind = a.holder_kind AND m.holder_id = a.holder_id AND m.provider = 'sandbox'
       WHERE a.provider = 'sandbox' AND a.holder_kind = 'store' AND a.payouts_enabled
         AND NOT EXISTS (SELECT 1 FROM earnings_payouts p WHERE p.provider = 'sandbox' AND p.payout_id = 'sbxpo_' || replace(a.holder_id::text, '-', '') || '_' || $3)
       GROUP BY a.account_id, a.holder_id
     ) due
     WHERE available > 0
     LIMIT ${perRun}`,
    [now, delay, day.replaceAll('-', '')],
  );
  const ctx = systemContext(now);
  const arrivalDate = addDays(day, 1);
  let paid = 0;
  let failed = 0;
  for (const row of rows) {
    const payoutId = `sbxpo_${row.store_id.replaceAll('-', '')}_${day.replaceAll('-', '')}`;
    try {
      await payOutTestAccount(deps, { accountId: row.account_id, payoutId, amountCents: Number(row.available), arrivalDate }, ctx);
      paid++;
    } catch (err) {
      failed++;
      logger?.warn({ err, storeId: row.store_id }, 'incassi: il bonifico di prova non è riuscito');
    }
  }
  return { paid, failed };
}

export const testPayoutsJob: PeriodicJob = {
  name: 'earnings: test payouts',
  async run(deps, now, logger) {
    const report = await payOutTestAccounts(deps, now, logger);
    if (report.paid || report.failed) logger?.info(report, 'test payouts made');
  },
};
