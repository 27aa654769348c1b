import { systemContext } from '../../platform/domain/context.js';
import type { PeriodicJob } from '../../platform/module.js';
import { moveErasureOn } from './commands.js';
import { openErasures } from './queries.js';

/** Every minute (and at start, catching up): each open erasure moved on as far as it can go. */
export const erasureJob: PeriodicJob = {
  name: 'privacy: erasures',
  async run(deps, now, logger) {
    for (const erasure of await openErasures(deps.pool)) {
      try {
        await moveErasureOn(deps, erasure.userId, erasure.status, { readModels: erasure.readModels, at: erasure.carriedOutAt }, systemContext(now), logger);
      } catch (err) {
        logger?.warn({ err, userId: erasure.userId }, 'privacy: erasure not moved on');
      }
    }
  },
};
