import { allProjections } from '../src/modules/index.js';
import { ProjectionHost } from '../src/platform/projections/host.js';
import { withSystem } from './cli.js';

/**
 * npm run replay -- <name>|--all: rebuilds read models from the log, beside the live tables that
 * keep answering until the rebuilt ones take their place. If the app is running, its runners
 * carry the rebuild out; otherwise this process does.
 */
const args = process.argv.slice(2).filter((a) => a !== '--');
const names = args.includes('--all') ? allProjections.map((p) => p.name) : args;
const unknown = names.filter((n) => !allProjections.some((p) => p.name === n));
if (names.length === 0 || unknown.length) {
  console.error(
    `${unknown.length ? `Unknown projection: ${unknown.join(', ')}. ` : ''}Usage: npm run replay -- <name>|--all\nProjections: ${allProjections.map((p) => p.name).join(', ')}`,
  );
  process.exit(1);
}

await withSystem(async ({ store, pool, databaseUrl }) => {
  const projections = allProjections.filter((p) => names.includes(p.name));
  const host = new ProjectionHost(store, pool, databaseUrl, projections, { standbyRetryMs: 500 });
  const total = await store.countAfter('0/0' as Awaited<ReturnType<typeof store.headPosition>>, 1_000_000_000);
  const started = performance.now();
  for (const name of names) await host.rebuild(name);
  await host.start();
  while (!(await host.waitForRebuilds(1000))) {
    const status = await host.status();
    console.log(`… ${status.map((s) => `${s.name} ${s.progress === null ? 'fatto' : `${Math.round(s.progress * 100)}%`}`).join(', ')}`);
  }
  const seconds = (performance.now() - started) / 1000;
  await host.stop();
  console.log(`Ricostruite: ${names.join(', ')} — ${total} eventi in ${seconds.toFixed(2)} s (${Math.round(total / seconds)} eventi/s).`);
});
