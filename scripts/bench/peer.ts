/**
 * The event store beside a peer: Emmett's PostgreSQL event store (0.42) and a plain autocommit
 * INSERT, on one throwaway embedded PostgreSQL, measured side by side (issue [23]).
 *
 *   npm run bench:peer [-- --quick]
 *
 * Emmett is installed for this run only, into `.data/bench-peer` (never a dependency of the
 * project). Each workload runs its contenders in alternating slices (runInterleaved's reasoning:
 * the machine's load drifts over seconds), and the server's CPU time is read from /proc for each
 * slice, so the table gives events a second and the server's CPU per event of each:
 *   1. 8 writers × 1-event appends, each to its own stream, each with its exact expected revision;
 *      and the same rows by plain autocommit INSERTs, 8 clients;
 *   2. 1 writer, appends of 10 events to its own stream;
 *   3. one reader reading a 1,000-event stream whole;
 *   4. 8 writers racing on one stream: each appends with the revision it knows; refused, it reads
 *      what it missed and tries again (a command handler's retry).
 * It prints its table and exits 0 whatever the numbers.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Pool } from '../../src/platform/db/pool.js';
import { WrongExpectedVersion } from '../../src/platform/eventstore/errors.js';
import type { PostgresEventStore } from '../../src/platform/eventstore/postgres.js';
import type { ExpectedRevision, NewEvent } from '../../src/platform/eventstore/types.js';
import { Cleanup, describeServer } from './support/database.js';
import { openBenchStore } from './support/store.js';
import { benchEvent, seededRandom } from './support/events.js';
import { quickOrFull, runForDuration, runInterleaved, type Interleaved, type Step } from './support/measure.js';
import { formatNumber, Report } from './support/report.js';

const emmettVersion = '0.42.0';
const poolSize = 10;
const writers = 8;
const streamLength = 1_000;
const hardLimitMs = 600_000;

const targets = {
  single: { peer: 2, plain: 0.7 },
  batch: 1.5,
  read: 3.5,
  race: 2,
};

interface Sizes {
  rounds: number;
  sliceMs: number;
  warmupMs: number;
}
const fullSizes: Sizes = { rounds: 6, sliceMs: 1_500, warmupMs: 1_000 };
const quickSizes: Sizes = { rounds: 3, sliceMs: 300, warmupMs: 200 };

const progress = (message: string): void => {
  process.stderr.write(`[bench:peer] ${message}\n`);
};

// --- Emmett, installed for this run -----------------------------------------------------------

interface EmmettEvent {
  type: string;
  data: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}
interface EmmettStore {
  appendToStream(stream: string, events: EmmettEvent[], options?: { expectedStreamVersion?: bigint | string }): Promise<{ nextExpectedStreamVersion: bigint }>;
  readStream(stream: string, options?: { from?: bigint }): Promise<{ currentStreamVersion: bigint; events: unknown[] }>;
  schema: { migrate(): Promise<unknown> };
  close(): Promise<void>;
}
interface EmmettModule {
  getPostgreSQLEventStore(connectionString: string, options?: unknown): EmmettStore;
}

async function loadEmmett(): Promise<EmmettModule> {
  const dir = path.resolve('.data/bench-peer');
  const name = '@event-driven-io/emmett-postgresql';
  const installed = (() => {
    try {
      return (JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      return null;
    }
  })();
  if (installed !== emmettVersion) {
    progress(`installing ${name}@${emmettVersion} into ${dir} (for this benchmark only)`);
    mkdirSync(dir, { recursive: true });
    // A package of its own, so that npm resolves Emmett's whole tree there, apart from the project's;
    // its peers (Emmett, Pongo, Dumbo) installed too, whatever the project's .npmrc says.
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'vicino-bench-peer', private: true, dependencies: { [name]: emmettVersion } }));
    execFileSync('npm', ['install', '--legacy-peer-deps=false', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
  }
  const entry = createRequire(path.join(dir, 'package.json')).resolve(name);
  return (await import(pathToFileURL(entry).href)) as EmmettModule;
}

// --- the server's CPU, from /proc ---------------------------------------------------------------

const ticksPerSecond = 100;

/**
 * CPU seconds used so far by the postmaster `root` and every process it started: the live ones'
 * own, and the postmaster's count of its ended children's (an autovacuum worker that ends between
 * two readings would otherwise take its time away with it).
 */
function serverCpuSeconds(root: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const parent = Number(fields[1]);
      if (pid === root) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      else if (parent === root) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while it was read.
    }
  }
  return ticks / ticksPerSecond;
}

