/**
 * `npm test`: every test (vitest run, its arguments passed on) and, beside it, the static checks of
 * `npm run check` (scripts/check.ts), one at a time under `nice`. The tests keep the cores busy
 * about 85 % of the time (their processes wait on PostgreSQL and on Chromium between steps); the
 * checks take what they leave, instead of running for two minutes before the first test starts.
 * Each check's output is printed whole when it ends, between the tests' lines; the exit code is the
 * tests' when they failed, else the first failed check's, once both have ended.
 */
import { spawn } from 'node:child_process';
import { runChecks } from './check.js';

function vitest(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args], { stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const [tests, checks] = await Promise.all([vitest(process.argv.slice(2)), runChecks({ slots: 1, niceness: 10 })]);
if (checks.failed.length) console.error(`\nControlli falliti: ${checks.failed.join(', ')}`);
else console.log('\nControlli: tutti riusciti (typecheck, lint, formato, gazetteer)');
process.exit(tests || checks.code);
