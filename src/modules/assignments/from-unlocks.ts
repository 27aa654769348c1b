import type { Logger } from 'pino';
import { derivedId } from '../../platform/commands/ids.js';
import { systemContext, type CommandContext } from '../../platform/domain/context.js';
import type { Position } from '../../platform/eventstore/types.js';
import type { ProcessDeps } from '../../platform/module.js';
import { startReadModelWorker } from '../../platform/processes/wake.js';
import { changeCredits } from '../credits/commands.js';
import { creditsExpireAt } from '../credits/ledger.js';
import { splitPayment } from './assignment.js';
import { onAssignment } from './commands.js';
import type { Priority } from './labels.js';

/** A purchased unlock as the process needs it: its request, its package and what was paid. */
interface PurchasedUnlock {
  id: string;
  request_id: string;
  shopkeeper_id: string;
  store_id: string;
  package_id: string;
  collaborator_id: string;
  payment_id: string | null;
  amount_cents: number | null;
  free_of_charge: boolean;
  purchased_at: Date;
  store_name: string;
  collaborator_name: string;
  message: string;
  urgency_level: 'low' | 'normal' | 'high' | 'urgent';
  package_name: string | null;
  price_cents: number | null;
  commission_percentage: number | null;
  collaborator_compensation_cents: number | null;
  credits: number | null;
}

const priorityOf: Record<PurchasedUnlock['urgency_level'], Priority> = { low: 'low', normal: 'medium', high: 'high', urgent: 'urgent' };
/**
 * A purchased unlock becomes an assignment (accepted: the collaborator accepted the request), and
 * the package's AI credits go to the shopkeeper. No session is set for them (issue [19]): the
 * shopkeeper programs the first one on the assignment's page, with the collaborator's
 * availability and the request's length before them. Every id is derived from the unlock's, so
 * however often (and wherever) it runs, it is done once; the credits come first, so that an
 * assignment found means its credits are there too.
 */
export async function assignmentFromUnlock(deps: ProcessDeps, u: PurchasedUnlock, ctx: CommandContext): Promise<Position | null> {
  const assignmentId = derivedId('assignment-of-unlock', u.id);
  const paid = u.free_of_charge ? 0 : (u.amount_cents ?? u.price_cents ?? 0);
  const split = u.free_of_charge ? { compensationCents: 0, siteCommissionCents: 0 } : splitPayment(paid, u.commission_percentage ?? 20, u.collaborator_compensation_cents);
  const credits = u.credits ?? 0;
  let credited: Position | null = null;
  // Paid, the package's credits came with the purchase (packages/purchase-process.ts); free of charge, they come here.
  if (credits > 0 && !u.payment_id) {
    const added = await changeCredits(
      deps.store,
      u.shopkeeper_id,
      {
        type: 'AddCredits',
        lotId: derivedId('unlock-credits', u.id),
        credits,
        expiresAt: creditsExpireAt(u.purchased_at),
        source: { kind: 'adjustment', reason: `Crediti del pacchetto «${u.package_name ?? 'collaborazione'}» sbloccato dall’amministrazione` },
      },
      ctx,
    );
    credited = added.position;
  }
  const created = await onAssignment(
    deps.store,
    assignmentId,
    {
      type: 'CreateAssignment',
      fields: {
        assignmentId,
        origin: 'unlock',
        storeId: u.store_id,
        storeName: u.store_name,
        shopkeeperId: u.shopkeeper_id,
        collaboratorId: u.collaborator_id,
        collaboratorName: u.collaborator_name,
        requestId: u.request_id,
        unlockId: u.id,
        packageId: u.package_id,
        description: u.message,
        priority: priorityOf[u.urgency_level],
        paymentAmountCents: paid,
        ...split,
        creditsEarned: 0,
        permissions: ['products', 'orders', 'ai'],
        dueDate: null,
      },
      now: ctx.now,
    },
    ctx,
  );
  return created.position ?? credited;
}

/** The purchased unlocks without their assignment yet. */
export async function assignPurchasedUnlocks(deps: ProcessDeps, now: Date, logger?: Pick<Logger, 'warn'>): Promise<{ created: number; failed: number }> {
  const { rows } = await deps.pool.query<PurchasedUnlock>(
    `SELECT u.id, u.request_id, u.shopkeeper_id, u.store_id, u.package_id, u.collaborator_id, u.payment_id, u.amount_cents, u.free_of_charge, u.purchased_at,
       coalesce(s.name, r.store_name) AS store_name, coalesce(r.collaborator_name, (SELECT name FROM users WHERE id = u.collaborator_id), 'Collaboratore') AS collaborator_name,
       r.message, r.urgency_level, p.name AS package_name, p.price_cents, p.commission_percentage, p.collaborator_compensation_cents, p.credits
     FROM package_unlocks u
     JOIN collaboration_requests r ON r.id = u.request_id
     LEFT JOIN stores s ON s.id = u.store_id
     LEFT JOIN packages p ON p.id = u.package_id
     WHERE u.unlock_status = 'purchased' AND u.collaborator_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM collaborator_assignments a WHERE a.unlock_id = u.id)
     ORDER BY u.purchased_at LIMIT 100`,
  );
  const report = { created: 0, failed: 0 };
  for (const u of rows) {
    try {
      await assignmentFromUnlock(deps, u, systemContext(now));
      report.created++;
    } catch (err) {
      report.failed++;
      logger?.warn({ err, unlockId: u.id }, 'incarichi: uno sblocco acquistato non è diventato un incarico');
    }
  }
  return report;
}

/** The process: it looks when the unlocks' read model moves on (a purchase), at start, and every half minute. */
export function startAssignmentsFromUnlocks(deps: ProcessDeps, { logger }: { logger?: Logger }): { stop(): Promise<void> } {
  return startReadModelWorker(deps.pool, {
    readModels: ['package-unlocks'],
    look: async () => (await assignPurchasedUnlocks(deps, new Date(), logger)).created,
    applicationName: 'vicino-assignments-from-unlocks',
    failed: (err) => logger?.error({ err }, 'incarichi: non è stato possibile controllare gli sblocchi acquistati'),
    logger,
    pollMs: 30_000,
  });
}