async function postmasterPid(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

// --- measuring ----------------------------------------------------------------------------------

/** Contenders of one workload, warmed up, then in alternating slices with the server's CPU of each slice. */
async function interleaved<K extends string>(contenders: Record<K, Step[]>, sizes: Sizes, postmaster: number): Promise<Record<K, Interleaved>> {
  for (const steps of Object.values<Step[]>(contenders)) await runForDuration(steps, sizes.warmupMs);
  return runInterleaved(contenders, sizes.rounds, sizes.sliceMs, () => serverCpuSeconds(postmaster));
}

/** Server CPU microseconds per unit. */
const cpuPer = (m: Interleaved): number => (m.sampled / m.units) * 1e6;

interface Bench {
  pool: Pool;
  store: PostgresEventStore;
  emmett: EmmettStore;
  random: () => number;
  sizes: Sizes;
  postmaster: number;
  report: Report;
}

const emmettEvent = (e: NewEvent): EmmettEvent => ({ type: e.type, data: e.data as Record<string, unknown>, metadata: e.metadata as unknown as Record<string, unknown> });

/** Our writer owning one stream, knowing its revision as a handler that just read it would. */
function ourAppender(bench: Bench, streamId: string, size: number): Step {
  let expectedRevision: ExpectedRevision = 'no_stream';
  let index = 0;
  return async () => {
    const events = Array.from({ length: size }, () => benchEvent(bench.random, index++));
    expectedRevision = (await bench.store.appendToStream(streamId, events, { expectedRevision })).nextExpectedRevision;
    return size;
  };
}

/** Emmett's writer owning one stream (its versions count from 1; 0 is no stream). */
function emmettAppender(bench: Bench, streamId: string, size: number): Step {
  let expected = 0n;
  let index = 0;
  return async () => {
    const events = Array.from({ length: size }, () => emmettEvent(benchEvent(bench.random, index++)));
    expected = (await bench.emmett.appendToStream(streamId, events, { expectedStreamVersion: expected })).nextExpectedStreamVersion;
    return size;
  };
}

/** The same row as the log's, its data and metadata stored as the log stores them (json), one autocommit INSERT each. */
async function plainInserter(bench: Bench): Promise<Step> {
  await bench.pool.query(`CREATE TABLE bench_plain (
    id bigserial PRIMARY KEY, event_id uuid NOT NULL, type text NOT NULL, data json NOT NULL, metadata json NOT NULL)`);
  let index = 0;
  return async () => {
    const e = benchEvent(bench.random, index++);
    await bench.pool.query({
      name: 'bench_plain_insert',
      text: 'INSERT INTO bench_plain (event_id, type, data, metadata) VALUES ($1, $2, $3, $4)',
      values: [e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)],
    });
    return 1;
  };
}

const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

function addComparison(bench: Bench, label: string, unit: string, ours: Interleaved, peer: Interleaved, target: number): void {
  const ratio = ours.perSecond / peer.perSecond;
  bench.report.add({
    measurement: `${label}: Vicino vs Emmett`,
    value: formatNumber(ours.perSecond),
    unit,
    baseline: formatNumber(peer.perSecond),
    ratio: ratio.toFixed(2),
    target: `≥ ${target} × Emmett`,
    passed: ratio >= target,
  });
  bench.report.detail(
    `${label}: server CPU per unit ${formatNumber(cpuPer(ours), 0)} µs (Vicino) vs ${formatNumber(cpuPer(peer), 0)} µs (Emmett), ` +
      `${(cpuPer(ours) / cpuPer(peer)).toFixed(2)} ×; ratio per round ${ours.perRound.map((v, i) => (v / peer.perRound[i]!).toFixed(2)).join(', ')}`,
  );
}

async function benchSingle(bench: Bench): Promise<void> {
  const plain = await plainInserter(bench);
  const run = await interleaved(
    {
      vicino: many(writers, (w) => ourAppender(bench, `peer-single-${w}-${randomUUID()}`, 1)),
      emmett: many(writers, (w) => emmettAppender(bench, `peer-single-${w}-${randomUUID()}`, 1)),
      plain: many(writers, () => plain),
    },
    bench.sizes,
    bench.postmaster,
  );
  addComparison(bench, `1. ${writers} writers × 1-event appends, own streams`, 'events/s', run.vicino, run.emmett, targets.single.peer);
  const ratio = run.vicino.perSecond / run.plain.perSecond;
  bench.report.add({
    measurement: `1. the same: Vicino vs plain autocommit INSERT`,
    value: formatNumber(run.vicino.perSecond),
    unit: 'events/s',
    baseline: formatNumber(run.plain.perSecond),
    ratio: ratio.toFixed(2),
    target: `≥ ${targets.single.plain} × INSERT`,
    passed: ratio >= targets.single.plain,
  });
  bench.report.detail(`1. plain INSERT: server CPU per row ${formatNumber(cpuPer(run.plain))} µs`);
}

async function benchBatch(bench: Bench): Promise<void> {
  const run = await interleaved(
    { vicino: [ourAppender(bench, `peer-batch-${randomUUID()}`, 10)], emmett: [emmettAppender(bench, `peer-batch-${randomUUID()}`, 10)] },
    bench.sizes,
    bench.postmaster,
  );
  addComparison(bench, '2. 1 writer, appends of 10 events', 'events/s', run.vicino, run.emmett, targets.batch);
}

