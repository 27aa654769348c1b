import type { Logger } from 'pino';
import { systemContext } from '../../platform/domain/context.js';
import type { PeriodicJob, ProcessDeps } from '../../platform/module.js';
import { upkeepSteps, type UpkeepReport } from '../../platform/processes/upkeep.js';
import { publishDue } from './commands.js';
import { subjectsDue } from './queries.js';

const page = 1_000;

export type ReviewUpkeepReport = UpkeepReport<'looked' | 'published'>;

/**
 * The blind windows that ended, however long ago (a start after downtime catches up): each
 * subject's blind reviews published once, decided on its stream, so a second run, or two
 * processes at once, add nothing. Reads show them public from the window's end anyway.
 */
export async function runReviewUpkeep(deps: Pick<ProcessDeps, 'store' | 'db'>, now: Date, logger?: Pick<Logger, 'warn'>): Promise<ReviewUpkeepReport> {
  const report: ReviewUpkeepReport = { looked: 0, published: 0, failed: 0 };
  const ctx = systemContext(now);
  const step = upkeepSteps(report, logger);
  let after: string | null = null;
  for (;;) {
    const subjects = await subjectsDue(deps.db, now, after, page);
    for (const id of subjects) {
      report.looked++;
      await step('published', { subjectId: id }, 'review publication failed', () => publishDue(deps, id, ctx));
    }
    if (subjects.length < page) break;
    after = subjects.at(-1)!;
  }
  return report;
}

/** At start and every minute, with the other jobs. */
export const reviewUpkeepJob: PeriodicJob = {
  name: 'review publication',
  async run(deps, now, logger) {
    const report = await runReviewUpkeep(deps, now, logger);
    if (report.published || report.failed) logger?.info(report, 'blind reviews published at the end of their window');
  },
};
