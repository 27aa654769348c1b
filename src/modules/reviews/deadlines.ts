import type { Logger } from 'pino';
import { systemContext } from '../../platform/domain/context.js';
import type { PeriodicJob, ProcessDeps } from '../../platform/module.js';
import { publishDue } from './commands.js';

const page = 1_000;

export interface ReviewUpkeepReport {
  looked: number;
  published: number;
  failed: number;
}

/**
 * The blind windows that ended, however long ago (a start after downtime catches up): each
 * subject's blind reviews published once, decided on its stream, so a second run, or two
 * processes at once, add nothing. Reads show them public from the window's end anyway.
 */
export async function runReviewUpkeep(deps: Pick<ProcessDeps, 'store' | 'pool'>, now: Date, logger?: Pick<Logger, 'warn'>): Promise<ReviewUpkeepReport> {
  const report: ReviewUpkeepReport = { looked: 0, published: 0, failed: 0 };
  const ctx = systemContext(now);
  let after: string | null = null;
  for (;;) {
    const { rows }: { rows: { subject_id: string }[] } = await deps.pool.query<{ subject_id: string }>(
      `SELECT DISTINCT subject_id FROM reviews WHERE published_at IS NULL AND window_ends_at <= $1 AND ($2::uuid IS NULL OR subject_id > $2::uuid)
       ORDER BY subject_id LIMIT ${page}`,
      [now, after],
    );
    for (const { subject_id: id } of rows) {
      report.looked++;
      try {
        if (await publishDue(deps, id, ctx)) report.published++;
      } catch (err) {
        report.failed++;
        logger?.warn({ err, subjectId: id }, 'review publication failed');
      }
    }
    if (rows.length < page) break;
    after = rows.at(-1)!.subject_id;
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
