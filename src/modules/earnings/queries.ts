import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { payoutFailureInItalian } from '../payments/labels.js';
import type { AccountHolderKind } from '../payments/payment-account.js';
import { movementKinds, type ShopEarnings } from './contract.js';

/** Whose ledger: a shop's, or a collaborator's (issue [20]: paid by transfer to their account). */
export interface LedgerHolder {
  kind: AccountHolderKind;
  id: string;
}
/** SQL: the movements `m` of `holder`. */
export const ofHolder = (holder: LedgerHolder) => sql.fragment`m.holder_kind = ${holder.kind} AND m.holder_id = ${holder.id}`;

/** How many movements a page lists at most. */
export const MOVEMENTS_SHOWN = 200;
/** How many of the latest payouts the page lists. */
export const PAYOUTS_SHOWN = 10;

/**
 * How many days after a sale a provider makes its money available to pay out (Stripe's standard
 * payout schedule in Italy is seven days rolling; the test payments pay out after two). Until then
 * the shop's part of it is pending. The provider's own balance is the last word (reconciliation).
 */
export const PAYOUT_DELAY_DAYS: Readonly<Record<string, number>> = { stripe: 7, sandbox: 2 };
/** SQL: the payout delay in days of the provider of movement `m` (PAYOUT_DELAY_DAYS). */
export const payoutDelayOfMovement = sql.fragment`(CASE m.provider ${sql.join(
  Object.entries(PAYOUT_DELAY_DAYS).map(([provider, days]) => sql.fragment`WHEN ${provider} THEN ${days}::int`),
  sql.fragment` `,
)} ELSE 0 END)`;

/**
 * A shop's balance at the providers: the shop's part of every movement, less the payouts; of it,
 * the part of the sales (and their refunds and chargebacks) younger than their provider's payout
 * delay is pending, the rest available (never below nothing, never above the total).
 */
export function balanceOf(holder: LedgerHolder, now: Date, provider?: string) {
  return sql.fragment`(SELECT jsonb_build_object('total', total, 'pending', least(greatest(pending, 0), greatest(total, 0))) FROM (
    SELECT coalesce(sum(m.net_cents), 0)::float8 AS total,
      coalesce(sum(m.net_cents) FILTER (WHERE m.payment_id IS NOT NULL AND m.at > ${now.toISOString()}::timestamptz - make_interval(days => ${payoutDelayOfMovement})), 0)::float8 AS pending
    FROM earnings_movements m WHERE ${ofHolder(holder)} ${provider ? sql.fragment`AND m.provider = ${provider}` : sql.fragment``}) b)`;
}

const balanceRow = z.object({ balance: z.object({ total: z.number(), pending: z.number() }) });

/** A holder's balance at one provider (cents): what the ledger says the provider holds for it. */
export async function providerBalanceOf(db: ReadDb, holder: LedgerHolder, provider: string, now: Date): Promise<{ total: number; pending: number; available: number }> {
  const { balance } = await db.one(sql.type(balanceRow)`SELECT ${balanceOf(holder, now, provider)} AS balance`);
  return { ...balance, available: balance.total - balance.pending };
}

const totalsRow = z.object({
  sales: z.number(),
  gross: z.number(),
  fees: z.number(),
  refunds: z.number(),
  chargebacks: z.number(),
  net: z.number(),
  payouts: z.number(),
  balance: z.object({ total: z.number(), pending: z.number() }),
  from: z.string(),
  to: z.string(),
});
const movementRow = z.object({
  id: column.uuid,
  kind: z.enum(movementKinds),
  orderId: column.uuid.nullable(),
  paymentId: column.uuid.nullable(),
  payoutId: z.string().nullable(),
  transferId: z.string().nullable(),
  assignmentId: column.uuid.nullable(),
  description: z.string(),
  provider: z.string(),
  gross: z.number(),
  fee: z.number(),
  net: z.number(),
  at: column.time,
});

const payoutRow = z.object({
  provider: z.string(),
  payoutId: z.string(),
  amount: z.number(),
  status: z.enum(['paid', 'failed']),
  arrivalDate: z.string(),
  failureCode: z.string().nullable(),
  failureMessage: z.string().nullable(),
  reportedAt: column.time,
});

/**
 * A holder's takings (a shop's, or a collaborator's compensations) from `from` to `to` (days of the Rome calendar, both included; by default the
 * current month up to today): the totals, the balance of all time, the newest movements.
 */
