import type { Logger } from 'pino';
import type { UpkeepReport } from '../../platform/processes/upkeep.js';
import { systemContext } from '../../platform/domain/context.js';
import type { PeriodicJob, ProcessDeps } from '../../platform/module.js';
import { startReadModelWorker } from '../../platform/processes/wake.js';
import { upkeepSession } from './lifecycle-commands.js';

/** Sessions looked at together, and at once. */
const page = 2_000;
const concurrency = 16;
/** Credits still to send or settle this long after the session's last change: finished by the upkeep (a crash between two steps). */
const creditsGraceMs = 30_000;

export type SessionUpkeepReport = UpkeepReport<'looked' | 'ready' | 'expired' | 'credits'>;

/**
 * The sessions' deadlines, however long ago they passed (a start after downtime catches up):
 * ready at readyAt, expired past the activation window or past the end and its grace; and the
 * credits of a session still to send (active) or to settle (over). Each step is decided on the
 * session's stream, so a second run, or two processes at once, add nothing.
 */
export async function runSessionUpkeep(deps: ProcessDeps, now: Date, logger?: Pick<Logger, 'warn'>): Promise<SessionUpkeepReport> {
  const report: SessionUpkeepReport = { looked: 0, ready: 0, expired: 0, credits: 0, failed: 0 };
  const work = { store: deps.store, pool: deps.pool, db: deps.db, secret: deps.secret };
  const ctx = systemContext(now);
  const step = async (id: string) => {
    try {
      const done = await upkeepSession(work, id, ctx);
      report.ready += Number(done.ready);
      report.expired += Number(done.expired);
      report.credits += Number(done.credits);
    } catch (err) {
      report.failed++;
      logger?.warn({ err, sessionId: id }, 'sessioni di collaborazione: la manutenzione non è riuscita');
    }
  };
  const inParallel = async (ids: string[]) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, ids.length) }, async () => {
        while (next < ids.length) await step(ids[next++]!);
      }),
    );
    report.looked += ids.length;
  };
  // What is due, a page at a time in deadline order: the read model lags the streams just
  // written, so each page starts after the last one rather than from the top again.
  let after = null as { deadline: Date; id: string } | null;
  for (;;) {
    const { rows }: { rows: { id: string; deadline: Date }[] } = await deps.pool.query<{ id: string; deadline: Date }>(
      `SELECT id, deadline FROM collaboration_sessions WHERE deadline IS NOT NULL AND deadline <= $1
         AND ($2::timestamptz IS NULL OR (deadline, id) > ($2::timestamptz, $3::uuid))
       ORDER BY deadline, id LIMIT ${page}`,
      [now, after?.deadline ?? null, after?.id ?? null],
    );
    await inParallel(rows.map((r) => r.id));
    if (rows.length < page) break;
    after = rows.at(-1)!;
  }
  // Credits still to send (active) or to settle (over) some time after the session's last change: a crash between two steps.
  const { rows: credits } = await deps.pool.query<{ id: string }>(
    `SELECT id FROM collaboration_sessions
     WHERE ai_credits_allocated > 0 AND NOT credits_settled AND (status = 'active' OR status IN ('completed', 'expired', 'revoked'))
       AND ((status = 'active' AND ai_credits_sent IS NULL) OR status <> 'active') AND updated_at < $1 LIMIT ${page}`,
    [new Date(now.getTime() - creditsGraceMs)],
  );
  await inParallel(credits.map((r) => r.id));
  return report;
}

/** At start and every minute, with the other jobs: a safety net under the worker below. */
export const sessionUpkeepJob: PeriodicJob = {
  name: 'collaboration session upkeep',
  async run(deps, now, logger) {
    const report = await runSessionUpkeep(deps, now, logger);
    if (report.ready || report.expired || report.credits || report.failed) logger?.info(report, 'collaboration sessions ready, expired or settled');
  },
};

/**
 * The deadlines' worker: it looks when a deadline comes (a timer set to the next one), when the
 * sessions' read model moves on (a session scheduled, moved, activated), and every half minute.
 */
export function startSessionDeadlines(deps: ProcessDeps, { logger }: { logger?: Logger }): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  /** The timer set to the next deadline (at most half a minute away), which asks the worker for a look then. */
  const planNext = async () => {
    const { rows } = await deps.pool.query<{ next: Date | null }>('SELECT min(deadline) AS next FROM collaboration_sessions WHERE deadline IS NOT NULL');
    const next = rows[0]?.next;
    if (timer) clearTimeout(timer);
    timer = null;
    if (!next || stopped) return;
    // A little after the deadline: the moment itself counts as passed (now >= deadline).
    timer = setTimeout(() => worker.lookNow(), Math.max(0, Math.min(next.getTime() - Date.now() + 5, 30_000))).unref();
  };
  const worker = startReadModelWorker(deps.pool, {
    readModels: ['collaboration-sessions'],
    look: async () => {
      const report = await runSessionUpkeep(deps, new Date(), logger);
      if (report.failed) logger?.warn(report, 'sessioni di collaborazione: alcune scadenze non sono state applicate');
      await planNext();
      return report.ready + report.expired + report.credits;
    },
    applicationName: 'vicino-session-deadlines',
    failed: (err) => logger?.error({ err }, 'sessioni di collaborazione: non è stato possibile controllare le scadenze'),
    logger,
    pollMs: 30_000,
    gapMs: 100,
  });
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await worker.stop();
    },
  };
}
