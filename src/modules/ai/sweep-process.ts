import type { PeriodicJob } from '../../platform/module.js';
import { settleAbandonedAiCalls } from './commands.js';
import { unsettledCalls } from './queries.js';

/** The upkeep's job: the credits of AI calls a crash left held go back (or are charged, when the call had answered). */
export const aiCallSweepJob: PeriodicJob = {
  name: 'ai call sweep',
  async run(deps, now, logger) {
    const settled = await settleAbandonedAiCalls(deps, now, await unsettledCalls(deps.db, now));
    if (settled) logger?.info({ settled }, 'abandoned AI calls settled');
  },
};