export async function earningsOf(
  db: ReadDb,
  holder: LedgerHolder,
  period: { from?: string | undefined; to?: string | undefined; before?: string | undefined },
  now: Date,
): Promise<ShopEarnings> {
  const today = sql.fragment`(${now.toISOString()}::timestamptz AT TIME ZONE 'Europe/Rome')::date`;
  const from = period.from ? sql.fragment`${period.from}::date` : sql.fragment`date_trunc('month', ${today})::date`;
  const to = period.to ? sql.fragment`${period.to}::date` : today;
  const within = sql.fragment`${ofHolder(holder)} AND m.at >= (${from})::timestamp AT TIME ZONE 'Europe/Rome' AND m.at < ((${to}) + 1)::timestamp AT TIME ZONE 'Europe/Rome'`;
  const totals = await db.one(sql.type(totalsRow)`
    SELECT count(*) FILTER (WHERE m.kind IN ('sale', 'transfer'))::int AS sales,
      coalesce(sum(m.gross_cents) FILTER (WHERE m.kind IN ('sale', 'transfer')), 0)::float8 AS gross,
      coalesce(sum(m.fee_cents) FILTER (WHERE m.payment_id IS NOT NULL), 0)::float8 AS fees,
      coalesce(-sum(m.gross_cents) FILTER (WHERE m.kind = 'refund'), 0)::float8 AS refunds,
      coalesce(-sum(m.gross_cents) FILTER (WHERE m.kind IN ('chargeback', 'chargeback_reversal')), 0)::float8 AS chargebacks,
      coalesce(sum(m.net_cents) FILTER (WHERE m.payout_id IS NULL), 0)::float8 AS net,
      coalesce(-sum(m.net_cents) FILTER (WHERE m.payout_id IS NOT NULL), 0)::float8 AS payouts,
      ${balanceOf(holder, now)} AS balance,
      to_char(${from}, 'YYYY-MM-DD') AS "from", to_char(${to}, 'YYYY-MM-DD') AS "to"
    FROM earnings_movements m WHERE ${within}`);
  // A later page: the movements after the last one shown, newest first (time, then id).
  const [beforeAt, beforeId] = period.before?.split('~') ?? [];
  const after = beforeAt && beforeId ? sql.fragment`AND (m.at, m.id) < (${beforeAt}::timestamptz, ${beforeId}::uuid)` : sql.fragment``;
  const movements = await db.any(sql.type(movementRow)`
    SELECT m.id, m.kind, m.order_id AS "orderId", m.payment_id AS "paymentId", m.payout_id AS "payoutId", m.transfer_id AS "transferId",
      m.assignment_id AS "assignmentId", m.description, m.provider,
      m.gross_cents::float8 AS gross, m.fee_cents::float8 AS fee, m.net_cents::float8 AS net, m.at
    FROM earnings_movements m WHERE ${within} ${after} ORDER BY m.at DESC, m.id DESC LIMIT ${MOVEMENTS_SHOWN + 1}`);
  const payouts = await db.any(sql.type(payoutRow)`
    SELECT provider, payout_id AS "payoutId", amount_cents::float8 AS amount, status, to_char(arrival_date, 'YYYY-MM-DD') AS "arrivalDate",
      failure_code AS "failureCode", failure_message AS "failureMessage", reported_at AS "reportedAt"
    FROM earnings_payouts WHERE holder_kind = ${holder.kind} AND holder_id = ${holder.id} ORDER BY reported_at DESC, payout_id LIMIT ${PAYOUTS_SHOWN}`);
  const { balance, from: shownFrom, to: shownTo, ...sums } = totals;
  return {
    period: { from: shownFrom, to: shownTo },
    totals: sums,
    balance: { total: balance.total, pending: balance.pending, available: balance.total - balance.pending },
    payouts: payouts.map(({ failureCode, ...payout }) => ({ ...payout, failure: payout.status === 'failed' ? payoutFailureInItalian(failureCode) : null })),
    movements: movements.slice(0, MOVEMENTS_SHOWN),
    more: movements.length > MOVEMENTS_SHOWN,
    next: movements.length > MOVEMENTS_SHOWN ? `${movements[MOVEMENTS_SHOWN - 1]!.at}~${movements[MOVEMENTS_SHOWN - 1]!.id}` : null,
  };
}
