/**
 * `npm test`: the static checks (`npm run check`) and the Vitest projects, side by side. Arguments
 * go to Vitest (`npm test -- --project unit`, `npm test -- <files>`).
 *
 * The checks run at a lower priority (nice 10): on a machine whose cores the tests keep busy they
 * take what the tests leave, mostly during the journeys, which run one at a time and wait on the
 * browser, the app and PostgreSQL in turn (about an eighth of two cores idle). One after the other,
 * the checks took about 170 s of a CI run before the first test started.
 *
 * Vitest prints as it goes; the checks' report is printed whole after it, so the two never
 * interleave. The exit code is Vitest's when it failed, else the checks'.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

function exitCode(code: number | null, signal: NodeJS.Signals | null): number {
  return code ?? (signal ? 1 : 0);
}

const started = Date.now();
let checkOutput = '';
const check = spawn(bin('tsx'), [path.join(root, 'scripts', 'check.ts'), '--nice'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
check.stdout.on('data', (chunk: Buffer) => (checkOutput += chunk.toString()));
check.stderr.on('data', (chunk: Buffer) => (checkOutput += chunk.toString()));
const checked = new Promise<number>((resolve) => {
  check.on('error', (error) => {
    checkOutput += `${error.message}\n`;
    resolve(1);
  });
  check.on('close', (code, signal) => {
    checkOutput += `\n(controlli terminati dopo ${((Date.now() - started) / 1000).toFixed(0)} s dall’avvio)\n`;
    resolve(exitCode(code, signal));
  });
});

const vitest = spawn(bin('vitest'), ['run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
const tested = new Promise<number>((resolve) => {
  vitest.on('error', () => resolve(1));
  vitest.on('close', (code, signal) => resolve(exitCode(code, signal)));
});

// Stopped (Ctrl-C, CI's time limit): both stop.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    check.kill(signal);
    vitest.kill(signal);
  });
}

const testCode = await tested;
const checkCode = await checked;
console.log(`\n── Controlli statici (npm run check), accanto ai test\n${checkOutput.trimEnd()}`);
if (checkCode !== 0) console.error('\nI controlli statici sono falliti: vedi sopra.');
process.exit(testCode !== 0 ? testCode : checkCode);
