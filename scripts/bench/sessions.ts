import { randomUUID } from 'node:crypto';
import { derivedId } from '../../src/platform/commands/ids.js';
import { metadataOf, systemContext } from '../../src/platform/domain/context.js';
import type { NewEvent } from '../../src/platform/eventstore/types.js';
import { onAssignment } from '../../src/modules/assignments/commands.js';
import { scheduleFor } from '../../src/modules/collaboration-sessions/lifecycle-commands.js';
import { deriveCode } from '../../src/modules/collaboration-sessions/codes.js';
import { runSessionUpkeep } from '../../src/modules/collaboration-sessions/deadlines.js';
import { ACTIVATION_GRACE_MS } from '../../src/modules/collaboration-sessions/labels.js';
import { sessionStreamId, type SessionEvent } from '../../src/modules/collaboration-sessions/session.js';
import { seedCollaborators, seedLarge, SEEDED_PASSWORD } from '../../src/seed-large.js';
import type { System } from '../../src/system.js';
import { Cleanup, type BenchDatabase } from './support/database.js';
import { withTimeout } from './support/measure.js';
import { postLoop, type PostLoopResult } from './support/post-loop.js';
import { formatNumber, formatRatio, Report } from './support/report.js';
import { serveBench, sessionsOver, startBenchSystem } from './support/server.js';
import { readModelsCaughtUp } from '../../tests/support/caught-up.js';

/*
 * npm run bench:sessions [-- --quick]: issue [13]'s figures over HTTP on 127.0.0.1.
 * - Session activation: collaborators each with ready sessions (standard security, their
 *   position at the shop) type their codes on 32 connections, every code once, as fast as the
 *   answers come; then paced at a fixed rate. Beside the no-op POST of the same server, sessions
 *   and connections.
 * - Expiry: 10,000 sessions whose activation window ends at the same moment; the upkeep (what
 *   the deadlines worker runs when its timer fires) expires them all, timed until the read model
 *   shows every one expired. Beside the same upkeep a moment before (nothing due: the look alone)
 *   and 10,000 one-event appends with the same concurrency.
 */
const quick = process.argv.includes('--quick');
const connections = 32;
const collaboratorCount = quick ? 64 : 256;
const sessionsEach = quick ? 10 : 12;
const expiring = quick ? 2_000 : 10_000;
const pacedRate = 150;
const minute = 60_000;

