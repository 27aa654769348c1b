import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/*
 * A benchmark's load, in a process of its own (`postLoop(plan)` runs this file so): the load does
 * not share the server's event loop. Each connection of the plan sends its POSTs one after the
 * other (a fresh Idempotency-Key each), going round its list until the time is up: as fast as the
 * answers come (closed loop), or, with `rate`, at a fixed rate of arrivals dealt to the
 * connections in turn (open loop, as k6's constant-arrival-rate): a request waits for its
 * connection to be free, and its latency counts from when it was due, so a slow answer is never
 * hidden by the requests it held back. Answers per second, latency percentiles, status counts.
 */
export interface PostPlan {
  seconds: number;
  /** Requests per second, all connections together; none: each sends as soon as it has its answer. */
  rate?: number;
  /** Each connection sends its list once, then stops (posts that work once: one-time codes). */
  once?: boolean;
  /**
   * Each post goes with its own cookie (its customer's) or the connection's; `raw` is sent as it
   * is instead of `body` as JSON (a signed webhook), with `headers` of its own; `method: 'GET'`
   * sends a GET without a body instead (a baseline driven by the same loop).
   */
  connections: { cookie: string; posts: { url: string; body?: unknown; raw?: string; headers?: Record<string, string>; cookie?: string; method?: 'GET' }[] }[];
}

export interface PostLoopResult {
  answers: number;
  ok: number;
  perSecond: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
  firstError: string | null;
}

const thisFile = fileURLToPath(import.meta.url);

/** Runs `plan` in a process of its own: its figures. */
export async function postLoop(plan: PostPlan): Promise<PostLoopResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vicino-bench-'));
  try {
    const file = path.join(dir, 'plan.json');
    await writeFile(file, JSON.stringify(plan));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', thisFile, file], { maxBuffer: 1 << 20 });
    return JSON.parse(stdout.trim().split('\n').pop()!) as PostLoopResult;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The plan in `planFile`, run here. */
async function run(planFile: string): Promise<PostLoopResult> {
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as PostPlan;
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections.length });

  function post(url: string, cookie: string, body: string | null, extra: Record<string, string> = {}): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: body === null ? 'GET' : 'POST',
          agent,
          headers:
            body === null
              ? { ...(cookie ? { cookie } : {}), ...extra }
              : { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': randomUUID(), ...extra },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body ?? undefined);
    });
  }
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let firstError: string | null = null;

  const started = performance.now();
  const deadline = started + plan.seconds * 1000;
  const sleepUntil = (t: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, t - performance.now())));
  const connections = plan.connections.length;
  await Promise.all(
    plan.connections.map(async ({ cookie, posts }, c) => {
      for (let i = 0; ; i++) {
        // Open loop: this connection's i-th arrival is the (i * connections + c)-th of the run.
        const due = plan.rate ? started + ((i * connections + c) * 1000) / plan.rate : performance.now();
        if (due >= deadline || (plan.once && i >= posts.length)) break;
        if (plan.rate) await sleepUntil(due);
        const next = posts[i % posts.length]!;
        const { status, text } = await post(next.url, next.cookie ?? cookie, next.method === 'GET' ? null : (next.raw ?? JSON.stringify(next.body)), next.headers);
        times.push(performance.now() - due);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 300 && !firstError) firstError = `${status} ${text.slice(0, 200)}`;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return {
    answers: times.length,
    ok: Object.entries(statuses)
      .filter(([s]) => Number(s) < 300)
      .reduce((n, [, c]) => n + c, 0),
    perSecond: times.length / seconds,
    seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    statuses,
    firstError,
  };
}

if (process.argv[1] === thisFile) console.log(JSON.stringify(await run(process.argv[2]!)));
