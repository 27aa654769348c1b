/**
 * `npm run check`: the static checks `npm test` runs before the tests (the type checks, the linter,
 * the format check), side by side instead of one after the other. They are each one process on one
 * core for minutes (the linter with types about five minutes of CPU, each type check about one), so
 * on a machine of two cores or more they end in about the time of the longest instead of the sum.
 * Each check's output is printed whole when it ends, never interleaved; the exit code is the first
 * failure's, after every check has ended (a failed type check still shows what the linter says).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';

interface Check {
  /** The npm script it runs, as `npm run <script>` would. */
  script: string;
  /** Extra arguments for it. */
  args?: string[];
}

/**
 * Longest first, so the others fill the cores beside it. The linter takes two threads where there
 * are cores for it (ESLint's --concurrency), the type checks share the rest.
 */
const checks: Check[] = [
  { script: 'lint', args: os.availableParallelism() > 1 ? ['--concurrency', '2'] : [] },
  { script: 'typecheck:server' },
  { script: 'typecheck:web' },
  { script: 'typecheck:load' },
  { script: 'format:check' },
];

interface Outcome {
  check: Check;
  code: number;
  seconds: number;
  output: string;
}

function run(check: Check): Promise<Outcome> {
  const started = Date.now();
  const args = ['run', '--silent', check.script, ...(check.args?.length ? ['--', ...check.args] : [])];
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ check, code: 1, seconds: (Date.now() - started) / 1000, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ check, code: code ?? 1, seconds: (Date.now() - started) / 1000, output }));
  });
}

async function main(): Promise<void> {
  const slots = Math.max(1, os.availableParallelism());
  const waiting = [...checks];
  const outcomes: Outcome[] = [];
  const worker = async (): Promise<void> => {
    for (let check = waiting.shift(); check; check = waiting.shift()) {
      const outcome = await run(check);
      outcomes.push(outcome);
      const verdict = outcome.code === 0 ? 'ok' : `FALLITO (codice ${outcome.code})`;
      console.log(`\n── ${outcome.check.script}: ${verdict} in ${outcome.seconds.toFixed(1)} s`);
      if (outcome.output.trim()) console.log(outcome.output.trimEnd());
    }
  };
  await Promise.all(Array.from({ length: Math.min(slots, checks.length) }, worker));
  const failed = outcomes.filter((outcome) => outcome.code !== 0);
  if (failed.length) {
    console.error(`\nControlli falliti: ${failed.map((outcome) => outcome.check.script).join(', ')}`);
    process.exit(failed[0]!.code || 1);
  }
}

await main();
