import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { payoutFailureInItalian } from '../payments/labels.js';
import { accountHolderKinds, accountStatusOf } from '../payments/payment-account.js';
import type { ReadList } from '../../platform/db/read-page.js';
import type { PlatformAccount, PlatformAccountsQuery, PlatformEarnings } from './contract.js';
import { payoutDelayOfMovement } from './queries.js';

/*
 * The platform's takings for the admin (issue [20]): its revenue by month (the commissions kept on
 * the shops' sales, the plans and the AI credits it sells), each shop's and collaborator's payment
 * accounts with what the providers hold for them (a page at a time), and the payouts that failed, to look at.
 */

/** How many months of revenue and failed payouts the page shows (the accounts are paged). */
export const REVENUE_MONTHS = 12;
export const FAILED_PAYOUTS_SHOWN = 50;

const countRow = z.object({ count: z.number() });
const revenueRow = z.object({ month: z.string(), commissions: z.number(), plans: z.number(), credits: z.number() });
const accountRow = z.object({
  holderKind: z.enum(accountHolderKinds),
  holderId: column.uuid,
  holderName: z.string(),
  provider: z.string(),
  accountId: z.string(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  missing: z.array(z.string()),
  disabledReason: z.string().nullable(),
  balance: z.number(),
  pending: z.number(),
  lastPayoutAt: column.time.nullable(),
  failedPayouts: z.number(),
});
const failedRow = z.object({
  holderKind: z.enum(accountHolderKinds),
  holderId: column.uuid,
  holderName: z.string().nullable(),
  provider: z.string(),
  payoutId: z.string(),
  amount: z.number(),
  failureCode: z.string().nullable(),
  failureMessage: z.string().nullable(),
  wasPaid: z.boolean(),
  failedAt: column.time,
});

export async function platformEarningsOf(db: ReadDb, now: Date): Promise<PlatformEarnings> {
  const at = now.toISOString();
  const revenue = await db.any(sql.type(revenueRow)`
    WITH months AS (
      SELECT to_char(date_trunc('month', (${at}::timestamptz AT TIME ZONE 'Europe/Rome')) - make_interval(months => n), 'YYYY-MM') AS month
      FROM generate_series(0, ${REVENUE_MONTHS - 1}) AS n
    ),
    fees AS (
      SELECT to_char(m.at AT TIME ZONE 'Europe/Rome', 'YYYY-MM') AS month, sum(m.fee_cents) AS cents FROM earnings_movements m
      WHERE m.payment_id IS NOT NULL AND m.at >= (${at}::timestamptz - make_interval(months => ${REVENUE_MONTHS + 1})) GROUP BY 1
    ),
    sold AS (
      SELECT to_char(t.completed_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM') AS month,
        sum(t.amount_cents - t.refunded_cents) FILTER (WHERE t.transaction_type = 'package_purchase') AS plans,
        sum(t.amount_cents - t.refunded_cents) FILTER (WHERE t.transaction_type = 'credit_purchase') AS credits
      FROM payment_transactions t
      WHERE t.status IN ('completed', 'refunded') AND t.completed_at >= (${at}::timestamptz - make_interval(months => ${REVENUE_MONTHS + 1})) GROUP BY 1
    )
    SELECT months.month, coalesce(fees.cents, 0)::float8 AS commissions, coalesce(sold.plans, 0)::float8 AS plans, coalesce(sold.credits, 0)::float8 AS credits
    FROM months LEFT JOIN fees USING (month) LEFT JOIN sold USING (month) ORDER BY months.month DESC`);
  const failed = await db.any(sql.type(failedRow)`
    SELECT p.holder_kind AS "holderKind", p.holder_id AS "holderId", coalesce(s.name, u.name) AS "holderName", p.provider, p.payout_id AS "payoutId",
      p.amount_cents::float8 AS amount, p.failure_code AS "failureCode", p.failure_message AS "failureMessage", p.was_paid AS "wasPaid", p.updated_at AS "failedAt"
    FROM earnings_payouts p
    LEFT JOIN stores s ON p.holder_kind = 'store' AND s.id = p.holder_id
    LEFT JOIN users u ON p.holder_kind = 'collaborator' AND u.id = p.holder_id
    WHERE p.status = 'failed' ORDER BY p.updated_at DESC LIMIT ${FAILED_PAYOUTS_SHOWN}`);
  const { count } = await db.one(sql.type(countRow)`SELECT count(*)::int AS count FROM earnings_payouts WHERE status = 'failed'`);
  return {
    revenue: revenue.map((r) => ({ ...r, total: r.commissions + r.plans + r.credits })),
    failedPayouts: failed.map(({ failureCode, ...payout }) => ({ ...payout, failure: payoutFailureInItalian(failureCode) })),
    failedPayoutsCount: count,
  };
}

/**
 * The shops' and collaborators' payment accounts, each with what the ledger holds at its provider:
 * those with a failed payout first, then by balance, then by name; each word of `q` found in the
 * holder's name (accents and case ignored).
 */
export function platformAccountList(now: Date, { q }: PlatformAccountsQuery): ReadList<typeof accountRow> {
  const at = now.toISOString();
  const words = sql.array(q ? q.split(/\s+/).filter(Boolean) : [], 'text');
  const accounts = sql.fragment`payment_accounts a
    LEFT JOIN stores s ON a.holder_kind = 'store' AND s.id = a.holder_id
    LEFT JOIN users u ON a.holder_kind = 'collaborator' AND u.id = a.holder_id`;
  const named = sql.fragment`WHERE NOT EXISTS (SELECT FROM unnest(${words}) word WHERE strpos(f_unaccent(lower(coalesce(s.name, u.name, ''))), f_unaccent(lower(word))) = 0)`;
  return {
    row: accountRow,
    select: sql.fragment`a.holder_kind AS "holderKind", a.holder_id AS "holderId", coalesce(s.name, u.name, '') AS "holderName", a.provider, a.account_id AS "accountId",
      a.charges_enabled AS "chargesEnabled", a.payouts_enabled AS "payoutsEnabled", a.details_submitted AS "detailsSubmitted", a.missing, a.disabled_reason AS "disabledReason",
      coalesce(b.balance, 0)::float8 AS balance, least(greatest(coalesce(b.pending, 0), 0), greatest(coalesce(b.balance, 0), 0))::float8 AS pending,
      p.last_payout_at AS "lastPayoutAt", coalesce(p.failed, 0)::int AS "failedPayouts"`,
    from: sql.fragment`${accounts}
    LEFT JOIN LATERAL (
      SELECT sum(m.net_cents) AS balance,
        sum(m.net_cents) FILTER (WHERE m.payment_id IS NOT NULL AND m.at > ${at}::timestamptz - make_interval(days => ${payoutDelayOfMovement})) AS pending
      FROM earnings_movements m WHERE m.holder_kind = a.holder_kind AND m.holder_id = a.holder_id AND m.provider = a.provider
    ) b ON true
    LEFT JOIN LATERAL (
      SELECT max(reported_at) FILTER (WHERE status = 'paid') AS last_payout_at, count(*) FILTER (WHERE status = 'failed') AS failed
      FROM earnings_payouts WHERE holder_kind = a.holder_kind AND holder_id = a.holder_id AND provider = a.provider
    ) p ON true
    ${named}`,
    // Counted without the balances: only the page needs them.
    countFrom: sql.fragment`${accounts} ${named}`,
    order: sql.fragment`coalesce(p.failed, 0) > 0 DESC, coalesce(b.balance, 0) DESC, coalesce(s.name, u.name, ''), a.provider, a.holder_id`,
  };
}

/** An account's row as the admin reads it: its state in one word, its balance pending and available. */
export function platformAccountOf({
  chargesEnabled,
  payoutsEnabled,
  detailsSubmitted,
  missing,
  disabledReason,
  balance,
  pending,
  ...account
}: z.output<typeof accountRow>): PlatformAccount {
  return {
    ...account,
    status: accountStatusOf({ chargesEnabled, payoutsEnabled, detailsSubmitted, missing, disabledReason, pendingVerification: [] }, account.holderKind),
    balance: { total: balance, pending, available: balance - pending },
  };
}
