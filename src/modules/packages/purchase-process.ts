import type { Logger } from 'pino';
import type { Pool } from '../../platform/db/pool.js';
import { systemContext } from '../../platform/domain/context.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import type { ProcessDeps } from '../../platform/module.js';
import { startReadModelWorker } from '../../platform/processes/wake.js';
import { paymentsSettled } from '../payments/projection.js';
import { activatePackage } from './commands.js';
import { deactivateRefundedPackages } from './refund-process.js';

/** A lost wake-up is caught by the next look, this often. */
const pollMs = 30_000;
/** How far back a look goes: a payment completed longer ago and still not active is an incident for the log, not a look each time. */
const lookBackMs = 30 * 24 * 60 * 60 * 1000;

/**
 * Activates the packages whose payment completed and that are not active yet: each by the
 * payment's id, so however often it runs (in one process or several) a payment activates once.
 * Returns how many it activated.
 */
export async function activatePaidPackages({ store, pool }: { store: EventStore; pool: Pool }, now: Date, logger?: Logger): Promise<number> {
  const { rows } = await pool.query<{ id: string; user_id: string; package_id: string; amount_cents: string; payment_method: string }>(
    `SELECT p.id, p.user_id, p.package_id, p.amount_cents, p.payment_method FROM payment_transactions p
     WHERE p.transaction_type IN ('package_purchase', 'credit_purchase') AND p.status = 'completed' AND p.package_id IS NOT NULL AND p.completed_at > $1
       AND NOT EXISTS (SELECT 1 FROM user_packages u WHERE u.transaction_id = p.id::text)
     ORDER BY p.completed_at LIMIT 200`,
    [new Date(now.getTime() - lookBackMs)],
  );
  let activated = 0;
  for (const payment of rows) {
    try {
      await activatePackage(
        { store },
        { userId: payment.user_id, packageId: payment.package_id, transactionId: payment.id, amountCents: Number(payment.amount_cents), paymentMethod: payment.payment_method },
        systemContext(now),
      );
      activated++;
    } catch (err) {
      // One purchase that cannot be activated (its package deleted meanwhile) does not hold the others back.
      logger?.error({ err, paymentId: payment.id }, 'pacchetti: non è stato possibile attivare un acquisto pagato');
    }
  }
  return activated;
}

/**
 * The process that turns paid purchases into active packages, and refunded ones back (refund-process.ts): it looks when the payments' read
 * model says a payment was paid or refunded (its `settled` news) and every half minute, and at start (catching up after
 * downtime).
 */
export function startPackageActivation({ store, pool }: ProcessDeps, { logger }: { logger?: Logger }): { stop(): Promise<void> } {
  return startReadModelWorker(pool, {
    readModels: [paymentsSettled],
    look: async () => (await activatePaidPackages({ store, pool }, new Date(), logger)) + (await deactivateRefundedPackages({ store, pool }, new Date(), logger)),
    applicationName: 'vicino-package-activation',
    failed: (err) => logger?.error({ err }, 'pacchetti: non è stato possibile attivare gli acquisti pagati o revocare quelli rimborsati'),
    logger,
    pollMs,
  });
}
