import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../../../src/seed.js';
import { startSystem } from '../../../src/system.js';

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
  const name = `vicino_seeded_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  const system = await startSystem({ DATABASE_URL: url.toString(), DATA_DIR: '/nonexistent' }, { secret: randomBytes(32) });
  try {
    await seedDemo({ store: system.store, pool: system.pool, waitFor: (p) => system.projections.waitFor(p, 30_000) });
  } finally {
    // A template has no connection open while it is copied.
    await system.stop();
  }
  project.provide('pgSeeded', name);
  return async () => {
    const client = new pg.Client({ connectionString: pgAdminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}
