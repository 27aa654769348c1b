import type { Logger } from 'pino';
import type { UpkeepReport } from '../../platform/processes/upkeep.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { systemContext, type CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { ProcessDeps } from '../../platform/module.js';
import { startReadModelWorker } from '../../platform/processes/wake.js';
import { cancelPayment, refundPayment, type ProviderOf } from '../payments/commands.js';
import { backgroundProviders } from '../payments/routes.js';
import { moveOrder, refundWithdrawal } from './commands.js';
import { withdrawalsToRefund } from './queries.js';
import { ORDER_PAYMENT_MINUTES, orderDecider, orderStreamId } from './order.js';

/*
 * What an order's online payment came to, made true on the order (issue [10]):
 * - paid at the provider → the order is paid (the shop may accept it);
 * - refused, or never paid within ORDER_PAYMENT_MINUTES → the order is cancelled by the system, its
 *   stock given back, its payment closed;
 * - paid and then cancelled (by either side, or paid after its time was up) → refunded through the
 *   provider with the refund's own key, and `refunded` on the order once the provider confirms it.
 * Each step is a command that changes nothing when done already, so the process may run in several
 * processes at once and after any crash; it looks when the payments' or the orders' read model
 * moves on, and every half minute (the deadlines).
 */

/** The read models whose news may be a payment to record or an order to refund. */
const readModels = ['payment-transactions', 'orders'];
const pollMs = 30_000;
/** News within this long are looked at together. */
const wakeGapMs = 200;
/** A refund asked at the provider and not confirmed is asked again (same key: refunded once) this much later. */
const refundRetryMs = 5 * 60_000;
/** Rows looked at per run; the rest wait for the next run, which follows at once. */
const batch = 200;
/** A refund made by hand and seen this long after is an incident for the log, not a look each time. */
const refundLookBackMs = 30 * 24 * 60 * 60 * 1000;

export const unpaidReason = `Il pagamento non è arrivato entro ${ORDER_PAYMENT_MINUTES} minuti: l’ordine è annullato e i prodotti tornano disponibili.`;
export const refusedReason = 'Il pagamento non è andato a buon fine: l’ordine è annullato e i prodotti tornano disponibili.';
const refundReason = 'Ordine annullato: il pagamento torna al cliente.';

export type OrderPaymentsReport = UpkeepReport<'paid' | 'cancelled' | 'refundsAsked' | 'refunded' | 'withdrawalsRefunded'>;

interface OpenRow {
  id: string;
  payment_id: string;
  status: string;
  payment_status: string;
  pay: string | null;
}

interface RefundRow {
  id: string;
  payment_id: string;
  pay: string;
  refund_key: string | null;
  stale: boolean;
}

const record = (deps: ProcessDeps, orderId: string, paymentId: string, outcome: 'paid' | 'failed' | 'refunded', ctx: CommandContext) =>
  handleCommand(deps.store, orderStreamId(orderId), orderDecider, { type: 'RecordPayment', paymentId, outcome }, ctx);

