import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { collaboratorsCoveringPage } from '../../src/modules/collaborators/queries.js';
import { seedCollaborators, seedLarge, SEEDED_PASSWORD, type SeededCollaborator, type SeededShop } from '../../src/seed-large.js';
import type { System } from '../../src/system.js';
import { acceptRace } from './support/accept-race.js';
import type { Cleanup } from './support/database.js';
import { summarize, withTimeout, type LatencySummary } from './support/measure.js';
import type { LoadResult } from './support/measure.js';
import { formatNumber, formatRatio, Report } from './support/report.js';
import { benchmark, serveBench, sessionOver, sessionsOver } from './support/server.js';

/*
 * npm run bench:collaborators [-- --quick]: issue [12]'s figures over HTTP on 127.0.0.1, on 5,000
 * active shops and 20,000 collaborators over Italy (src/seed-large.ts seedLarge() and
 * seedCollaborators(): clustered around the cities, radii 1–50 km, mixed services, most approved,
 * some pending, suspended, rejected, inactive or unavailable), each figure beside the
 * authenticated no-op GET (or, for the accepts, no-op POST) of the same server measured in the same run. Each figure is a section:
 * a function that measures on the shared server and seeded data (BenchContext) and adds its rows
 * and details to the one table.
 */
const quick = process.argv.includes('--quick');
export const size = quick ? { stores: 500, collaborators: 2_000 } : { stores: 5_000, collaborators: 20_000 };
const samples = quick ? 300 : 2_000;
/** The different shopkeepers the requests go round, each with a session of their own. */
const shopkeeperCount = quick ? 50 : 200;
const connections = 32;
const loadSeconds = quick ? 5 : 10;
/** No request loop runs past this, whatever the machine's speed. */
const sectionTimeoutMs = 10 * 60_000;

const run = promisify(execFile);

/** What every section measures with: the served app, the seeded shops and collaborators, the one table. */
export interface BenchContext {
  base: string;
  system: System;
  /** Every seeded shop (its shopkeeper's username; password SEEDED_PASSWORD), in seeding order. */
  shops: SeededShop[];
  /** Every seeded collaborator (username, password SEEDED_PASSWORD, state: only 'offered' ones are approved, active and available). */
  collaborators: SeededCollaborator[];
  /** The Cookie header of a new session of a seeded user (shopkeeper or collaborator), logged in over HTTP. */
  session: (username: string) => Promise<string>;
  /** Sessions of many seeded users, a few logins at a time (each login checks a scrypt hash: tens of ms). */
  sessions: (usernames: string[]) => Promise<string[]>;
  report: Report;
  /** The authenticated no-op GET's latency with one client (sequential requests), measured once before the sections. */
  noop1: LatencySummary;
  /** The authenticated no-op GET with `connections` connections: req/s and latency. */
  noopLoad: LoadResult;
  cleanup: Cleanup;
}

type Section = { name: string; run: (ctx: BenchContext) => Promise<void> };

/** A GET with the session of one user. */
type Get = { url: string; cookie: string };

/** `count` sequential GETs of one client (after `warmUp` uncounted ones), the i-th `get(i)`: their latency. */
async function oneClient(get: (i: number) => Get, { count = samples, warmUp = 100 }: { count?: number; warmUp?: number } = {}): Promise<LatencySummary> {
  const times: number[] = [];
  for (let i = -warmUp; i < count; i++) {
    const { url, cookie } = get(i + warmUp);
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (i >= 0) times.push(performance.now() - started);
  }
  return summarize(times);
}

/** `gets` taken in turn by `connections` connections for `loadSeconds`, autocannon in a process of its own (support/load.ts). */
async function load(gets: Get[]): Promise<LoadResult> {
  const script = fileURLToPath(new URL('./support/load.ts', import.meta.url));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, JSON.stringify(gets), String(connections), String(loadSeconds)], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as LoadResult;
}

/** `count` items spread evenly over `list` (every k-th): the shops of every city in their proportion. */
const spreadOver = <T>(list: T[], count: number): T[] =>
  Array.from({ length: Math.min(count, list.length) }, (_, i) => list[Math.floor((i * list.length) / Math.min(count, list.length))]!);

