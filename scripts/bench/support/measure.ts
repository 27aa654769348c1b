import { performance } from 'node:perf_hooks';
import { Cleanup } from './database.js';
import { Report } from './report.js';

export interface Throughput {
  /** Rows or events done. */
  units: number;
  seconds: number;
  perSecond: number;
}

/** What a load of support/load.ts answers (its one JSON line): requests a second, latencies in ms, failures, requests in all. */
export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Work of one concurrent client: does one step and tells how many units (rows, events) it did. */
export type Step = () => Promise<number>;

function throughput(units: number, startedAt: number): Throughput {
  const seconds = (performance.now() - startedAt) / 1000;
  return { units, seconds, perSecond: units / seconds };
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/**
 * Runs every step in its own loop until `durationMs` has passed. The clock stops when the last
 * loop ends, so a step started just before the deadline counts with the time it really took.
 */
export async function runForDuration(steps: Step[], durationMs: number): Promise<Throughput> {
  const startedAt = performance.now();
  const deadline = startedAt + durationMs;
  const counts = await Promise.all(
    steps.map(async (step) => {
      let units = 0;
      while (performance.now() < deadline) units += await step();
      return units;
    }),
  );
  return throughput(sum(counts), startedAt);
}

export interface Interleaved extends Throughput {
  /** Units per second in each round, to show how steady the machine was. */
  perRound: number[];
  /** What `sample` grew by over this workload's slices (the server's CPU seconds, say); 0 without it. */
  sampled: number;
}

/**
 * Measures several workloads in alternating slices rather than one after the other: on a shared
 * machine the load drifts over seconds, and alternating spreads that drift over every workload
 * alike, so the ratios between them stay meaningful. Each round starts one workload further
 * (A B C, B C A, C A B, …): in a fixed order each slice had the same one before it, whose
 * writes the server was still absorbing (checkpoints, vacuum, its WAL), and a workload measured
 * against an identical copy of itself came out at 0.94 (bench:eventstore f). `sample`, read before
 * and after each slice, gives each workload its share of a growing count.
 */
export async function runInterleaved<K extends string>(workloads: Record<K, Step[]>, rounds: number, sliceMs: number, sample?: () => number): Promise<Record<K, Interleaved>> {
  const names = Object.keys(workloads) as K[];
  const slices = new Map<K, Throughput[]>(names.map((name) => [name, []]));
  const sampled = new Map<K, number>(names.map((name) => [name, 0]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!;
      const before = sample?.() ?? 0;
      slices.get(name)!.push(await runForDuration(workloads[name], sliceMs));
      sampled.set(name, sampled.get(name)! + (sample?.() ?? 0) - before);
    }
  }
  const combine = (parts: Throughput[], grown: number): Interleaved => {
    const units = sum(parts.map((p) => p.units));
    const seconds = sum(parts.map((p) => p.seconds));
    return { units, seconds, perSecond: units / seconds, perRound: parts.map((p) => p.perSecond), sampled: grown };
  };
  return Object.fromEntries(names.map((name) => [name, combine(slices.get(name)!, sampled.get(name)!)])) as Record<K, Interleaved>;
}

/** Runs `task(0 … count-1)` with `concurrency` loops pulling from one shared queue. */
export async function runQueue(count: number, concurrency: number, task: (index: number) => Promise<number>): Promise<Throughput> {
  const startedAt = performance.now();
  let next = 0;
  const counts = await Promise.all(
    Array.from({ length: concurrency }, async () => {
      let units = 0;
      while (next < count) units += await task(next++);
      return units;
    }),
  );
  return throughput(sum(counts), startedAt);
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** Milliseconds taken by `work`, with its result. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const startedAt = performance.now();
  const result = await work();
  return { ms: performance.now() - startedAt, result };
}

/**
 * Rejects when `promise` has not settled within `ms`. The loser's later rejection is swallowed:
 * once we gave up on it, it must not crash the process while we clean up.
 */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  promise.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([promise, expiry]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A benchmark script's frame, for those sized by `--quick`: `run` with the sizes asked, stopped
 * after `hardLimitMs`, then everything undone and the report printed under `title` whatever
 * happened (what was measured before a failure is shown). Resolves to the process's exit code.
 */
export async function quickOrFull<S>(
  options: { usage: string; title: string; sizes: { full: S; quick: S }; hardLimitMs: number; progress: (message: string) => void },
  run: (sizes: S, report: Report, cleanup: Cleanup) => Promise<void>,
): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--quick');
  if (unknown.length) {
    console.error(`usage: ${options.usage}   (unknown: ${unknown.join(' ')})`);
    return 2;
  }
  const quick = args.includes('--quick');
  const report = new Report();
  const cleanup = new Cleanup();
  const startedAt = performance.now();
  let exitCode = 0;
  try {
    await withTimeout(run(quick ? options.sizes.quick : options.sizes.full, report, cleanup), options.hardLimitMs, 'the benchmark');
  } catch (error) {
    console.error('benchmark failed:', error);
    exitCode = 1;
  } finally {
    options.progress('cleaning up');
    await cleanup.runAll();
  }
  console.log(`\n${options.title}${quick ? ' (--quick)' : ''}, ${((performance.now() - startedAt) / 1000).toFixed(0)} s\n`);
  report.print();
  return exitCode;
}
