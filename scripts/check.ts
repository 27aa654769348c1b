/**
 * `npm run check`: the static checks (the type checks, the linter, the format check), side by side
 * instead of one after the other; `npm test` runs them beside the tests (scripts/test.ts, runChecks). They are each one process on one
 * core for minutes (on a quiet machine of two cores the linter with types about two and a half, each
 * type check under one), so they end in about the time of the longest instead of the sum
 * (measured: 145 s against 193 s).
 * Each check's output is printed whole when it ends, never interleaved; the exit code is the first
 * failure's, after every check has ended (a failed type check still shows what the linter says).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { pathToFileURL } from 'node:url';

interface Check {
  /** What it is called in the report. */
  name: string;
  /** The command and its arguments, run from the project's folder with its local binaries. */
  command: string[];
}

/** An npm script of package.json as it is. */
const script = (name: string): Check => ({ name, command: ['npm', 'run', '--silent', name] });

/**
 * Longest first, so the others fill the cores beside it: the linter with types on one core (about
 * as long as the rest together), the type checks one after the other on the next. Splitting the
 * linter (two processes, or ESLint's own threads) was measured on two cores: more CPU, each part
 * building its programs with types again, for no shorter wait.
 */
const checks: Check[] = [
  script('lint'),
  script('typecheck:server'),
  script('typecheck:web'),
  script('typecheck:load'),
  script('format:check'),
  // The offline gazetteer's data is what its packages give (issue [22]): nobody edits it by hand.
  { name: 'gazetteer', command: ['npm', 'run', '--silent', 'gazetteer', '--', '--check'] },
];

interface Outcome {
  check: Check;
  code: number;
  seconds: number;
  output: string;
}

function run(check: Check, niceness: number): Promise<Outcome> {
  const started = Date.now();
  // Under `nice`, a check takes the cores the tests leave idle (scripts/test.ts).
  const [command, ...args] = niceness ? ['nice', '-n', String(niceness), ...check.command] : check.command;
  return new Promise((resolve) => {
    const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ check, code: 1, seconds: (Date.now() - started) / 1000, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ check, code: code ?? 1, seconds: (Date.now() - started) / 1000, output }));
  });
}

/**
 * Runs every check, `slots` at a time (each at `niceness`), printing each one's output whole when it
 * ends; answers the names of those that failed and the first failure's exit code.
 */
export async function runChecks({ slots = Math.max(1, os.availableParallelism()), niceness = 0 } = {}): Promise<{ failed: string[]; code: number }> {
  const waiting = [...checks];
  const outcomes: Outcome[] = [];
  const worker = async (): Promise<void> => {
    for (let check = waiting.shift(); check; check = waiting.shift()) {
      const outcome = await run(check, niceness);
      outcomes.push(outcome);
      const verdict = outcome.code === 0 ? 'ok' : `FALLITO (codice ${outcome.code})`;
      console.log(`\n── ${outcome.check.name}: ${verdict} in ${outcome.seconds.toFixed(1)} s`);
      if (outcome.output.trim()) console.log(outcome.output.trimEnd());
    }
  };
  await Promise.all(Array.from({ length: Math.min(slots, checks.length) }, worker));
  const failed = outcomes.filter((outcome) => outcome.code !== 0);
  return { failed: failed.map((outcome) => outcome.check.name), code: failed.length ? failed[0]!.code || 1 : 0 };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const { failed, code } = await runChecks();
  if (failed.length) {
    console.error(`\nControlli falliti: ${failed.join(', ')}`);
    process.exit(code);
  }
}