async function benchRead(bench: Bench): Promise<void> {
  const ours = `peer-read-${randomUUID()}`;
  const theirs = `peer-read-${randomUUID()}`;
  for (let i = 0; i < streamLength; i += 100) {
    const events = many(100, (j) => benchEvent(bench.random, i + j));
    await bench.store.appendToStream(ours, events);
    await bench.emmett.appendToStream(theirs, events.map(emmettEvent));
  }
  const run = await interleaved(
    {
      vicino: [async () => ((await bench.store.readStream(ours)).length === streamLength ? 1 : 0)],
      emmett: [async () => ((await bench.emmett.readStream(theirs)).events.length === streamLength ? 1 : 0)],
    },
    bench.sizes,
    bench.postmaster,
  );
  addComparison(bench, `3. read a ${formatNumber(streamLength)}-event stream whole, 1 reader`, 'reads/s', run.vicino, run.emmett, targets.read);
}

async function benchRace(bench: Bench): Promise<void> {
  const ours = `peer-race-${randomUUID()}`;
  const theirs = `peer-race-${randomUUID()}`;
  let ourRefusals = 0;
  let theirRefusals = 0;
  const ourRacer = (): Step => {
    let known: ExpectedRevision = 'no_stream';
    let index = 0;
    return async () => {
      for (;;) {
        try {
          known = (await bench.store.appendToStream(ours, [benchEvent(bench.random, index++)], { expectedRevision: known })).nextExpectedRevision;
          return 1;
        } catch (error) {
          if (!(error instanceof WrongExpectedVersion)) throw error;
          ourRefusals++;
          const missed = await bench.store.readStream(ours, { fromRevision: typeof known === 'number' ? known + 1 : 0 });
          if (missed.length) known = missed[missed.length - 1]!.revision;
        }
      }
    };
  };
  const theirRacer = (): Step => {
    let known = 0n;
    let index = 0;
    return async () => {
      for (;;) {
        try {
          known = (await bench.emmett.appendToStream(theirs, [emmettEvent(benchEvent(bench.random, index++))], { expectedStreamVersion: known })).nextExpectedStreamVersion;
          return 1;
        } catch (error) {
          // Emmett's ExpectedVersionConflictError is a ConcurrencyError, errorCode 412.
          if ((error as { errorCode?: number }).errorCode !== 412) throw error;
          theirRefusals++;
          const missed = await bench.emmett.readStream(theirs, { from: known + 1n });
          if (missed.events.length) known = missed.currentStreamVersion;
        }
      }
    };
  };
  const run = await interleaved({ vicino: many(writers, ourRacer), emmett: many(writers, theirRacer) }, bench.sizes, bench.postmaster);
  addComparison(bench, `4. ${writers} writers racing on one stream`, 'appends/s', run.vicino, run.emmett, targets.race);
  bench.report.detail(`4. refusals (then a read of what was missed): Vicino ${formatNumber(ourRefusals)}, Emmett ${formatNumber(theirRefusals)}`);
}

async function run(sizes: Sizes, report: Report, cleanup: Cleanup): Promise<void> {
  const emmettModule = await loadEmmett();
  progress('starting PostgreSQL');
  const { database, pool, store } = await openBenchStore(cleanup, poolSize);
  // Emmett's pool is one of ours, as big as Vicino's, ended by us: its own would crash the process
  // with the server's goodbye at cleanup, for want of an error listener.
  const emmettPool = new pg.Pool({ connectionString: database.url, max: poolSize });
  emmettPool.on('error', () => {});
  cleanup.add("close Emmett's pool", () => emmettPool.end());
  const emmett = emmettModule.getPostgreSQLEventStore(database.url, { connectionOptions: { pooled: true, pool: emmettPool, connectionString: database.url } });
  cleanup.add('close Emmett', () => emmett.close());
  await emmett.schema.migrate();
  const bench: Bench = { pool, store, emmett, random: seededRandom(20261203), sizes, postmaster: await postmasterPid(pool), report };
  report.detail(`server: ${await describeServer(pool)}; ${database.description}; each store's pool max ${poolSize}; Emmett ${emmettVersion}`);
  report.detail(`${sizes.rounds} rounds of ${sizes.sliceMs} ms slices for each contender, interleaved, after ${sizes.warmupMs} ms of warm-up each`);
  progress('1. single-event appends');
  await benchSingle(bench);
  progress('2. 10-event appends');
  await benchBatch(bench);
  progress('3. reads of a 1,000-event stream');
  await benchRead(bench);
  progress('4. racing writers');
  await benchRace(bench);
}

process.exit(
  await quickOrFull(
    { usage: 'npm run bench:peer [-- --quick]', title: `Event store beside Emmett ${emmettVersion}`, sizes: { full: fullSizes, quick: quickSizes }, hardLimitMs, progress },
    run,
  ),
);
