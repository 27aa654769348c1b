import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';

/*
 * Run as its own process by the benchmarks (`node --import tsx scripts/bench/support/post-loop.ts
 * PLAN.json`), so the load does not share the server's event loop. Each connection of the plan
 * sends its POSTs one after the other (a fresh Idempotency-Key each), going round its list until
 * the time is up: as fast as the answers come (closed loop), or, with `rate`, at a fixed rate of
 * arrivals dealt to the connections in turn (open loop, as k6's constant-arrival-rate): a request
 * waits for its connection to be free, and its latency counts from when it was due, so a slow
 * answer is never hidden by the requests it held back. Prints one JSON line: answers per second,
 * latency percentiles, status counts.
 */
export interface PostPlan {
  seconds: number;
  /** Requests per second, all connections together; none: each sends as soon as it has its answer. */
  rate?: number;
  /** Each post goes with its own cookie (its customer's) or the connection's. */
  connections: { cookie: string; posts: { url: string; body: unknown; cookie?: string }[] }[];
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as PostPlan;
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections.length });

function post(url: string, cookie: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': randomUUID() },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
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
      if (due >= deadline) break;
      if (plan.rate) await sleepUntil(due);
      const next = posts[i % posts.length]!;
      const { status, text } = await post(next.url, next.cookie ?? cookie, JSON.stringify(next.body));
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
console.log(JSON.stringify({
  answers: times.length,
  ok: Object.entries(statuses).filter(([s]) => Number(s) < 300).reduce((n, [, c]) => n + c, 0),
  perSecond: times.length / seconds,
  seconds,
  p50: at(0.5),
  p95: at(0.95),
  p99: at(0.99),
  statuses,
  firstError,
}));