/** Great-circle distance as SQL distance_km() (migration 014) computes it, to check the answers against the seeded data. */
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6378.168 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * "Collaborators covering this shop" (GET /api/collaborators/covering-my-shop), as many different
 * shopkeepers in turn, each with a session of their own: one client's latency percentiles, then
 * req/s with 32 connections; every shopkeeper's answer first checked against the seeded data.
 */
const coveringMyShop: Section = {
  name: 'collaborators covering my shop',
  async run({ base, system, shops, collaborators, sessions, report, noop1, noopLoad }) {
    const measured = spreadOver(shops, shopkeeperCount);
    const cookies = await sessions(measured.map((s) => s.username));
    const url = `${base}/api/collaborators/covering-my-shop`;
    const serviceUrl = `${url}?service=inventory`;

    // Each shopkeeper's answer against the seeded data: the offered collaborators whose circle holds
    // the shop, how many in all (X-Total-Count) and the nearest page of them (24 by default).
    const offered = collaborators.filter((c) => c.state === 'offered');
    let same = 0;
    let firstDifference: string | null = null;
    const counts: number[] = [];
    for (const [i, shop] of measured.entries()) {
      const response = await fetch(url, { headers: { cookie: cookies[i]! } });
      if (!response.ok) throw new Error(`${url} as ${shop.username} answered ${response.status}: ${await response.text()}`);
      const answer = (await response.json()) as { userId: string; distanceKm: number }[];
      const total = Number(response.headers.get('x-total-count'));
      const expected = offered
        .map((c) => ({ userId: c.userId, d: distanceKm(shop.latitude, shop.longitude, c.latitude, c.longitude), r: c.radiusKm }))
        .filter((c) => c.d <= c.r)
        .sort((a, b) => a.d - b.d || (a.userId < b.userId ? -1 : 1));
      const nearest = expected
        .slice(0, answer.length)
        .map((c) => c.userId)
        .sort();
      const got = answer.map((c) => c.userId).sort();
      counts.push(total);
      if (total === expected.length && answer.length === Math.min(24, expected.length) && JSON.stringify(got) === JSON.stringify(nearest)) same++;
      else firstDifference ??= `${shop.username}: ${total} in all and ${got.length} answered, ${expected.length} expected`;
    }
    if (same < measured.length) console.error(`[bench] covering-my-shop answers differ from the seeded data (${firstDifference})`);

    const get =
      (u: string) =>
      (i: number): Get => ({ url: u, cookie: cookies[i % cookies.length]! });
    const covering1 = await oneClient(get(url));
    const coveringService1 = await oneClient(get(serviceUrl));
    const coveringLoad = await load(cookies.map((cookie) => ({ url, cookie })));

    const latencyRow = report.latencyRows(noop1);
    latencyRow(`collaborators covering my shop, ${measured.length} shopkeepers in turn, 1 client (p50 / p95 / p99)`, covering1, 20);
    latencyRow('… only those offering a service (?service=inventory), 1 client', coveringService1, 20);
    report.add({
      measurement: `collaborators covering my shop, ${connections} connections`,
      value: formatNumber(coveringLoad.requestsPerSecond),
      unit: 'req/s',
      baseline: formatNumber(noopLoad.requestsPerSecond),
      ratio: (coveringLoad.requestsPerSecond / noopLoad.requestsPerSecond).toFixed(2),
    });
    const sorted = [...counts].sort((a, b) => a - b);
    report.detail(
      `covering my shop: ${measured.length} shopkeepers (every ${Math.round(shops.length / measured.length)}th shop, so each city in its share), their sessions in turn; ` +
        `${sorted[0]}–${sorted[sorted.length - 1]} collaborators cover a shop (median ${sorted[Math.floor(sorted.length / 2)]}), the nearest 24 in a page, the count in X-Total-Count; ` +
        `answers equal to the seeded data's (offered, distance ≤ radius, nearest first): ${same} of ${measured.length}${firstDifference ? ` — first difference ${firstDifference}` : ''}`,
    );
    report.detail(
      `one client: ${samples} sequential requests after 100 uncounted; ${connections} connections: autocannon in its own process, ${loadSeconds} s, ` +
        `p50 ${coveringLoad.p50} ms, p99 ${coveringLoad.p99} ms, errors ${coveringLoad.errors} (no-op: p50 ${noopLoad.p50} ms, errors ${noopLoad.errors})`,
    );
    // The query alone, in process: what the HTTP round trip adds around it.
    const inProcess: number[] = [];
    for (let i = 0; i < Math.min(samples, 500); i++) {
      const shop = measured[i % measured.length]!;
      const started = performance.now();
      await collaboratorsCoveringPage(system.db, { latitude: shop.latitude, longitude: shop.longitude }, { paging: { page: 1, pageSize: 24 } });
      inProcess.push(performance.now() - started);
    }
    const q = summarize(inProcess);
    report.detail(`the query alone (collaboratorsCoveringPage, first page, in process, no HTTP): p50 ${q.p50.toFixed(2)} / p95 ${q.p95.toFixed(2)} / p99 ${q.p99.toFixed(2)} ms`);
  },
};

