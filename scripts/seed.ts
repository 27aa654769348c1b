import { seedDemo, seedDemoStories } from '../src/seed.js';
import { withSystem } from './cli.js';

/** npm run seed: adds the demo data that is missing (users, shops, the demo collaborator's work); safe to run again. */
await withSystem(
  async (system) => {
    const deps = { store: system.store, pool: system.pool, db: system.db, waitFor: (p: Parameters<typeof system.projections.waitFor>[0]) => system.projections.waitFor(p, 60_000) };
    await seedDemo(deps);
    await seedDemoStories({ ...deps, secret: system.secret });
    console.log('Dati dimostrativi presenti.');
  },
  { runProjections: true },
);
