import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { TIME_RANGE_YEARS } from '../../platform/domain/limits.js';
import type { Cents } from '../../platform/domain/money.js';

/*
 * A shop's monthly statement (issue [20]): the month's movements of its takings, what they add up
 * to, what the providers paid out to its bank, and the data of the platform's invoice for the
 * commission it kept. The same figures make the CSV, the PDF and the e-mail at the month's close.
 *
 * The commission invoice's rule: the commission the platform kept (the application fees, less what
 * refunds and chargebacks gave back) is the invoice's total, VAT included; the taxable amount is
 * that total divided by 1.22, rounded to the cent (half a cent up), and the VAT is what is left, so
 * imponibile + IVA = totale to the cent, always.
 */

/** Italy's ordinary VAT rate, in percent, on the platform's commission. */
export const COMMISSION_VAT_PERCENT = 22;

export const statementLineKinds = ['sale', 'refund', 'chargeback', 'chargeback_reversal', 'payout', 'payout_reversal', 'transfer'] as const;
export type StatementLineKind = (typeof statementLineKinds)[number];

/** One movement of the month, signed (a refund, a chargeback or a payout takes away): gross = fee + net. */
export interface StatementLine {
  at: string;
  kind: StatementLineKind;
  /** The order it belongs to (null for a payout). */
  orderId: string | null;
  description: string;
  provider: string;
  gross: Cents;
  fee: Cents;
  net: Cents;
}

export interface StatementTotals {
  /** Orders paid online in the month (a collaborator's: compensations received). */
  orders: number;
  /** What customers paid. */
  gross: Cents;
  /** The commission kept, less what refunds and chargebacks gave back. */
  fees: Cents;
  /** Given back to customers (positive). */
  refunds: Cents;
  /** Taken back by customers' banks, less what came back when a dispute was won (positive). */
  chargebacks: Cents;
  /** The shop's part of the month's sales, refunds and chargebacks. */
  net: Cents;
  /** Paid out to the shop's bank in the month, less payouts that failed (positive). */
  payouts: Cents;
}

/** What an Italian invoice of the month's commission needs. */
export interface CommissionInvoice {
  imponibile: Cents;
  ivaPercent: number;
  iva: Cents;
  totale: Cents;
}

export interface MonthlyStatement {
  /** Whose statement: a shop's, or a collaborator's (their compensations received by transfer, and payouts; no commission to invoice). */
  holderKind: 'store' | 'collaborator';
  /** The holder: the shop, or the collaborator (their name). */
  shop: { id: string; name: string; address: string | null };
  /** The month, YYYY-MM, of the Rome calendar. */
  month: string;
  period: { from: string; to: string };
  /** The month is not over yet: the statement runs to today and may still change. */
  provisional: boolean;
  totals: StatementTotals;
  /** The shop's balance at the providers before the month and after it. */
  openingBalance: Cents;
  closingBalance: Cents;
  invoice: CommissionInvoice;
  /** The month's movements, oldest first. */
  lines: StatementLine[];
  /** When the statement was made. */
  issuedAt: string;
}

/** The commission's invoice: the fees kept are the total, VAT included (the rule in this file's header). */
export function commissionInvoice(feesCents: Cents): CommissionInvoice {
  const scale = 100 + COMMISSION_VAT_PERCENT;
  // Half up on whole numbers: floor((2·fees·100 + scale) / (2·scale)), exact in integers.
  const imponibile = Math.sign(feesCents) * Math.floor((2 * Math.abs(feesCents) * 100 + scale) / (2 * scale));
  return { imponibile, ivaPercent: COMMISSION_VAT_PERCENT, iva: feesCents - imponibile, totale: feesCents };
}

/** The months' names as the statement writes them: «novembre 2026». */
export function monthInItalian(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, number - 1, 1)));
}

/*
 * The month's close: each shop's statement issued once, when the month is over (the upkeep's
 * job), with the figures it had then. Its event sends the shopkeeper the statement's e-mail and
 * keeps the commission invoice's figures for the accountant. A month's movements never change once
 * it is over (a movement is dated when it happens), so the figures issued are the statement's.
 */