/** The race: how many collaborators accept how many waiting requests at once (issue [12]: 200 and 50). */
const race = { racers: 200, requests: 50 };

/** A deterministic shuffle (mulberry32 of `seed`): each racer's own order, the same from run to run. */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  let a = seed >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Where the race runs: the shops nearest one seeded shop (the centre) that the most offered
 * collaborators all cover. Each candidate centre (shops spread over every city) ranks its nearest
 * `race.requests` shops by distance; an offered collaborator covers a prefix of them (up to the
 * first shop outside their circle); the best centre has at least `race.racers` collaborators
 * covering its first k shops for the largest k. On a smaller seed (--quick) where no centre has
 * that many, the centre with the most collaborators covering its nearest shop, and as many racers
 * as cover it.
 */
function raceGround(shops: SeededShop[], collaborators: SeededCollaborator[]): { shops: SeededShop[]; racers: SeededCollaborator[] } {
  const offered = collaborators.filter((c) => c.state === 'offered');
  // A centre's score: [1, k, count] when `race.racers` cover its first k shops (the largest such k), else [0, 1, how many cover its nearest shop].
  let best: { score: number[]; shops: SeededShop[]; covering: SeededCollaborator[] } | null = null;
  const above = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
    return false;
  };
  for (const centre of spreadOver(shops, 600)) {
    const nearest = shops
      .map((s) => ({ s, d: distanceKm(centre.latitude, centre.longitude, s.latitude, s.longitude) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, race.requests)
      .map((x) => x.s);
    const prefixes: { c: SeededCollaborator; p: number }[] = [];
    for (const c of offered) {
      let p = 0;
      while (p < nearest.length && distanceKm(nearest[p]!.latitude, nearest[p]!.longitude, c.latitude, c.longitude) <= c.radiusKm) p++;
      if (p > 0) prefixes.push({ c, p });
    }
    let k = nearest.length;
    while (k > 1 && prefixes.filter((x) => x.p >= k).length < race.racers) k--;
    const covering = prefixes.filter((x) => x.p >= k).map((x) => x.c);
    const score = covering.length >= race.racers ? [1, k, covering.length] : [0, 1, covering.length];
    if (!best || above(score, best.score)) best = { score, shops: nearest.slice(0, k), covering };
  }
  if (!best || best.covering.length === 0) throw new Error('no offered collaborator covers any seeded shop');
  return { shops: best.shops, racers: spreadOver(best.covering, race.racers) };
}

/**
 * Issue [12]'s second figure: "200 collaborators accepting 50 waiting requests at once → 50
 * winners, no double assignment, printed with the time it took". The shops of one dense city
 * (raceGround: the shops nearest a centre that 200 offered collaborators all cover) post 50
 * `waiting` requests (no required service, the response deadline 2 h away), a few per shop, as
 * their shopkeepers over HTTP; then the 200 collaborators accept at once, in a process of their
 * own (support/accept-race.ts), each on the requests in its own shuffled order until it wins one
 * or every one answered 409 — as people grabbing jobs from a list. Why that and not "each fires at
 * one request": four racers on each request would test 50 small races of four; grabbing puts all
 * 200 on every request the moment it opens, keeps the losers coming at the requests still open
 * while the winners' appends land (a request is raced by tens at once), and ends on the state that
 * matters — every request taken by one, every racer either a winner of one or told all are taken.
 * The clock starts at the first accept sent, after every session was made (a login checks a
 * scrypt hash) and every connection opened. Then: 50 winners, no request with two 200s, no racer
 * with two; every request read back as its shopkeeper (accepted, by its winner) and its stream
 * (one CollaborationRequestAccepted, by the winner; its unlock unlocked once). Beside it, same
 * run, same 200 sessions and connections: one no-op POST each at once (the wave), and as many
 * no-op POSTs per racer as it sent accepts (the burst).
 */
export async function waitingRequestsAcceptedAtOnce(ctx: BenchContext): Promise<void> {
  const { base, system, report } = ctx;
  const ground = raceGround(ctx.shops, ctx.collaborators);
  const requestCount = Math.min(race.requests, Math.max(1, ground.racers.length - 1));
  console.error(`[bench] race: ${ground.racers.length} collaborators covering ${ground.shops.length} shops, ${requestCount} waiting requests`);

  const shopCookies = await ctx.sessions(ground.shops.map((s) => s.username));
  const responseDeadline = new Date(Date.now() + 2 * 3600_000).toISOString();
  const requests: { id: string; shop: number; unlockId: string }[] = [];
  for (let i = 0; i < requestCount; i++) {
    const shop = i % ground.shops.length;
    const response = await fetch(`${base}/api/collaboration-requests`, {
      method: 'POST',
      headers: { cookie: shopCookies[shop]!, 'content-type': 'application/json' },
      body: JSON.stringify({
        requestType: 'waiting',
        message: `Serve aiuto in negozio (richiesta ${i + 1} del benchmark)`,
        estimatedDuration: 120,
        maxBudget: 40,
        requiredServices: [],
        responseDeadline,
      }),
    });
    if (response.status !== 201) throw new Error(`waiting request ${i + 1} answered ${response.status}: ${await response.text()}`);
    const created = (await response.json()) as { id: string; status: string; unlock: { id: string } };
    if (created.status !== 'waiting') throw new Error(`waiting request ${i + 1} is ${created.status}`);
    requests.push({ id: created.id, shop, unlockId: created.unlock.id });
  }
  const racerCookies = await ctx.sessions(ground.racers.map((c) => c.username));
  const acceptUrl = (id: string) => `${base}/api/collaboration-requests/${id}/accept`;
  const result = await acceptRace({
    noopUrl: `${base}/api/bench/noop-post`,
    racers: racerCookies.map((cookie, r) => ({
      cookie,
      acceptUrls: shuffled(
        requests.map((q) => acceptUrl(q.id)),
        1000 + r,
      ),
    })),
  });

  // What the racers were told.
  const requestOf = new Map(requests.map((q) => [acceptUrl(q.id), q]));
  const statuses: Record<string, number> = {};
  for (const a of result.attempts) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const wins = result.attempts.filter((a) => a.status === 200).sort((a, b) => a.answeredMs - b.answeredMs);
  const winnersOf = new Map<string, number[]>();
  for (const w of wins) winnersOf.set(requestOf.get(w.url)!.id, [...(winnersOf.get(requestOf.get(w.url)!.id) ?? []), w.racer]);
  const racersWinning = new Map<number, number>();
  for (const w of wins) racersWinning.set(w.racer, (racersWinning.get(w.racer) ?? 0) + 1);
  const doubleRequests = [...winnersOf.values()].filter((r) => r.length > 1).length;
  const doubleRacers = [...racersWinning.values()].filter((n) => n > 1).length;
  const taken = 'Questa richiesta è già stata accettata da un altro collaboratore.';
  const otherAnswers = result.attempts.filter((a) => a.status !== 200 && !(a.status === 409 && a.message === taken));
  const losersToldAllTaken = ground.racers.filter(
    (_, r) => !racersWinning.has(r) && result.attempts.filter((a) => a.racer === r && a.status === 409).length === requests.length,
  ).length;

  // Read back: the shopkeeper's view and the event log of every request.
  await system.projections.waitFor(await system.store.headPosition(), 60_000);
  let readBackOk = 0;
  let streamsOk = 0;
  let firstDifference: string | null = null;
  for (const q of requests) {
    const winner = winnersOf.get(q.id)?.[0];
    const winnerId = winner === undefined ? null : ground.racers[winner]!.userId;
    const response = await fetch(`${base}/api/collaboration-requests/${q.id}`, { headers: { cookie: shopCookies[q.shop]! } });
    const seen = (await response.json()) as { status: string; collaboratorId: string | null; unlock: { unlockStatus: string } | null };
    if (response.ok && seen.status === 'accepted' && winnerId && seen.collaboratorId === winnerId && seen.unlock?.unlockStatus === 'unlocked_collaborator') readBackOk++;
    else firstDifference ??= `request ${q.id} read ${response.status} ${seen.status} by ${seen.collaboratorId}, won by ${winnerId}`;
    const accepted = (await system.store.readStream(`collaboration-request-${q.id}`)).filter((e) => e.type === 'CollaborationRequestAccepted');
    const unlocked = (await system.store.readStream(`package-unlock-${q.unlockId}`)).filter((e) => e.type === 'PackageUnlockUnlocked');
    if (accepted.length === 1 && (accepted[0]!.data as { collaboratorId: string }).collaboratorId === winnerId && unlocked.length === 1) streamsOk++;
    else firstDifference ??= `request ${q.id}: ${accepted.length} CollaborationRequestAccepted, ${unlocked.length} PackageUnlockUnlocked, won by ${winnerId}`;
  }

  const allWon = wins.length === requests.length && winnersOf.size === requests.length;
  const passed = allWon && doubleRequests === 0 && doubleRacers === 0 && readBackOk === requests.length && streamsOk === requests.length && otherAnswers.length === 0;
  const lastWinMs = wins.at(-1)?.answeredMs ?? Number.NaN;
  const firstWinMs = wins[0]?.answeredMs ?? Number.NaN;
  const acceptsPerSecond = result.attempts.length / (result.raceMs / 1000);
  const noopPerSecond = result.burst.answers / (result.burst.ms / 1000);
  const latency = summarize(result.attempts.map((a) => a.answeredMs - a.sentMs));
  const noopLatency = summarize(result.burst.latencies);
  const winLatency = summarize(wins.map((a) => a.answeredMs - a.sentMs));
  const title = `${ground.racers.length} collaborators accepting ${requests.length} waiting requests at once`;
  report.add({
    measurement: title,
    value: `${wins.length} winners, ${doubleRequests} double`,
    unit: '—',
    target: `${requests.length} winners, no double`,
    passed,
  });
  report.add({
    measurement: `  from the first accept to the ${requests.length}th winner`,
    value: formatNumber(lastWinMs),
    unit: 'ms',
    baseline: formatNumber(result.wave.ms),
    ratio: formatRatio(lastWinMs, result.wave.ms),
  });
  report.add({
    measurement: `  the whole burst (${result.attempts.length} accepts, until every racer won or saw all taken)`,
    value: formatNumber(result.raceMs),
    unit: 'ms',
    baseline: formatNumber(result.burst.ms),
    ratio: formatRatio(result.raceMs, result.burst.ms),
  });
  report.add({
    measurement: '  accepts answered per second in the burst',
    value: formatNumber(acceptsPerSecond),
    unit: 'req/s',
    baseline: formatNumber(noopPerSecond),
    ratio: formatRatio(acceptsPerSecond, noopPerSecond),
  });
  report.add({
    measurement: "  an accept's latency in the burst (p50 / p95 / p99)",
    value: `${latency.p50.toFixed(1)} / ${latency.p95.toFixed(1)} / ${latency.p99.toFixed(1)}`,
    unit: 'ms',
    baseline: noopLatency.p95.toFixed(1),
    ratio: (latency.p95 / noopLatency.p95).toFixed(1),
  });
  report.detail(
    `waiting requests accepted at once: ${requests.length} waiting requests (no required service) from the ${ground.shops.length} shops nearest a seeded shop, ` +
      `${ground.racers.length} offered collaborators whose circles all cover those shops; each racer a session of its own on a connection of its own (${ground.racers.length} sockets, opened before the clock), ` +
      `accepting in its own shuffled order until it won one or was told 409 by all, in a process of its own`,
  );
  report.detail(
    `race answers ${JSON.stringify(statuses)}: ${wins.length} winners (first at ${formatNumber(firstWinMs)} ms, ${requests.length}th at ${formatNumber(lastWinMs)} ms), ` +
      `the last winning accept sent at ${formatNumber(wins.at(-1)?.sentMs ?? Number.NaN)} ms, winners' answers p50 ${winLatency.p50.toFixed(0)} / p95 ${winLatency.p95.toFixed(0)} / max ${winLatency.max.toFixed(0)} ms (each waits for the read models, as every command answer does), ` +
      `requests won twice ${doubleRequests}, racers winning twice ${doubleRacers}, losers told all ${requests.length} taken ${losersToldAllTaken} of ${ground.racers.length - racersWinning.size}` +
      `${otherAnswers.length ? `, other answers ${otherAnswers.length} (first: ${otherAnswers[0]!.status} ${otherAnswers[0]!.message})` : ''}; ` +
      `read back as the shopkeepers (accepted, by the winner, unlock unlocked): ${readBackOk} of ${requests.length}; event log (one CollaborationRequestAccepted by the winner, one PackageUnlockUnlocked): ${streamsOk} of ${requests.length}` +
      `${firstDifference ? ` — first difference: ${firstDifference}` : ''}`,
  );
  report.detail(
    `race baselines, same run, same sessions and connections: ${result.wave.answers} no-op POSTs at once (one a racer) took ${formatNumber(result.wave.ms)} ms; ` +
      `${result.burst.answers} no-op POSTs in the race's shape (each racer as many as it sent accepts, one after the other) took ${formatNumber(result.burst.ms)} ms, p50 ${noopLatency.p50.toFixed(1)} / p95 ${noopLatency.p95.toFixed(1)} ms (${result.burst.ok} answered 200)`,
  );
}

const acceptingAtOnce: Section = { name: 'waiting requests accepted at once', run: waitingRequestsAcceptedAtOnce };

/** The sections in the order they run; each adds its rows to the one table. */
export const sections: Section[] = [coveringMyShop, acceptingAtOnce];

async function main(): Promise<void> {
  await benchmark('Collaborators benchmark', async ({ database, system, report, cleanup }) => {
    console.error(`[bench] seeding ${size.stores} shops and ${size.collaborators} collaborators`);
    const seedStarted = performance.now();
    const seededShops = await seedLarge(system.store, { stores: size.stores, products: 0 });
    const seededCollaborators = await seedCollaborators(system.store, { collaborators: size.collaborators });
    await system.projections.waitFor(await system.store.headPosition(), 900_000);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await system.pool.query('ANALYZE');

    // A no-op POST beside it, the baseline of the accepts (a POST with a session, the same hooks).
    const base = await serveBench(system, cleanup, {
      noop: 'GET',
      routes: (app) => app.route({ method: 'POST', url: '/api/bench/noop-post', handler: async () => ({ ok: true }) }),
    });
    const session = (username: string) => sessionOver(base, username, SEEDED_PASSWORD);
    // The baseline is authenticated too: a shopkeeper's session on the no-op route.
    const noopCookie = await session(seededShops.shops[0]!.username);
    const noopGet: Get = { url: `${base}/api/bench/noop`, cookie: noopCookie };
    const noop1 = await oneClient(() => noopGet);
    const noopLoad = await load([noopGet]);
    report.latencyRows(noop1)('no-op GET with a session, 1 client (p50 / p95 / p99)', noop1);
    report.add({ measurement: `no-op GET with a session, ${connections} connections`, value: formatNumber(noopLoad.requestsPerSecond), unit: 'req/s' });

    const ctx: BenchContext = {
      base,
      system,
      shops: seededShops.shops,
      collaborators: seededCollaborators.collaborators,
      session,
      sessions: (usernames) => sessionsOver(base, usernames, SEEDED_PASSWORD),
      report,
      noop1,
      noopLoad,
      cleanup,
    };
    for (const section of sections) {
      console.error(`[bench] ${section.name}`);
      await withTimeout(section.run(ctx), sectionTimeoutMs, section.name);
    }
    const states = new Map<string, number>();
    for (const c of ctx.collaborators) states.set(c.state, (states.get(c.state) ?? 0) + 1);
    report.detail(
      `data: ${size.stores} shops, ${size.collaborators} collaborators (${[...states].map(([s, n]) => `${n} ${s}`).join(', ')}) over ${quick ? 'a quick' : 'the full'} seed in ${seedSeconds.toFixed(0)} s; ${database.description}`,
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
