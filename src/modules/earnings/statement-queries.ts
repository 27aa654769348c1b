import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { DomainError } from '../../platform/domain/errors.js';
import { romeDate } from '../reservations/reservation.js';
import { ofHolder, type LedgerHolder } from './queries.js';
import { commissionInvoice, statementLineKinds, type MonthlyStatement, type StatementLine, type StatementTotals } from './statement.js';

/*
 * The monthly statements' figures (issue [20]): a month of a shop's ledger, Rome's calendar, read in
 * one pass of its movements (the index on store and time), added up here to the cent.
 */

/** The Rome calendar's month of `now`, YYYY-MM. */
export const romeMonthOf = (now: Date): string => romeDate(now).slice(0, 7);

/** The first and the last day of `month` (YYYY-MM-DD). */
export function daysOf(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { from: `${month}-01`, to: new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10) };
}

const lineRow = z.object({
  at: column.time,
  kind: z.enum(statementLineKinds),
  orderId: column.uuid.nullable(),
  description: z.string(),
  provider: z.string(),
  gross: z.number(),
  fee: z.number(),
  net: z.number(),
});
const shopRow = z.object({ id: column.uuid, name: z.string(), address: z.string().nullable(), opening: z.number() });

/** What a month's lines add up to. */
export function totalsOf(lines: readonly StatementLine[]): StatementTotals {
  const totals: StatementTotals = { orders: 0, gross: 0, fees: 0, refunds: 0, chargebacks: 0, net: 0, payouts: 0 };
  for (const line of lines) {
    if (line.kind === 'payout' || line.kind === 'payout_reversal') {
      totals.payouts -= line.net;
      continue;
    }
    totals.fees += line.fee;
    totals.net += line.net;
    if (line.kind === 'sale' || line.kind === 'transfer') {
      totals.orders++;
      totals.gross += line.gross;
    } else if (line.kind === 'refund') totals.refunds -= line.gross;
    else totals.chargebacks -= line.gross;
  }
  return totals;
}

/**
 * A shop's statement of `month` (YYYY-MM, Rome), as of `now`: the month's movements oldest first,
 * the balance before and after it, the totals and the commission invoice's figures. The month in
 * progress runs to today, marked provisional; a month not begun yet is refused.
 */
export async function statementOf(db: ReadDb, holder: LedgerHolder, month: string, now: Date): Promise<MonthlyStatement> {
  const current = romeMonthOf(now);
  if (month > current) throw new DomainError('Questo mese non è ancora cominciato: l’estratto conto c’è dal primo giorno del mese.', 'rule');
  const { from, to } = daysOf(month);
  const start = sql.fragment`(${from}::date)::timestamp AT TIME ZONE 'Europe/Rome'`;
  const end = sql.fragment`((${to}::date) + 1)::timestamp AT TIME ZONE 'Europe/Rome'`;
  const opening = sql.fragment`(SELECT coalesce(sum(net_cents), 0)::float8 FROM earnings_movements m WHERE ${ofHolder(holder)} AND at < ${start}) AS opening`;
  const shop = await db.maybeOne(
    holder.kind === 'store'
      ? sql.type(shopRow)`SELECT s.id, s.name, s.address, ${opening} FROM stores s WHERE s.id = ${holder.id}`
      : sql.type(shopRow)`SELECT u.id, u.name, NULL AS address, ${opening} FROM users u WHERE u.id = ${holder.id} AND u.role = 'collaborator'`,
  );
  if (!shop) throw holderNotFound(holder);
  const lines = await db.any(sql.type(lineRow)`
    SELECT at, kind, order_id AS "orderId", description, provider, gross_cents::float8 AS gross, fee_cents::float8 AS fee, net_cents::float8 AS net
    FROM earnings_movements m WHERE ${ofHolder(holder)} AND at >= ${start} AND at < ${end} ORDER BY at, id`);
  const totals = totalsOf(lines);
  const provisional = month === current;
  const today = romeDate(now);
  return {
    holderKind: holder.kind,
    shop: { id: shop.id, name: shop.name, address: shop.address },
    month,
    period: { from, to: provisional ? today : to },
    provisional,
    totals,
    openingBalance: shop.opening,
    closingBalance: shop.opening + lines.reduce((sum, line) => sum + line.net, 0),
    invoice: commissionInvoice(totals.fees),
    lines: [...lines],
    issuedAt: now.toISOString(),
  };
}

const monthRow = z.object({ month: z.string(), sales: z.number(), net: z.number(), fees: z.number() });

const noColumns = z.object({});

const holderNotFound = (holder: LedgerHolder): DomainError => new DomainError(holder.kind === 'store' ? 'Negozio non trovato.' : 'Collaboratore non trovato.', 'not-found');

/** A 404 in Italian unless the holder is a shop, or a user who is a collaborator (an admin names them by id). */
export async function checkHolder(db: ReadDb, holder: LedgerHolder): Promise<void> {
  const found = await db.exists(
    holder.kind === 'store'
      ? sql.type(noColumns)`SELECT FROM stores WHERE id = ${holder.id}`
      : sql.type(noColumns)`SELECT FROM users WHERE id = ${holder.id} AND role = 'collaborator'`,
  );
  if (!found) throw holderNotFound(holder);
}

/** How many months a page of a holder's statements lists. */
const STATEMENT_MONTHS_SHOWN = 24;

/**
 * The months a holder has movements in, newest first (those before `before`, YYYY-MM, when given),
 * each with its sales, commission and net: a page of 24, and the month the next page starts
 * before (null at the first month).
 */
export async function statementMonthsOf(db: ReadDb, holder: LedgerHolder, { before }: { before?: string } = {}) {
  const limit = STATEMENT_MONTHS_SHOWN;
  const rows = await db.any(sql.type(monthRow)`
    SELECT to_char(at AT TIME ZONE 'Europe/Rome', 'YYYY-MM') AS month,
      count(*) FILTER (WHERE kind IN ('sale', 'transfer'))::int AS sales,
      coalesce(sum(net_cents) FILTER (WHERE payout_id IS NULL), 0)::float8 AS net,
      coalesce(sum(fee_cents), 0)::float8 AS fees
    FROM earnings_movements m WHERE ${ofHolder(holder)}
      AND (${before ?? null}::text IS NULL OR m.at < (to_date(${before ?? null}::text, 'YYYY-MM')::timestamp AT TIME ZONE 'Europe/Rome'))
    GROUP BY 1 ORDER BY 1 DESC LIMIT ${limit + 1}`);
  const months = rows.slice(0, limit);
  return { months, next: rows.length > limit ? months.at(-1)!.month : null };
}
