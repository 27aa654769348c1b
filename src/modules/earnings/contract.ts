import { z } from 'zod';
import { api, get, isoTime } from '../../platform/http/contract.js';
import { euros } from '../../platform/http/money.js';

/** A day of the Rome calendar, as the period's filter gives it. */
const day = z.iso.date({ error: 'Data: scrivi una data (AAAA-MM-GG).' });

export const earningsQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'Il periodo finisce prima di cominciare: la data «al» viene dopo la data «dal».', path: ['to'] });

export const movementKinds = ['sale', 'refund', 'chargeback', 'chargeback_reversal'] as const;

/** One movement of a shop's takings: signed (a refund is negative), gross = fee + net. */
export const earningsMovement = z.object({
  id: z.uuid(),
  kind: z.enum(movementKinds),
  orderId: z.uuid().nullable(),
  paymentId: z.uuid(),
  description: z.string(),
  provider: z.string(),
  gross: euros,
  fee: euros,
  net: euros,
  at: isoTime,
});
export type EarningsMovement = z.infer<typeof earningsMovement>;

/** What a period's movements add up to. */
export const earningsTotals = z.object({
  /** Orders paid online in the period. */
  sales: z.number().int(),
  /** What customers paid. */
  gross: euros,
  /** The platform's commission kept on it, less what refunds gave back. */
  fees: euros,
  /** What refunds gave back to customers (a positive amount). */
  refunds: euros,
  /** What customers' banks took back in disputes, less what came back when they were won (a positive amount). */
  chargebacks: euros,
  /** The shop's part: gross less refunds, chargebacks and fees. */
  net: euros,
});

export const shopEarnings = z.object({
  period: z.object({ from: z.iso.date(), to: z.iso.date() }),
  totals: earningsTotals,
  /** The shop's part of every movement ever: what the providers owe or paid the shop. */
  balance: euros,
  /** The period's movements, newest first (at most `limit`). */
  movements: z.array(earningsMovement),
  /** More movements in the period than those listed. */
  more: z.boolean(),
});
export type ShopEarnings = z.infer<typeof shopEarnings>;

/** A shop's takings (issue [20]): the orders paid online to its account, the commission, the refunds. */
export const earningsApi = api('incassi', {
  mine: get(
    '/api/earnings/mine',
    'Gli incassi online del mio negozio in un periodo (dal, al: giorni del calendario di Roma; senza, il mese in corso): totali lordi, commissioni, rimborsi e netto, e i movimenti',
    { 200: shopEarnings },
    { querystring: earningsQuery },
  ),
});
