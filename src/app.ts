import type { FastifyInstance, RouteOptions } from 'fastify';
import { catalog } from './modules/index.js';
import { buildHttpApp } from './platform/http/app.js';
import type { AppDeps } from './platform/http/deps.js';

/**
 * The whole product's HTTP app: the platform's kit with every module's routes. `listen` is the
 * caller's (main; tests use inject). `onRoute` is told of every route as it is added.
 */
export function buildApp(deps: AppDeps, options: { onRoute?: (route: RouteOptions) => void } = {}): Promise<FastifyInstance> {
  return buildHttpApp(deps, catalog, options);
}
