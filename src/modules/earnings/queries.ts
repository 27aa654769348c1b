import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { movementKinds, type ShopEarnings } from './contract.js';

/** How many movements a page lists at most. */
export const MOVEMENTS_SHOWN = 200;

const totalsRow = z.object({
  sales: z.number(),
  gross: z.number(),
  fees: z.number(),
  refunds: z.number(),
  chargebacks: z.number(),
  net: z.number(),
  balance: z.number(),
  from: z.string(),
  to: z.string(),
});
const movementRow = z.object({
  id: column.uuid,
  kind: z.enum(movementKinds),
  orderId: column.uuid.nullable(),
  paymentId: column.uuid,
  description: z.string(),
  provider: z.string(),
  gross: z.number(),
  fee: z.number(),
  net: z.number(),
  at: column.time,
});

/**
 * A shop's takings from `from` to `to` (days of the Rome calendar, both included; by default the
 * current month up to today): the totals, the balance of all time, the newest movements.
 */
export async function earningsOf(db: ReadDb, storeId: string, period: { from?: string | undefined; to?: string | undefined }): Promise<ShopEarnings> {
  const today = sql.fragment`(now() AT TIME ZONE 'Europe/Rome')::date`;
  const from = period.from ? sql.fragment`${period.from}::date` : sql.fragment`date_trunc('month', ${today})::date`;
  const to = period.to ? sql.fragment`${period.to}::date` : today;
  const within = sql.fragment`m.store_id = ${storeId} AND m.at >= (${from})::timestamp AT TIME ZONE 'Europe/Rome' AND m.at < ((${to}) + 1)::timestamp AT TIME ZONE 'Europe/Rome'`;
  const totals = await db.one(sql.type(totalsRow)`
    SELECT count(*) FILTER (WHERE m.kind = 'sale')::int AS sales,
      coalesce(sum(m.gross_cents) FILTER (WHERE m.kind = 'sale'), 0)::float8 AS gross,
      coalesce(sum(m.fee_cents), 0)::float8 AS fees,
      coalesce(-sum(m.gross_cents) FILTER (WHERE m.kind = 'refund'), 0)::float8 AS refunds,
      coalesce(-sum(m.gross_cents) FILTER (WHERE m.kind IN ('chargeback', 'chargeback_reversal')), 0)::float8 AS chargebacks,
      coalesce(sum(m.net_cents), 0)::float8 AS net,
      (SELECT coalesce(sum(net_cents), 0)::float8 FROM earnings_movements WHERE store_id = ${storeId}) AS balance,
      to_char(${from}, 'YYYY-MM-DD') AS "from", to_char(${to}, 'YYYY-MM-DD') AS "to"
    FROM earnings_movements m WHERE ${within}`);
  const movements = await db.any(sql.type(movementRow)`
    SELECT m.id, m.kind, m.order_id AS "orderId", m.payment_id AS "paymentId", m.description, m.provider,
      m.gross_cents::float8 AS gross, m.fee_cents::float8 AS fee, m.net_cents::float8 AS net, m.at
    FROM earnings_movements m WHERE ${within} ORDER BY m.at DESC, m.id LIMIT ${MOVEMENTS_SHOWN + 1}`);
  const { balance, from: shownFrom, to: shownTo, ...sums } = totals;
  return {
    period: { from: shownFrom, to: shownTo },
    totals: sums,
    balance,
    movements: movements.slice(0, MOVEMENTS_SHOWN),
    more: movements.length > MOVEMENTS_SHOWN,
  };
}
