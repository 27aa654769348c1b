import { once } from 'node:events';
import { exportEvents } from '../src/platform/eventstore/export.js';
import { isPosition, START } from '../src/platform/eventstore/position.js';
import { option, withSystem } from './cli.js';

/** npm run events:export -- [--from <position>] [--types A,B] > events.ndjson */
const from = option('from') ?? START;
if (!isPosition(from)) {
  console.error(`--from needs a position like 0/0 or 1234/5678, not "${from}"`);
  process.exit(1);
}
const types = option('types')
  ?.split(',')
  .map((t) => t.trim())
  .filter(Boolean);

await withSystem(async ({ store }) => {
  const count = await exportEvents(store, { from: from, types }, async (line) => {
    if (!process.stdout.write(line)) await once(process.stdout, 'drain');
  });
  console.error(`${count} eventi esportati.`);
});
