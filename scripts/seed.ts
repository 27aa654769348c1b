import { seedDemo } from '../src/seed.js';
import { withSystem } from './cli.js';

/** npm run seed: adds the demo data that is missing (users, shops); safe to run again. */
await withSystem(
  async (system) => {
    await seedDemo({ store: system.store, pool: system.pool, db: system.db, waitFor: (p) => system.projections.waitFor(p, 60_000) });
    console.log('Dati dimostrativi presenti.');
  },
  { runProjections: true },
);
