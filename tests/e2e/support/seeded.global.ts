import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../../../src/seed.js';
import { startSystem } from '../../../src/system.js';
import { newDatabase } from '../../support/database.js';
import { hangAfter } from '../../support/time-limits.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated database with the demo seeded (admin, shops, products, plans), one on each server: each journey's site is a copy of its worker's. */
    pgSeeded: string[];
  }
}

/**
 * Seeds the demo once for the run's journeys (after postgres.global.ts made the migrated
 * templates), instead of once per journey file: each file's site copies it (startSite). The
 * seed's events, read models and checkpoints are copied together, so the copy starts caught up.
 * One on each server, seeded together: two journeys at once each read their log on a server of
 * their own, where the other's transactions do not hold back what their read models may read
 * (postgres.global.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const seeded = await Promise.all(project.getProvidedContext().pgServers.map(({ adminUrl, template }) => seededCopy(adminUrl, template)));
  project.provide(
    'pgSeeded',
    seeded.map((s) => s.name),
  );
  return async () => {
    await Promise.all(seeded.map((s) => s.drop()));
  };
}

async function seededCopy(adminUrl: string, template: string): Promise<{ name: string; drop(): Promise<void> }> {
  const seeded = await newDatabase(adminUrl, 'vicino_seeded', template);
  const system = await startSystem({ DATABASE_URL: seeded.url, DATA_DIR: '/nonexistent' }, { secret: randomBytes(32) });
  try {
    await seedDemo({ store: system.store, pool: system.pool, db: system.db, waitFor: (p) => system.projections.waitFor(p, hangAfter(30_000)) });
  } finally {
    // A template has no connection open while it is copied.
    await system.stop();
  }
  return seeded;
}
