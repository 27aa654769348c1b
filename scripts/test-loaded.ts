/**
 * `npm run test:loaded`: the whole suite, exactly `npm test`, while a CPU load of twice the
 * machine's cores runs beside it (issue [25]: a laptop compiling something else gets the same
 * green as CI). Use it before a submission that touches timing.
 *
 *   npm run test:loaded                  one run of `npm test` under load
 *   npm run test:loaded -- --runs 3      three in a row, stopping at the first red
 *   npm run test:loaded -- --load 6      another load (busy processes; default 2 × cores)
 *   npm run test:loaded -- -- <files>    arguments after `--` go to vitest (a part of the suite)
 *
 * The load is plain busy loops in child processes at normal priority, ended with the runs (and
 * when this script is stopped). It prints each run's duration and result, and the load average
 * seen during it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';

interface Options {
  runs: number;
  load: number;
  vitestArgs: string[];
}

function parse(argv: string[]): Options {
  const options: Options = { runs: 1, load: 2 * os.availableParallelism(), vitestArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      options.vitestArgs = argv.slice(i + 1);
      break;
    }
    const value = Number(argv[i + 1]);
    if ((arg === '--runs' || arg === '--load') && Number.isInteger(value) && value >= (arg === '--runs' ? 1 : 0)) {
      options[arg === '--runs' ? 'runs' : 'load'] = value;
      i++;
      continue;
    }
    console.error(`Argomento non valido: ${arg}. Uso: npm run test:loaded -- [--runs N] [--load N] [-- file di test…]`);
    process.exit(2);
  }
  return options;
}

/** Busy loops, one per process, each ending by itself should this script die without ending it. */
function startLoad(count: number): ChildProcess[] {
  const parent = process.pid;
  const loop = `const parent = ${parent}; let n = 0; for (;;) { if (++n % 5e7 === 0) { try { process.kill(parent, 0); } catch { process.exit(0); } } }`;
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', loop], { stdio: 'ignore' }));
}

function stopLoad(load: ChildProcess[]): void {
  for (const child of load) if (child.exitCode === null) child.kill('SIGKILL');
}

function runSuite(vitestArgs: string[]): Promise<number> {
  const args = vitestArgs.length ? ['test', '--', ...vitestArgs] : ['test'];
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

async function main(): Promise<void> {
  const { runs, load: loadCount, vitestArgs } = parse(process.argv.slice(2));
  const cores = os.availableParallelism();
  const load = startLoad(loadCount);
  const end = () => {
    stopLoad(load);
    process.exit(130);
  };
  process.on('SIGINT', end);
  process.on('SIGTERM', end);
  const results: { run: number; ms: number; code: number; loadAverage: number }[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      console.log(`\n=== test:loaded: run ${run} of ${runs}, ${loadCount} busy processes beside it on ${cores} cores ===\n`);
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(os.loadavg()[0]!), 15_000);
      const started = Date.now();
      const code = await runSuite(vitestArgs);
      clearInterval(sampler);
      const loadAverage = samples.length ? samples.reduce((a, b) => a + b, 0) / samples.length : os.loadavg()[0]!;
      results.push({ run, ms: Date.now() - started, code, loadAverage });
      if (code !== 0) break;
    }
  } finally {
    stopLoad(load);
  }
  console.log('\n| run | duration | result | mean load average |');
  console.log('| --- | --- | --- | --- |');
  for (const r of results) console.log(`| ${r.run} | ${minutes(r.ms)} | ${r.code === 0 ? 'green' : `red (exit ${r.code})`} | ${r.loadAverage.toFixed(1)} |`);
  const failed = results.find((r) => r.code !== 0);
  process.exit(failed ? failed.code : 0);
}

await main();