/** One look: every order whose payment has news, or whose time to pay is up. */
export async function settleOrderPayments(deps: ProcessDeps & { providers: ProviderOf }, now: Date, logger?: Pick<Logger, 'warn'>): Promise<OrderPaymentsReport> {
  const report: OrderPaymentsReport = { paid: 0, cancelled: 0, refundsAsked: 0, refunded: 0, withdrawalsRefunded: 0, failed: 0 };
  const ctx = systemContext(now);
  // The orders still waiting for their money, or that failed to get it (a payment may complete
  // after it was given up): the partial index orders_payment_open holds them, and only them.
  const open = await deps.pool.query<OpenRow>(
    `SELECT o.id, o.payment_id, o.status, o.payment_status, p.status AS pay
     FROM orders o LEFT JOIN payment_transactions p ON p.id = o.payment_id
     WHERE o.payment_id IS NOT NULL AND o.payment_status IN ('pending', 'failed')
       AND (p.status IN ('completed', 'refunded')
         OR (o.payment_status = 'pending' AND (p.status IN ('failed', 'cancelled') OR o.status = 'cancelled' OR o.payment_due_at <= $1)))
     LIMIT ${batch}`,
    [now],
  );
  for (const row of open.rows) {
    try {
      if (row.pay === 'completed' || row.pay === 'refunded') {
        // The money came: the order says so, even cancelled meanwhile (then it is refunded below).
        await record(deps, row.id, row.payment_id, 'paid', ctx);
        report.paid++;
        continue;
      }
      if (row.status === 'pending') {
        // Refused at the provider, or not paid in time: nobody started on it, so the system cancels it.
        await moveOrder(deps, row.id, 'cancel', { by: 'system', reason: row.pay === 'failed' ? refusedReason : unpaidReason }, ctx);
        report.cancelled++;
      }
      if (row.pay === 'pending' || row.pay === 'processing') {
        // Nobody can pay for an order that is no more.
        await cancelPayment(deps, row.payment_id, 'Ordine annullato prima del pagamento.', ctx);
      }
      await record(deps, row.id, row.payment_id, 'failed', ctx);
    } catch (err) {
      // A payment completed between the read and the cancel: the next look records it as paid.
      if (!(err instanceof DomainError && err.kind === 'conflict')) {
        report.failed++;
        logger?.warn({ err, orderId: row.id }, 'ordini: non è stato possibile chiudere un pagamento online');
      }
    }
  }

  // Cancelled after it was paid: the money goes back, once. And a paid order whose payment an
  // admin refunded (a dispute settled by hand): the order says it was refunded.
  const refunds = await deps.pool.query<RefundRow>(
    `(SELECT o.id, o.payment_id, p.status AS pay, p.refund_key, p.updated_at <= $1::timestamptz - make_interval(secs => $2) AS stale
      FROM orders o JOIN payment_transactions p ON p.id = o.payment_id
      WHERE o.payment_id IS NOT NULL AND o.status = 'cancelled' AND o.payment_status = 'paid'
      LIMIT ${batch})
     UNION ALL
     (SELECT o.id, o.payment_id, p.status, p.refund_key, false
      FROM payment_transactions p JOIN orders o ON o.payment_id = p.id
      WHERE p.transaction_type = 'order_payment' AND p.status = 'refunded' AND p.refunded_at > $3
        AND o.payment_status = 'paid' AND o.status <> 'cancelled'
      LIMIT ${batch})`,
    [now, refundRetryMs / 1000, new Date(now.getTime() - refundLookBackMs)],
  );
  for (const row of refunds.rows) {
    try {
      if (row.pay === 'refunded') {
        await record(deps, row.id, row.payment_id, 'refunded', ctx);
        report.refunded++;
      } else if (row.pay === 'completed' && (row.refund_key === null || row.stale)) {
        await refundPayment(deps, row.payment_id, refundReason, ctx);
        report.refundsAsked++;
      }
    } catch (err) {
      report.failed++;
      logger?.warn({ err, orderId: row.id }, 'ordini: non è stato possibile chiedere il rimborso di un ordine annullato');
    }
  }

  // A withdrawal whose goods came back (withdrawal.ts): its refund asked (again, if the provider did
  // not answer: its key refunds once), and recorded on the order once the provider confirmed it.
  for (const row of await withdrawalsToRefund(deps.db, batch)) {
    try {
      if ((await refundWithdrawal(deps, row.id, ctx, row.confirmed)) && row.confirmed) report.withdrawalsRefunded++;
    } catch (err) {
      report.failed++;
      logger?.warn({ err, orderId: row.id }, 'ordini: non è stato possibile rimborsare un recesso');
    }
  }
  return report;
}

/** The process that keeps orders and their online payments in step (see above). */
export function startOrderPayments(deps: ProcessDeps, { logger }: { logger?: Logger }): { stop(): Promise<void> } {
  const providers = backgroundProviders(deps);
  return startReadModelWorker(deps.pool, {
    readModels,
    look: async () => {
      const report = await settleOrderPayments({ ...deps, providers }, new Date(), logger);
      return report.paid + report.cancelled + report.refundsAsked + report.refunded + report.withdrawalsRefunded;
    },
    applicationName: 'vicino-order-payments',
    failed: (err) => logger?.error({ err }, 'ordini: non è stato possibile chiudere i pagamenti online'),
    logger,
    pollMs,
    // The read models move on with every batch of orders: one look for all the news of a short
    // while, not one for each (the look reads every order still waiting for its money).
    gapMs: wakeGapMs,
  });
}
