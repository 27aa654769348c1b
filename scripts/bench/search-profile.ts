import { writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Session } from 'node:inspector/promises';
import { seedLarge } from '../../src/seed-large.js';
import { seedDemo } from '../../src/seed.js';
import { Cleanup } from './support/database.js';
import { serveBench, startBenchSystem } from './support/server.js';

/*
 * A CPU profile of the server under the search benchmark's never-cached load (not part of `npm run
 * bench`): `tsx scripts/bench/search-profile.ts PRODUCTS OUT_PREFIX` seeds PRODUCTS products, then
 * for each class of query runs 32 connections for 5 s while the inspector profiles this process
 * (the server's), writing OUT_PREFIX-<class>.cpuprofile, and prints the heap before and after.
 */
const products = Number(process.argv[2] ?? 20_000);
const out = process.argv[3] ?? '/tmp/search';
const run = promisify(execFile);
const classes: Record<string, string[]> = {
  words: ['caffè', 'pomodori', 'pane', 'lampadina', 'quaderno', 'mozzarella', 'vino', 'biscotti', 'cuffie', 'rose'],
  typos: ['pomodri', 'lampadnia', 'lampadne', 'quadreno', 'mozarella', 'biscoti', 'cuffe', 'caffe latte', 'formagio', 'pane integrle'],
  expansions: ['pasta', 'formaggio', 'cellulare', 'giocattoli', 'detersivi', 'vino rosso', 'salumi', 'dolci', 'frutta', 'utensili'],
};
const mb = () => Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 1e6)]));
const cleanup = new Cleanup();
try {
  const { system } = await startBenchSystem(cleanup);
  const base = await serveBench(system, cleanup, { noop: 'GET' });
  await seedDemo({ store: system.store, pool: system.pool, waitFor: (p) => system.projections.waitFor(p, 60_000) });
  const seeded = await seedLarge(system.store, { stores: Math.max(50, products / 40), products });
  await system.projections.waitFor(seeded.last!, 900_000);
  await system.pool.query('ANALYZE');
  globalThis.gc?.();
  console.log('before the first search (MB)', JSON.stringify(mb()));
  for (const [q, r] of [['pane', 10.5], ['caffè', 10.5], ['caffè', 10.6]] as const) await fetch(`${base}/api/search/products?q=${encodeURIComponent(q)}&lat=45.4642&lng=9.19&radius=${r}`);
  globalThis.gc?.();
  console.log('after the first search (MB)', JSON.stringify(mb()));
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  for (const [name, list] of Object.entries(classes)) {
    const urls = list.map((w) => `${base}/api/search/products?q=${encodeURIComponent(w)}&lat=45.4642&lng=9.19&radius=10.{n}1`);
    await session.post('Profiler.start');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/bench/support/load.ts', JSON.stringify(urls), '32', '5'], { maxBuffer: 1 << 20 });
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`${out}-${name}.cpuprofile`, JSON.stringify(profile));
    console.log(name, stdout.trim().split('\n').pop());
  }
} finally {
  await cleanup.runAll();
}
