import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/*
 * The race of `npm run bench:collaborators` ("200 collaborators accepting 50 waiting requests at
 * once"), in a process of its own (`acceptRace(plan)` runs this file so): the racers do not share
 * the server's event loop. Every racer is a collaborator with a session of their own (its Cookie
 * header), on a keep-alive connection pool with one socket per racer, opened before the clock by an
 * uncounted no-op POST each. Then:
 * 1. the baseline wave: every racer sends one no-op POST, all at once;
 * 2. the race: every racer, all at once, POSTs accept on the requests in its own shuffled order,
 *    one after the other, until one answers 200 (it won that one) or every one answered (all
 *    taken by others: 409) — as people grabbing jobs from a list;
 * 3. the baseline burst: every racer sends as many no-op POSTs as it sent accepts, one after the
 *    other, all racers at once: the same number of requests, on the same connections, in the same
 *    shape as the race, without the work behind them.
 * Every attempt is recorded with its times (ms from the start of its phase), status and, when not
 * 200, the answer's message.
 */
export interface RacePlan {
  noopUrl: string;
  racers: { cookie: string; acceptUrls: string[] }[];
}

export interface Attempt {
  racer: number;
  /** The accept URL tried (its request's). */
  url: string;
  status: number;
  sentMs: number;
  answeredMs: number;
  message: string | null;
}

export interface Burst {
  answers: number;
  ok: number;
  ms: number;
  latencies: number[];
}

export interface RaceResult {
  wave: Burst;
  attempts: Attempt[];
  raceMs: number;
  burst: Burst;
}

const thisFile = fileURLToPath(import.meta.url);

/** Runs `plan` in a process of its own: every attempt of the race and the baselines beside it. */
export async function acceptRace(plan: RacePlan): Promise<RaceResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vicino-race-'));
  try {
    const file = path.join(dir, 'plan.json');
    const out = path.join(dir, 'result.json');
    await writeFile(file, JSON.stringify(plan));
    await promisify(execFile)(process.execPath, ['--import', 'tsx', thisFile, file, out], { maxBuffer: 1 << 20 });
    return JSON.parse(await readFile(out, 'utf8')) as RaceResult;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function run(plan: RacePlan): Promise<RaceResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.racers.length });
  function post(url: string, cookie: string): Promise<{ status: number; text: string }> {
    const body = '{}';
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method: 'POST', agent, headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  /** Every racer sends `count(r)` no-op POSTs one after the other, all racers at once. */
  async function noopBurst(count: (racer: number) => number): Promise<Burst> {
    const latencies: number[] = [];
    let ok = 0;
    const started = performance.now();
    await Promise.all(
      plan.racers.map(async ({ cookie }, r) => {
        for (let i = 0; i < count(r); i++) {
          const sent = performance.now();
          const { status } = await post(plan.noopUrl, cookie);
          latencies.push(performance.now() - sent);
          if (status === 200) ok++;
        }
      }),
    );
    return { answers: latencies.length, ok, ms: performance.now() - started, latencies };
  }

  await noopBurst(() => 1); // opens the connections, uncounted
  const wave = await noopBurst(() => 1);

  const attempts: Attempt[] = [];
  const started = performance.now();
  await Promise.all(
    plan.racers.map(async ({ cookie, acceptUrls }, racer) => {
      for (const url of acceptUrls) {
        const sentMs = performance.now() - started;
        const { status, text } = await post(url, cookie);
        let message: string | null = null;
        if (status !== 200) {
          try {
            message = (JSON.parse(text) as { message?: string }).message ?? text.slice(0, 200);
          } catch {
            message = text.slice(0, 200);
          }
        }
        attempts.push({ racer, url, status, sentMs, answeredMs: performance.now() - started, message });
        if (status === 200) break;
      }
    }),
  );
  const raceMs = performance.now() - started;

  const sent = plan.racers.map((_, r) => attempts.filter((a) => a.racer === r).length);
  const burst = await noopBurst((r) => sent[r]!);
  agent.destroy();
  return { wave, attempts, raceMs, burst };
}

if (process.argv[1] === thisFile) {
  const plan = JSON.parse(await readFile(process.argv[2]!, 'utf8')) as RacePlan;
  await writeFile(process.argv[3]!, JSON.stringify(await run(plan)));
}