async function inParallel<T>(items: T[], parallel: number, work: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

interface Ready {
  cookie: string;
  code: string;
  latitude: number;
  longitude: number;
}

/** `count` collaborators, each with an assignment at a seeded shop and `each` sessions ready to activate: their codes, as the shop would tell them. */
async function readySessions(
  system: System,
  base: string,
  shops: { storeId: string; latitude: number; longitude: number }[],
  collaborators: { userId: string; username: string }[],
  each: number,
): Promise<Ready[][]> {
  const ctx = systemContext();
  const deps = { store: system.store, pool: system.pool, db: system.db, secret: system.secret };
  const start = Date.now() + 10 * minute;
  const perCollaborator: Ready[][] = collaborators.map(() => []);
  await inParallel(collaborators, 8, async (c, i) => {
    const shop = shops[i % shops.length]!;
    const assignmentId = derivedId('bench-assignment', c.userId);
    await onAssignment(
      system.store,
      assignmentId,
      {
        type: 'CreateAssignment',
        fields: {
          assignmentId,
          origin: 'unlock',
          storeId: shop.storeId,
          storeName: 'Negozio',
          shopkeeperId: randomUUID(),
          collaboratorId: c.userId,
          collaboratorName: c.username,
          requestId: null,
          unlockId: null,
          packageId: null,
          description: 'Catalogo',
          priority: 'medium',
          paymentAmountCents: 4900,
          compensationCents: 3920,
          siteCommissionCents: 980,
          creditsEarned: 0,
          permissions: ['products'],
          dueDate: null,
        },
        now: new Date(),
      },
      ctx,
    );
    for (let k = 0; k < each; k++) {
      const { id } = await scheduleFor(
        deps,
        { assignmentId, accessId: null, storeId: shop.storeId, collaboratorId: c.userId, collaboratorName: c.username, permissions: ['products'] },
        {
          scheduledStartAt: new Date(start + k * minute).toISOString(),
          scheduledEndAt: new Date(start + k * minute + 2 * 60 * minute).toISOString(),
          securityLevel: 'standard',
          aiCredits: 0,
        },
        ctx,
      );
      perCollaborator[i]!.push({ cookie: '', code: deriveCode(system.secret, id, 'activation', 1), latitude: shop.latitude, longitude: shop.longitude });
    }
  });
  const cookies = await sessionsOver(
    base,
    collaborators.map((c) => c.username),
    SEEDED_PASSWORD,
  );
  return perCollaborator.map((list, i) => list.map((r) => ({ ...r, cookie: cookies[i]! })));
}

/** The activations dealt to the connections: each connection its collaborators' sessions, one after the other. */
function activationPlan(base: string, ready: Ready[][], once: boolean, seconds: number, rate?: number) {
  const lists: { url: string; body: unknown; cookie: string }[][] = Array.from({ length: connections }, () => []);
  ready.forEach((sessions, i) => {
    for (const r of sessions)
      lists[i % connections]!.push({ url: `${base}/api/collaboration-sessions/activate`, body: { code: r.code, latitude: r.latitude, longitude: r.longitude }, cookie: r.cookie });
  });
  return { seconds, once, ...(rate ? { rate } : {}), connections: lists.filter((posts) => posts.length).map((posts) => ({ cookie: posts[0]!.cookie, posts })) };
}

/** 10,000 sessions (scheduled as the command writes them) whose activation window ends at `deadline`. */
async function expiringSessions(system: System, count: number, deadline: Date, shop: { storeId: string; latitude: number; longitude: number }): Promise<string[]> {
  const start = new Date(deadline.getTime() - ACTIVATION_GRACE_MS);
  const ids = Array.from({ length: count }, () => randomUUID());
  const meta = metadataOf(systemContext());
  await inParallel(ids, 16, async (id) => {
    const event: SessionEvent = {
      type: 'SessionScheduled',
      data: {
        sessionId: id,
        assignmentId: randomUUID(),
        accessId: null,
        storeId: shop.storeId,
        storeName: 'Negozio',
        storeAddress: 'Via Roma 1',
        storeLatitude: shop.latitude,
        storeLongitude: shop.longitude,
        shopkeeperId: randomUUID(),
        collaboratorId: randomUUID(),
        collaboratorName: 'Collaboratore',
        securityLevel: 'basic',
        permissions: ['products'],
        aiCredits: 0,
        scheduledStartAt: start.toISOString(),
        scheduledEndAt: new Date(start.getTime() + 60 * minute).toISOString(),
        activationCodeKey: randomUUID(),
        activationCodeVersion: 1,
        closureCodeKey: randomUUID(),
        closureCodeVersion: 1,
      },
    };
    const ready: SessionEvent = { type: 'SessionReady', data: { readyAt: new Date(start.getTime() - 30 * minute).toISOString() } };
    const events: NewEvent[] = [event, ready].map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: meta }));
    await system.store.appendToStream(sessionStreamId(id), events, { expectedRevision: 'no_stream' });
  });
  return ids;
}

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  const report = new Report();
  let database: BenchDatabase | null = null;
  try {
    const started = await startBenchSystem(cleanup);
    database = started.database;
    const { system } = started;
    console.error(`[bench] seeding shops and ${collaboratorCount} collaborators`);
    const { shops } = await seedLarge(system.store, { stores: 200, products: 0 });
    const seeded = await seedCollaborators(system.store, { collaborators: Math.ceil(collaboratorCount * 1.6) });
    const collaborators = seeded.collaborators.filter((c) => c.state === 'offered').slice(0, collaboratorCount);
    await readModelsCaughtUp(system, 300_000);
    const base = await serveBench(system, cleanup, { routes: (app) => app.route({ method: 'POST', url: '/api/bench/noop-post', handler: async () => ({ ok: true }) }) });

    console.error(`[bench] ${collaboratorCount * sessionsEach * 2} sessions ready to activate`);
    const closed = await readySessions(system, base, shops, collaborators, sessionsEach);
    const paced = await readySessions(
      system,
      base,
      shops,
      collaborators.map((c) => ({ ...c })),
      sessionsEach,
    );
    const single = await readySessions(system, base, shops, collaborators.slice(0, 10), sessionsEach);
    await readModelsCaughtUp(system, 300_000);
    await system.pool.query('ANALYZE');

    // The baseline: the same collaborators' sessions posting to a no-op route, on the same connections.
    const noopPlan = (once: boolean, rate?: number) => {
      const plan = activationPlan(base, closed, once, 20, rate);
      return { ...plan, connections: plan.connections.map((c) => ({ cookie: c.cookie, posts: c.posts.map((p) => ({ ...p, url: `${base}/api/bench/noop-post` })) })) };
    };
    // The pages the seeding dirtied written out now, not by a checkpoint in the middle of a measurement.
    await system.pool.query('CHECKPOINT').catch(() => {});
    // Lightest load first: one client, then paced, then as fast as they come.
    console.error('[bench] activations, one client');
    const oneNoop = await postLoop({ ...noopPlan(false), seconds: 5, connections: [noopPlan(false).connections[0]!] });
    const singlePlan = activationPlan(base, single, true, 60);
    const oneRun = await postLoop({ ...singlePlan, connections: [{ cookie: singlePlan.connections[0]!.cookie, posts: singlePlan.connections.flatMap((c) => c.posts) }] });
    console.error(`[bench] activations at ${pacedRate}/s`);
    const noopPaced = await postLoop({ ...noopPlan(false, pacedRate), seconds: 10 });
    const pacedRun = await postLoop(activationPlan(base, paced, true, Math.min(20, (collaboratorCount * sessionsEach) / pacedRate), pacedRate));
    console.error('[bench] activations, as fast as they come');
    const noopClosed = await postLoop(noopPlan(true));
    const activations = await postLoop(activationPlan(base, closed, true, 120));
    const active = await system.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM collaboration_sessions WHERE status = 'active'`);
    const activationRow = (title: string, run: PostLoopResult, noop: PostLoopResult, target?: number) =>
      report.add({
        measurement: title,
        value: `${run.p50.toFixed(1)} / ${run.p95.toFixed(1)} / ${run.p99.toFixed(1)}`,
        unit: 'ms',
        baseline: noop.p95.toFixed(1),
        ratio: (run.p95 / noop.p95).toFixed(1),
        ...(target ? { target: `p95 ≤ ${target} ms`, passed: run.p95 <= target && run.ok === run.answers } : {}),
      });
    activationRow('session activation, 1 client, one after the other (p50 / p95 / p99)', oneRun, oneNoop);
    activationRow(`session activation, ${connections} connections, as fast as they come (p50 / p95 / p99)`, activations, noopClosed, 30);
    report.add({
      measurement: '  activations per second',
      value: formatNumber(activations.perSecond),
      unit: 'req/s',
      baseline: formatNumber(noopClosed.perSecond),
      ratio: formatRatio(activations.perSecond, noopClosed.perSecond),
    });
    activationRow(`session activation, ${connections} connections, ${pacedRate} a second (p50 / p95 / p99)`, pacedRun, noopPaced, 30);

    // Expiry: 10,000 sessions whose activation window ends at the same moment.
    console.error(`[bench] ${expiring} sessions expiring at the same moment`);
    const deadline = new Date(Date.now() + 2 * 60 * minute);
    const ids = await expiringSessions(system, expiring, deadline, shops[0]!);
    await readModelsCaughtUp(system, 300_000);
    const look = performance.now();
    const before = await runSessionUpkeep(system, new Date(deadline.getTime() - 1));
    const lookMs = performance.now() - look;
    const appendsStarted = performance.now();
    await inParallel(
      Array.from({ length: expiring }, () => randomUUID()),
      12,
      async (id) => {
        await system.store.appendToStream(`bench-noop-${id}`, [{ id: randomUUID(), type: 'BenchNoop', data: {}, metadata: metadataOf(systemContext()) }], {
          expectedRevision: 'no_stream',
        });
      },
    );
    const appendsMs = performance.now() - appendsStarted;
    const expiryStarted = performance.now();
    const upkeep = await runSessionUpkeep(system, deadline);
    const expiredMs = performance.now() - expiryStarted;
    const expiredCount = async () =>
      (await system.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM collaboration_sessions WHERE id = ANY ($1::uuid[]) AND status = 'expired'`, [ids])).rows[0]!.n;
    while ((await expiredCount()) < expiring && performance.now() - expiryStarted < 120_000) await new Promise((r) => setTimeout(r, 50));
    const readModelMs = performance.now() - expiryStarted;
    const expired = await expiredCount();
    report.add({
      measurement: `${formatNumber(expiring)} sessions expiring at the same moment: all expired (read model)`,
      value: formatNumber(readModelMs),
      unit: 'ms',
      baseline: formatNumber(appendsMs),
      ratio: formatRatio(readModelMs, appendsMs),
      target: '≤ 10,000 ms',
      passed: expired === expiring && readModelMs <= 10_000 && upkeep.failed === 0,
    });
    report.add({
      measurement: "  of which the upkeep's run (every stream written)",
      value: formatNumber(expiredMs),
      unit: 'ms',
      baseline: formatNumber(lookMs),
      ratio: formatRatio(expiredMs, lookMs),
    });

    report.detail(
      `activation: ${collaboratorCount} collaborators (seeded, approved, each a session over HTTP), ${sessionsEach} ready sessions each per run (standard security, the position of their shop), ` +
        `every code once; as fast as they come: ${activations.answers} answers in ${activations.seconds.toFixed(1)} s, statuses ${JSON.stringify(activations.statuses)}${activations.firstError ? ` (first error: ${activations.firstError})` : ''}; ` +
        `paced: ${pacedRun.answers} answers, statuses ${JSON.stringify(pacedRun.statuses)}; ${active.rows[0]!.n} sessions active afterwards. Each answer waits for the read models, as every command answer does`,
    );
    report.detail(
      `activation baselines, same run: the same sessions and connections posting to a no-op route: ${formatNumber(noopClosed.perSecond)} req/s, p50 ${noopClosed.p50.toFixed(1)} / p95 ${noopClosed.p95.toFixed(1)} ms; ` +
        `at ${pacedRate}/s p50 ${noopPaced.p50.toFixed(1)} / p95 ${noopPaced.p95.toFixed(1)} ms`,
    );
    report.detail(
      `expiry: ${formatNumber(expiring)} sessions whose activation window ends at the same moment (written as the command writes them); the upkeep run at that moment ` +
        `(looked ${upkeep.looked}, expired ${upkeep.expired}, failed ${upkeep.failed}) then the read model polled until all ${formatNumber(expiring)} read expired: ${expired}; ` +
        `baselines: the same upkeep a millisecond before (nothing due, looked ${before.looked}) ${formatNumber(lookMs)} ms; ${formatNumber(expiring)} one-event appends, 12 at a time, ${formatNumber(appendsMs)} ms`,
    );
    if (database) report.detail(`data: 200 shops; ${database.description}`);
  } finally {
    console.log('\nSessions benchmark\n');
    report.print();
    await withTimeout(cleanup.runAll(), 60_000, 'cleanup').catch((err: unknown) => console.error(err));
  }
}

await main();
