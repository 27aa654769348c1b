import type { Logger } from 'pino';
import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import { systemContext } from '../../platform/domain/context.js';
import type { ProcessDeps } from '../../platform/module.js';
import { upkeepJob, upkeepSteps, type UpkeepReport } from '../../platform/processes/upkeep.js';
import { changeStore } from '../stores/commands.js';
import { entitlementDecider, expiryNotices, userPackagesStreamId } from './entitlement.js';
import { purchasesDue } from './queries.js';
import { followPlans } from './refund-process.js';

export type PackageExpiryReport = UpkeepReport<'noticed' | 'expired' | 'plansEnded'>;

/**
 * Tells the owners of the purchases nearing their end (7 days, 1 day before) and ends those past
 * it, however long ago, so a start after downtime catches up: a plan that ends switches off the
 * store's options it allowed, with the system as the actor. Each step is decided on the
 * purchase's stream, so a second run, or two processes at once, add nothing.
 */
export async function expireDuePackages(deps: ProcessDeps, now: Date, logger?: Pick<Logger, 'warn'>): Promise<PackageExpiryReport> {
  const report: PackageExpiryReport = { noticed: 0, expired: 0, plansEnded: 0, failed: 0 };
  const ctx = systemContext(now);
  for (const due of await purchasesDue(deps.db, now, expiryNotices)) {
    try {
      const stream = userPackagesStreamId(due.userId);
      const notice = await handleCommand(deps.store, stream, entitlementDecider, { type: 'NoticeExpiry', userPackageId: due.id, now }, ctx);
      if (notice.events.length) report.noticed++;
      const expiry = await handleCommand(deps.store, stream, entitlementDecider, { type: 'ExpirePackage', userPackageId: due.id, now }, ctx);
      if (expiry.events.length) report.expired++;
    } catch (err) {
      report.failed++;
      logger?.warn({ err, userPackageId: due.id }, 'pacchetti: la scadenza dei piani non è riuscita');
    }
  }
  // Stores whose plan is past its end, read apart from the purchases: a run stopped between the
  // two steps ends the store's plan at the next one.
  const { rows: stores } = await deps.pool.query<{ id: string; packageId: string; ownerId: string }>(
    'SELECT id, current_package_id AS "packageId", owner_id AS "ownerId" FROM stores WHERE package_expires_at <= $1 ORDER BY package_expires_at, id',
    [now],
  );
  const step = upkeepSteps(report, logger);
  for (const store of stores) {
    await step('plansEnded', { storeId: store.id }, 'store plan end failed', async () => {
      // Another plan of the owner still in force (bought before the one that ended, lasting longer): the store runs on it.
      const { state } = await loadState(deps.store, userPackagesStreamId(store.ownerId), entitlementDecider);
      const follow = followPlans(state, now, 'Pacchetto scaduto');
      const command = follow.plan ? follow : ({ type: 'EndStorePlan', packageId: store.packageId, now } as const);
      return changeStore(deps.store, store.id, command, ctx);
    });
  }
  return report;
}

/** The upkeep's job: notices before the end, and the end of packages past it. */
export const packageExpiryJob = upkeepJob('package expiry', expireDuePackages, 'packages noticed or expired');
