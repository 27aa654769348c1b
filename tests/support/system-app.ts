import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { AppDeps } from '../../src/platform/http/deps.js';
import type { System } from '../../src/system.js';

/*
 * No vitest here: the benchmarks (scripts/bench) build their app with it too.
 */

/** The product's HTTP app on a started system, as src/main.ts builds it, with the system's secret as its session key. */
export function appOn(
  system: System,
  deps: Pick<AppDeps, 'config'> & Partial<Pick<AppDeps, 'logger' | 'webRoot' | 'uploadsDir'>>,
  options?: Parameters<typeof buildApp>[1],
): Promise<FastifyInstance> {
  const { pool, db, store, projections } = system;
  return buildApp({ pool, db, store, projections, sessionKey: system.secret, ...deps }, options);
}
