import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app.js';
import { webRoot } from '../../../src/platform/http/plugins/web.js';
import { seedDemo } from '../../../src/seed.js';
import { startSystem, type System } from '../../../src/system.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';

export interface RunningSite {
  url: string;
  system: System;
  close(): Promise<void>;
}

/** The whole product (API and built web app) on a fresh seeded database, on 127.0.0.1. */
export async function startSite(): Promise<RunningSite> {
  const db: TestDatabase = await createTestDatabase();
  const system = await startSystem({ DATABASE_URL: db.url, DATA_DIR: '/nonexistent' });
  await seedDemo({ store: system.store, pool: system.pool, waitFor: (p) => system.projections.waitFor(p, 10_000) });
  const app: FastifyInstance = await buildApp({
    config: { NODE_ENV: 'test', READ_MODEL_WAIT_MS: 5_000, LOG_LEVEL: 'silent' },
    pool: system.pool,
    db: system.db,
    store: system.store,
    projections: system.projections,
    sessionKey: randomBytes(32),
    webRoot,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    system,
    async close() {
      await app.close();
      await system.stop();
      await db.drop();
    },
  };
}
