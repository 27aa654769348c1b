import { allProjections } from '../src/projections/all.js';
import { ProjectionHost } from '../src/projections/host.js';
import { withSystem } from './cli.js';

/**
 * npm run replay -- <name>|--all: empties the read models and rebuilds them from the log. If the
 * app is running, its runners pick the reset up and rebuild; otherwise this process does.
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
  const head = await store.headPosition();
  const total = await store.countAfter('0/0' as typeof head);
  for (const name of names) await host.rebuild(name);
  const started = performance.now();
  await host.start();
  while (!(await host.waitFor(head, 1000))) {
    const status = await host.status();
    const done = status.map((s) => `${s.name} ${Math.max(0, total - s.lag)}/${total}`).join(', ');
    console.log(`… ${done}`);
  }
  const seconds = (performance.now() - started) / 1000;
  await host.stop();
  console.log(`Ricostruite: ${names.join(', ')} — ${total} eventi in ${seconds.toFixed(2)} s (${Math.round(total / seconds)} eventi/s).`);
});
