import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../../../src/seed.js';
import { startSystem } from '../../../src/system.js';
import { newDatabase } from '../../support/database.js';
import { hangAfter } from '../../support/time-limits.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated database with the demo seeded (admin, shops, products, plans): each journey's site is a copy. */
    pgSeeded: string;
  }
}

/**
 * Seeds the demo once for the run's journeys (after postgres.global.ts made the migrated
 * template), instead of once per journey file: each file's site copies it (startSite). The
 * seed's events, read models and checkpoints are copied together, so the copy starts caught up.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { pgAdminUrl, pgTemplate } = project.getProvidedContext();
  const seeded = await newDatabase(pgAdminUrl, 'vicino_seeded', pgTemplate);
  const system = await startSystem({ DATABASE_URL: seeded.url, DATA_DIR: '/nonexistent' }, { secret: randomBytes(32) });
  try {
    await seedDemo({ store: system.store, pool: system.pool, db: system.db, waitFor: (p) => system.projections.waitFor(p, hangAfter(30_000)) });
  } finally {
    // A template has no connection open while it is copied.
    await system.stop();
  }
  project.provide('pgSeeded', seeded.name);
  return () => seeded.drop();
}
