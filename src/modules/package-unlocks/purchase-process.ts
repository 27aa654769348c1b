import type { Logger } from 'pino';
import type { UpkeepReport } from '../../platform/processes/upkeep.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { systemContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { ProcessDeps } from '../../platform/module.js';
import { startReadModelWorker } from '../../platform/processes/wake.js';
import { refundPayment, type ProviderOf } from '../payments/commands.js';
import { backgroundProviders } from '../payments/routes.js';
import { paymentsSettled } from '../payments/projection.js';
import { unlockDecider, unlockStreamId } from './unlock.js';

const pollMs = 30_000;
/** A payment completed longer ago and still not recorded is an incident for the log, not a look each time. */
const lookBackMs = 30 * 24 * 60 * 60 * 1000;
export const lapsedRefundReason = 'Pacchetto collaboratore pagato dopo la scadenza dell’acquisto: il pagamento torna al negoziante.';

export type UnlockPurchaseReport = UpkeepReport<'purchased' | 'refunded'>;

/**
 * The unlocks whose payment completed: recorded purchased once (by the payment's id, as of when
 * it completed). A payment the unlock cannot take (it lapsed before the money came, or another
 * payment bought it already) is refunded through its provider, once (the refund's own key).
 */
export async function recordPaidUnlocks(deps: ProcessDeps & { providers: ProviderOf }, now: Date, logger?: Pick<Logger, 'warn'>): Promise<UnlockPurchaseReport> {
  const report: UnlockPurchaseReport = { purchased: 0, refunded: 0, failed: 0 };
  const { rows } = await deps.pool.query<{ id: string; amount_cents: string; completed_at: Date; unlock_id: string }>(
    `SELECT p.id, p.amount_cents, p.completed_at, p.metadata ->> 'unlockId' AS unlock_id FROM payment_transactions p
     WHERE p.status = 'completed' AND p.refund_key IS NULL AND p.metadata ? 'unlockId' AND p.completed_at > $1
       AND NOT EXISTS (SELECT 1 FROM package_unlocks u WHERE u.id::text = p.metadata ->> 'unlockId' AND u.payment_id = p.id)
     ORDER BY p.completed_at LIMIT 200`,
    [new Date(now.getTime() - lookBackMs)],
  );
  for (const payment of rows) {
    const ctx = systemContext(now);
    try {
      const { events } = await handleCommand(
        deps.store,
        unlockStreamId(payment.unlock_id),
        unlockDecider,
        { type: 'RecordPurchase', paymentId: payment.id, amountCents: Number(payment.amount_cents), now: payment.completed_at },
        ctx,
      );
      if (events.length) report.purchased++;
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind === 'not-found') {
        report.failed++;
        logger?.warn({ err, paymentId: payment.id }, 'sblocchi dei pacchetti: non è stato possibile registrare uno sblocco pagato');
        continue;
      }
      // Lapsed before the money came, or bought by another payment: the money goes back.
      try {
        await refundPayment(deps, payment.id, lapsedRefundReason, ctx);
        report.refunded++;
      } catch (refundErr) {
        report.failed++;
        logger?.warn({ err: refundErr, paymentId: payment.id }, 'sblocchi dei pacchetti: il rimborso di un pagamento che lo sblocco non può accettare non è riuscito');
      }
    }
  }
  return report;
}

/** The process that records paid unlocks: it looks when the payments' read model says a payment was paid or refunded (its `settled` news), every half minute and at start. */
export function startUnlockPurchases(deps: ProcessDeps, { logger }: { logger?: Logger }): { stop(): Promise<void> } {
  const providers = backgroundProviders(deps);
  return startReadModelWorker(deps.pool, {
    readModels: [paymentsSettled],
    look: async () => {
      const report = await recordPaidUnlocks({ ...deps, providers }, new Date(), logger);
      return report.purchased + report.refunded;
    },
    applicationName: 'vicino-unlock-purchases',
    failed: (err) => logger?.error({ err }, 'sblocchi dei pacchetti: non è stato possibile registrare gli sblocchi pagati'),
    logger,
    pollMs,
  });
}