/** A shop's statement of a month, or a collaborator's (their compensations' account). */
export const statementStreamId = (storeId: string, month: string): string => `earnings-statement-${storeId}-${month}`;
export const collaboratorStatementStreamId = (collaboratorId: string, month: string): string => `earnings-statement-collaborator-${collaboratorId}-${month}`;
export const statementStreamOf = (holder: { kind: 'store' | 'collaborator'; id: string }, month: string): string =>
  holder.kind === 'store' ? statementStreamId(holder.id, month) : collaboratorStatementStreamId(holder.id, month);

/** The most a month's figure may be, in cents, either way: a trillion euros is no shop's month. */
const MAX_STATEMENT_CENTS = 100_000_000_000_000;

/** Whose statement: a shop's (`storeId`), or a collaborator's (`collaboratorId`). */
export type StatementHolderField = { storeId: string; collaboratorId?: never } | { collaboratorId: string; storeId?: never };

export type IssueStatement = StatementHolderField & {
  type: 'IssueStatement';
  month: string;
  totals: StatementTotals;
  openingBalance: Cents;
  closingBalance: Cents;
  invoice: CommissionInvoice;
};

export type StatementCommand = IssueStatement;

export type StatementEvent = DomainEvent<
  'StatementIssued',
  StatementHolderField & {
    month: string;
    orders: number;
    grossCents: Cents;
    feesCents: Cents;
    refundsCents: Cents;
    chargebacksCents: Cents;
    netCents: Cents;
    payoutsCents: Cents;
    openingBalanceCents: Cents;
    closingBalanceCents: Cents;
    imponibileCents: Cents;
    ivaPercent: number;
    ivaCents: Cents;
    totaleCents: Cents;
  }
>;

export interface StatementState {
  issued: boolean;
}

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const statementDecider: Decider<StatementCommand, StatementEvent, StatementState> = {
  initialState: { issued: false },
  decide(command, state) {
    if (state.issued) return [];
    const { month, totals, openingBalance, closingBalance, invoice } = command;
    const holder: StatementHolderField = command.collaboratorId !== undefined ? { collaboratorId: command.collaboratorId } : { storeId: command.storeId };
    const year = Number(monthPattern.exec(month)?.[1]);
    if (!(year >= TIME_RANGE_YEARS.from && year <= TIME_RANGE_YEARS.to)) throw new DomainError('Mese non valido: AAAA-MM.', 'invalid');
    const amounts = [totals.gross, totals.fees, totals.refunds, totals.chargebacks, totals.net, totals.payouts, openingBalance, closingBalance];
    if (!Number.isSafeInteger(totals.orders) || totals.orders < 0 || amounts.some((cents) => !Number.isSafeInteger(cents) || Math.abs(cents) > MAX_STATEMENT_CENTS)) {
      throw new DomainError('Le cifre dell’estratto conto non sono valide: importi interi in centesimi.', 'invalid');
    }
    const expected = commissionInvoice(totals.fees);
    if (invoice.imponibile !== expected.imponibile || invoice.iva !== expected.iva || invoice.totale !== expected.totale || invoice.ivaPercent !== expected.ivaPercent) {
      throw new DomainError('I dati della fattura delle commissioni non tornano con le commissioni del mese.', 'invalid');
    }
    if (closingBalance !== openingBalance + totals.net - totals.payouts) {
      throw new DomainError('Il saldo finale dell’estratto conto non torna con i movimenti del mese.', 'invalid');
    }
    return [
      {
        type: 'StatementIssued',
        data: {
          ...holder,
          month,
          orders: totals.orders,
          grossCents: totals.gross,
          feesCents: totals.fees,
          refundsCents: totals.refunds,
          chargebacksCents: totals.chargebacks,
          netCents: totals.net,
          payoutsCents: totals.payouts,
          openingBalanceCents: openingBalance,
          closingBalanceCents: closingBalance,
          imponibileCents: invoice.imponibile,
          ivaPercent: invoice.ivaPercent,
          ivaCents: invoice.iva,
          totaleCents: invoice.totale,
        },
      },
    ];
  },
  evolve: () => ({ issued: true }),
};
