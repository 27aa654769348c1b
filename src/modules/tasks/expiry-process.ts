import type { Logger } from 'pino';
import { systemContext } from '../../platform/domain/context.js';
import type { ProcessDeps } from '../../platform/module.js';
import { upkeepJob, upkeepSteps, type UpkeepReport } from '../../platform/processes/upkeep.js';
import { expireTask } from './commands.js';

const batch = 500;

export type TaskUpkeepReport = UpkeepReport<'expired'>;

/**
 * The tasks' deadlines, however long ago they passed (a start after downtime catches up): a task
 * still waiting for a collaborator (handed and not accepted, or offered and taken by nobody) at
 * its deadline expires, cancelled with the reason, and its order's delivery is free again. A task
 * accepted is never expired: past its deadline it is still done, and read late. Each step is
 * decided on the streams, so a second run, or two processes at once, add nothing.
 */
export async function runTaskUpkeep(deps: ProcessDeps, now: Date, logger?: Pick<Logger, 'warn'>): Promise<TaskUpkeepReport> {
  const report: TaskUpkeepReport = { expired: 0, failed: 0 };
  const ctx = systemContext(now);
  const step = upkeepSteps(report, logger);
  const due = await deps.pool.query<{ id: string }>(`SELECT id FROM tasks WHERE status = 'pending' AND deadline <= $1 ORDER BY deadline, id LIMIT ${batch}`, [now]);
  for (const { id } of due.rows) await step('expired', { taskId: id }, 'task upkeep (expiry) failed', () => expireTask(deps, id, ctx));
  return report;
}

/** The upkeep's job: tasks nobody accepted by their deadline. */
export const taskUpkeepJob = upkeepJob('task upkeep', runTaskUpkeep, 'tasks expired');
