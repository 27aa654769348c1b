import type { Logger } from 'pino';
import { systemContext } from '../../platform/domain/context.js';
import type { ProcessDeps } from '../../platform/module.js';
import { upkeepJob, upkeepSteps, type UpkeepReport } from '../../platform/processes/upkeep.js';
import { expireRequest, lapseUnlock, passOffer } from './commands.js';

const batch = 500;

export type RequestUpkeepReport = UpkeepReport<'expired' | 'passed' | 'lapsed'>;

/**
 * The requests' deadlines, however long ago they passed (a start after downtime catches up):
 * open requests past their response deadline expire; auto_match offers whose window passed, or
 * whose collaborator is no longer offered to shops, go to the next best match (none left: expired
 * no_match); unlocks not bought by their purchase deadline lapse, their accepted request expired
 * not_purchased. Each step is decided on the streams, so a second run, or two processes at once,
 * add nothing.
 */
export async function runRequestUpkeep(deps: ProcessDeps, now: Date, logger?: Pick<Logger, 'warn'>): Promise<RequestUpkeepReport> {
  const report: RequestUpkeepReport = { expired: 0, passed: 0, lapsed: 0, failed: 0 };
  const ctx = systemContext(now);
  const steps = upkeepSteps(report, logger);
  const step = (what: keyof Omit<RequestUpkeepReport, 'failed'>, requestId: string, work: () => Promise<unknown>) =>
    steps(what, { requestId }, `richieste di collaborazione: manutenzione (${what}) non riuscita`, work);

  const due = await deps.pool.query<{ id: string }>('SELECT id FROM collaboration_requests WHERE deadline IS NOT NULL AND deadline <= $1 ORDER BY deadline, id LIMIT ' + batch, [
    now,
  ]);
  for (const { id } of due.rows) await step('expired', id, () => expireRequest(deps, id, ctx));

  // Offers whose window passed, and offers to a collaborator meanwhile unavailable, inactive or suspended.
  const offers = await deps.pool.query<{ id: string; skip: boolean }>(
    `(SELECT id, false AS skip FROM collaboration_requests WHERE offered_until IS NOT NULL AND offered_until <= $1 ORDER BY offered_until, id LIMIT ${batch})
     UNION ALL
     (SELECT r.id, true FROM collaboration_requests r JOIN collaborators c ON c.user_id = r.collaborator_id
      WHERE r.offered_until IS NOT NULL AND r.offered_until > $1 AND NOT (c.approval_status = 'approved' AND c.status = 'active' AND c.is_available)
      LIMIT ${batch})`,
    [now],
  );
  for (const { id, skip } of offers.rows) await step('passed', id, () => passOffer(deps, id, skip, ctx));

  // Unlocks not bought in time; one whose payment completed before the deadline is left to the
  // purchase process (package-unlocks/purchase-process.ts), which records it: paid in time is bought.
  const unbought = await deps.pool.query<{ id: string; request_id: string }>(
    `SELECT u.id, u.request_id FROM package_unlocks u
     WHERE u.purchased_at IS NULL AND NOT u.lapsed AND u.purchase_deadline IS NOT NULL AND u.purchase_deadline <= $1
       AND NOT EXISTS (SELECT 1 FROM payment_transactions p WHERE p.metadata ->> 'unlockId' = u.id::text AND p.status = 'completed' AND p.completed_at < u.purchase_deadline)
     ORDER BY u.purchase_deadline, u.id LIMIT ${batch}`,
    [now],
  );
  for (const row of unbought.rows) await step('lapsed', row.request_id, () => lapseUnlock(deps, row.request_id, row.id, ctx));
  return report;
}

/** The upkeep's job: the collaboration requests' deadlines, offers and unlocks. */
export const requestUpkeepJob = upkeepJob('collaboration request upkeep', runRequestUpkeep, 'collaboration requests expired, passed on or lapsed');
