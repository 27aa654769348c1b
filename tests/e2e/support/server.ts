import { inject } from 'vitest';
import { webRoot } from '../../../src/platform/http/plugins/web.js';
import type { System } from '../../../src/system.js';
import { startTestApp } from '../../support/app.js';

export interface RunningSite {
  url: string;
  system: System;
  close(): Promise<void>;
}

/** The whole product (API and built web app) on a fresh seeded database (a copy of the run's: seeded.global.ts), on 127.0.0.1. */
export async function startSite(): Promise<RunningSite> {
  const { app, system, close } = await startTestApp({ webRoot, template: inject('pgSeeded') });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, system, close };
}
