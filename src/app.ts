import type { FastifyInstance, RouteOptions } from 'fastify';
import { catalog as productCatalog } from './modules/index.js';
import { buildHttpApp } from './platform/http/app.js';
import type { AppDeps } from './platform/http/deps.js';
import type { ModuleCatalog } from './platform/module.js';

/**
 * The whole product's HTTP app: the platform's kit with every module's routes (those of `catalog`:
 * the product's; a test may add a toy module to the list). `listen` is the caller's (main; tests
 * use inject). `onRoute` is told of every route as it is added.
 */
export function buildApp(
  deps: AppDeps,
  { catalog = productCatalog, ...options }: { onRoute?: (route: RouteOptions) => void; catalog?: ModuleCatalog } = {},
): Promise<FastifyInstance> {
  return buildHttpApp(deps, catalog, options);
}
