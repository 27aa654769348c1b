import { webRoot } from '../../../src/platform/http/plugins/web.js';
import { seedDemo } from '../../../src/seed.js';
import type { System } from '../../../src/system.js';
import { startTestApp } from '../../support/app.js';

export interface RunningSite {
  url: string;
  system: System;
  close(): Promise<void>;
}

/** The whole product (API and built web app) on a fresh seeded database, on 127.0.0.1. */
export async function startSite(): Promise<RunningSite> {
  const { app, system, close } = await startTestApp({ webRoot });
  await seedDemo({ store: system.store, pool: system.pool, waitFor: (p) => system.projections.waitFor(p, 10_000) });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, system, close };
}
